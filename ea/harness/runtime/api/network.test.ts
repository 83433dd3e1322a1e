import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttp, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProbe, FakeHost } from './test/fake-host.ts';

/**
 * The terminal layer's network functions against real local servers: WebRequest over HTTP and
 * HTTPS, the allow-list, MT's error codes, and MT5 sockets with TLS to a self-signed server the
 * terminal trusts only through the caFile of its settings.
 */
let binary: string;
const certDir = mkdtempSync(path.join(tmpdir(), 'sr-cert-'));
const caFile = path.join(certDir, 'cert.pem');
const seen: { method?: string; probe?: string; length?: string }[] = [];

function answer(req: IncomingMessage, res: ServerResponse, tlsOk = false): void {
  let body = '';
  req.on('data', (d: Buffer) => {
    body += d.toString();
  });
  req.on('end', () => {
    seen.push({
      method: req.method,
      probe: req.headers['x-probe'] as string | undefined,
      length: req.headers['content-length'],
    });
    if (req.url === '/slow') return; // never answers
    if (req.url === '/tls' && tlsOk) return void res.end('tls-ok');
    if (req.url === '/teapot') return void res.writeHead(418).end('short and stout');
    if (req.url === '/chunked') {
      res.write('part one, ');
      setTimeout(() => res.end('part two'), 20);
      return;
    }
    res.writeHead(200, { 'X-Answer': '42', 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ method: req.method, body, type: req.headers['content-type'] }));
  });
}

const http = createHttp((req, res) => answer(req, res));
let https: ReturnType<typeof createHttps>;
let url = '';
let tlsUrl = '';
let tlsPort = 0;

beforeAll(async () => {
  binary = buildProbe();
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      path.join(certDir, 'key.pem'),
      '-out',
      caFile,
    ],
    { stdio: 'ignore' },
  );
  https = createHttps(
    { key: readFileSync(path.join(certDir, 'key.pem')), cert: readFileSync(caFile) },
    (req, res) => answer(req, res, true),
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  tlsPort = (https.address() as AddressInfo).port;
  tlsUrl = `https://localhost:${tlsPort}`;
}, 120_000);

afterAll(() => {
  http.closeAllConnections();
  http.close();
  https?.closeAllConnections();
  https?.close();
  rmSync(certDir, { recursive: true, force: true });
  rmSync(path.dirname(binary), { recursive: true, force: true });
});

async function withHost<T>(settings: Record<string, unknown>, f: (host: FakeHost) => Promise<T>) {
  const host = await new FakeHost(binary, settings).start();
  try {
    return await f(host);
  } finally {
    await host.close();
  }
}

describe('WebRequest', () => {
  it('makes real HTTP and HTTPS requests and fails as MT does (4014, 5200, 5201, 5202)', async () => {
    const allowedUrls = [url, 'http://127.0.0.1:9', tlsUrl];
    await withHost({ allowedUrls, caFile }, async (host) => {
      const run = host.run({ Scenario: 'webrequest', Url: url, TlsUrl: tlsUrl });
      await run.line(/^ready$/, 20_000);
      const echo = '{"method":"POST","body":"{\\"probe\\":1}","type":"application/json"}';
      expect(run.texts()).toEqual(
        expect.arrayContaining([
          `post 200 0 ${echo} header`,
          'chunked 200 0 part one, part two',
          'status 418 0 short and stout',
          'denied -1 4014 ',
          'invalid -1 5200 ',
          'refused -1 5201 ',
          'timeout -1 5202 ',
          `https 200 0 ${echo.replace('POST', 'GET')} header`,
        ]),
      );
      expect(seen).toContainEqual({ method: 'POST', probe: 'yes', length: '11' });
    });
  }, 30_000);
});

describe('sockets', () => {
  it('runs TLS to a server the terminal trusts through caFile, and refuses hosts not allowed', async () => {
    await withHost({ allowedUrls: [tlsUrl], caFile }, async (host) => {
      host.handlers.TimeGMT = () => ({ ret: Math.floor(Date.now() / 1000) });
      const run = host.run({ Scenario: 'tls', Host: 'localhost', Port: tlsPort });
      await run.line(/^ready$/, 20_000);
      expect(run.texts()).toEqual(
        expect.arrayContaining([
          'handshake true true 0',
          'certificate CN=localhost 40 true',
          'reply HTTP/1.1 200 OK true',
          'not allowed false 4014',
          'closed handle false 5270',
        ]),
      );
    });
  }, 30_000);

  it('fails the handshake (5274) when the certificate is not trusted', async () => {
    await withHost({ allowedUrls: [tlsUrl] }, async (host) => {
      const run = host.run({ Scenario: 'tls', Host: 'localhost', Port: tlsPort });
      await run.line(/^ready$/, 20_000);
      expect(run.texts()).toContain('handshake true false 5274');
    });
  }, 30_000);

  it('sends and reads plain TCP, and sees the peer close', async () => {
    const port = Number(url.split(':')[2]);
    await withHost({ allowedUrls: [url] }, async (host) => {
      const run = host.run({ Scenario: 'plain', Port: port });
      await run.line(/^ready$/, 20_000);
      expect(run.texts()).toEqual(
        expect.arrayContaining(['plain true 50 HTTP/1.1 200', 'drained -1 false']),
      );
    });
  }, 30_000);
});
