import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Outgoing HTTP for notifications, to URLs users typed (Discord, their own webhook). Without
 * `allowPrivate` the destination must be a public address: the host name is resolved and
 * every address it resolves to is checked, at connection time (the check is the socket's own
 * DNS lookup, so a name that resolves to a public address when saved and to 127.0.0.1 when
 * sending, "DNS rebinding", is still refused). Redirects are not followed.
 */

/** Ranges a notification may never reach: loopback, private, link-local, CGNAT, multicast … */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  // Unspecified, loopback and the IPv4-compatible/-mapped forms (they reach IPv4 hosts).
  ['::', 96],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class OutgoingUrlError extends Error {
  override readonly name = 'OutgoingUrlError';
}

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Checks what can be checked without connecting (scheme, credentials, a literal private
 * address; with `resolve`, the addresses the name resolves to now). Used when settings are
 * saved, for a clear 400; sending checks again at connection time.
 */
export async function checkOutgoingUrl(
  raw: string,
  { allowPrivate, resolve = true }: { allowPrivate: boolean; resolve?: boolean },
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutgoingUrlError('is not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OutgoingUrlError('must start with https:// or http://');
  }
  if (url.username || url.password) {
    throw new OutgoingUrlError('must not contain a user name or password');
  }
  if (allowPrivate) return url;
  const host = hostOf(url);
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw privateError(host);
    return url;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) throw privateError(host);
  if (resolve) {
    let addresses: LookupAddress[];
    try {
      addresses = await dns.promises.lookup(host, { all: true });
    } catch {
      throw new OutgoingUrlError(`host ${host} could not be resolved`);
    }
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad) throw privateError(`${host} (${bad.address})`);
  }
  return url;
}

const privateError = (what: string) =>
  new OutgoingUrlError(
    `points to a private, loopback or link-local address (${what}); only public addresses are allowed`,
  );

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** dns.lookup for sockets that refuses private addresses (checked on every connection). */
function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(privateError(`${hostname} (${bad.address})`), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(new OutgoingUrlError(`host ${hostname} has no address`), []);
    callback(null, first.address, first.family);
  });
}

export type HttpAnswer = { status: number; body: string };

const maxAnswerBytes = 64 * 1024;

/**
 * POSTs `body` (JSON) to `raw`. Resolves with any answer (the caller judges the status);
 * rejects on network errors, a refused destination or after `timeoutMs`.
 */
export async function postJson(
  raw: string,
  body: string,
  options: { allowPrivate: boolean; headers?: Record<string, string>; timeoutMs?: number },
): Promise<HttpAnswer> {
  const url = await checkOutgoingUrl(raw, { allowPrivate: options.allowPrivate, resolve: false });
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<HttpAnswer>((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'SignalRelay-Notifications/1',
          ...options.headers,
        },
        // A fresh connection each time: a pooled socket would skip the address check.
        agent: false,
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
        timeout: options.timeoutMs ?? 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= maxAnswerBytes) chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer within the time limit')));
    request.on('error', reject);
    request.end(body);
  });
}
