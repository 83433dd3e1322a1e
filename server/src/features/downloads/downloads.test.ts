import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { eaSourceDir } from '../../paths.ts';
import { loadDownloads } from './downloads-manifest.ts';
import { downloadsManifestSchema } from './downloads-schemas.ts';

const entries = [
  { id: 'SignalRelay-mt5', source: 'SignalRelay.mq5', binary: 'SignalRelay.ex5' },
  { id: 'OrderTracker-mt5', source: 'OrderTracker.mq5', binary: 'OrderTracker.ex5' },
  { id: 'SignalRelay-mt4', source: 'SignalRelay.mq4', binary: 'SignalRelay.ex4' },
  { id: 'OrderTracker-mt4', source: 'OrderTracker.mq4', binary: 'OrderTracker.ex4' },
];

/** The version line as a trader would read it in the source, found line by line. */
async function sourceVersion(file: string): Promise<string> {
  const text = await readFile(path.join(eaSourceDir, file), 'latin1');
  const line = text.split('\n').find((l) => l.trim().startsWith('#property version'));
  return line?.split('"')[1] ?? 'missing';
}

/** Every file under ea/Include/SignalRelay, as zip paths. */
async function includePaths(): Promise<string[]> {
  const root = path.join(eaSourceDir, 'Include', 'SignalRelay');
  const found = await readdir(root, { recursive: true, withFileTypes: true });
  return found
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .map((p) => `Include/SignalRelay/${p}`);
}

const tempDirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'signalrelay-downloads-'));
  tempDirs.push(dir);
  return dir;
}

afterAll(async () => {
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

describe('downloads without compiled EAs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ EA_RELEASE_DIR: path.join(await tempDir(), 'not-there') });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the four EAs with the versions of their sources and their source zips', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/downloads' });
    expect(response.statusCode).toBe(200);
    const { downloads } = downloadsManifestSchema.parse(response.json());
    expect(downloads.map((d) => d.id)).toEqual(entries.map((e) => e.id));
    expect(downloads.map((d) => d.name)).toEqual([
      'MT5 Expert Advisor',
      'MT5 OrderTracker EA',
      'MT4 Expert Advisor',
      'MT4 OrderTracker EA',
    ]);
    for (const [i, entry] of entries.entries()) {
      const download = downloads[i];
      expect(download?.version).toBe(await sourceVersion(entry.source));
      expect(download?.version).toMatch(/^\d+\.\d+$/);
      expect(download?.binary).toBeNull();
      expect(download?.source.url).toBe(`/downloads/${entry.id}-source.zip`);
    }
  });

  it('zips each entry file into Experts/ with the whole include folder and a compile note', async () => {
    const includes = await includePaths();
    expect(includes).toContain('Include/SignalRelay/Transport/WebSocket.mqh');
    for (const entry of entries) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/downloads/${entry.id}-source.zip`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${entry.id}-source.zip"`,
      );
      const zip = unzipSync(new Uint8Array(response.rawPayload));
      expect(Object.keys(zip).sort()).toEqual(
        ['README-COMPILE.txt', `Experts/${entry.source}`, ...includes].sort(),
      );
      const original = await readFile(path.join(eaSourceDir, entry.source));
      expect(Buffer.from(zip[`Experts/${entry.source}`] ?? [])).toEqual(original);
      const relay = await readFile(path.join(eaSourceDir, 'Include/SignalRelay/Relay.mqh'));
      expect(Buffer.from(zip['Include/SignalRelay/Relay.mqh'] ?? [])).toEqual(relay);
      const note = Buffer.from(zip['README-COMPILE.txt'] ?? []).toString('utf8');
      expect(note).toContain(`Experts\\${entry.source} and press F7`);
      expect(note).toContain(`${t.deps.config.publicUrl}/docs/install-mt4-5`);
    }
  });

  it('answers a compiled file that is not built with a JSON 404 naming the source zip', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/SignalRelay.ex5',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().message).toContain('/downloads/SignalRelay-mt5-source.zip');
  });
});

describe('downloads with a release folder', () => {
  let t: TestApp;
  const fakeEx5 = Buffer.from([0x45, 0x58, 0x35, 0x00, 0xff, 0x10, 0x20, 0x30, 0x0d, 0x0a]);
  beforeAll(async () => {
    const releaseDir = await tempDir();
    await writeFile(path.join(releaseDir, 'SignalRelay.ex5'), fakeEx5);
    t = await createTestApp({ EA_RELEASE_DIR: releaseDir });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the compiled EA as an attachment and lists it in the manifest', async () => {
    const { downloads } = downloadsManifestSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/downloads' })).json(),
    );
    expect(downloads.map((d) => d.binary?.url ?? null)).toEqual([
      '/SignalRelay.ex5',
      null,
      null,
      null,
    ]);
    expect(downloads[0]?.binary?.bytes).toBe(fakeEx5.byteLength);

    const response = await t.app.inject({ method: 'GET', url: '/SignalRelay.ex5' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe('attachment; filename="SignalRelay.ex5"');
    expect(response.rawPayload).toEqual(fakeEx5);
    expect((await t.app.inject({ method: 'GET', url: '/SignalRelay.ex4' })).statusCode).toBe(404);
  });
});

describe('loadDownloads', () => {
  it('reads the version each source declares at start-up', async () => {
    const sourceDir = await tempDir();
    await cp(eaSourceDir, sourceDir, { recursive: true });
    const file = path.join(sourceDir, 'OrderTracker.mq4');
    const text = await readFile(file, 'latin1');
    await writeFile(file, text.replace(/#property version\s+"[^"]*"/, '#property version "7.42"'));
    const { manifest } = await loadDownloads({
      sourceDir,
      releaseDir: sourceDir,
      publicUrl: 'https://relay.example',
    });
    expect(manifest.downloads.find((d) => d.id === 'OrderTracker-mt4')?.version).toBe('7.42');
  });

  it('refuses a source without a version and an empty compiled file', async () => {
    const sourceDir = await tempDir();
    await cp(eaSourceDir, sourceDir, { recursive: true });
    const releaseDir = await tempDir();
    const options = { sourceDir, releaseDir, publicUrl: 'https://relay.example' };

    await writeFile(path.join(releaseDir, 'OrderTracker.ex5'), '');
    await expect(loadDownloads(options)).rejects.toThrow('OrderTracker.ex5 is empty');

    await rm(path.join(releaseDir, 'OrderTracker.ex5'));
    const file = path.join(sourceDir, 'SignalRelay.mq4');
    const text = await readFile(file, 'latin1');
    await writeFile(file, text.replace(/#property version[^\n]*\n/, ''));
    await expect(loadDownloads(options)).rejects.toThrow(
      'SignalRelay.mq4 has no #property version',
    );
  });
});
