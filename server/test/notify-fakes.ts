import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeRequest = {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: Record<string, unknown>;
  /** Signed webhook only: whether the HMAC and the timestamp checked out. */
  verified?: boolean;
};

export type FakeServer = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Requests answered 2xx, in arrival order. */
  received: FakeRequest[];
  /** Every request, failed ones included. */
  attempts: FakeRequest[];
  /**
   * The next `count` requests (of those `match` accepts: tests share one fake, and another
   * test's late retry must not use up this one's failures) are answered `status`.
   */
  failNext(count: number, status?: number, match?: (r: FakeRequest) => boolean): void;
  waitFor(match: (r: FakeRequest) => boolean, timeoutMs?: number): Promise<FakeRequest>;
  close(): Promise<void>;
};

type Answer = (request: FakeRequest) => { status: number; body?: unknown };

async function startFake(answer: Answer): Promise<FakeServer> {
  const received: FakeRequest[] = [];
  const attempts: FakeRequest[] = [];
  const waiters = new Set<() => void>();
  let failures = { count: 0, status: 500, match: (_r: FakeRequest) => true };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {}
      const request: FakeRequest = { path: req.url ?? '/', headers: req.headers, raw, body };
      attempts.push(request);
      let status: number;
      let payload: unknown;
      if (failures.count > 0 && failures.match(request)) {
        failures.count -= 1;
        status = failures.status;
        payload = { ok: false, description: 'fake failure' };
      } else {
        ({ status, body: payload } = answer(request));
        if (status >= 200 && status < 300) received.push(request);
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(payload === undefined ? '' : JSON.stringify(payload));
      for (const waiter of waiters) waiter();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    attempts,
    failNext(count, status = 500, match = () => true) {
      failures = { count, status, match };
    },
    waitFor(match, timeoutMs = 10_000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = () => {
          const hit = received.find(match);
          if (!hit) return;
          cleanup();
          resolve(hit);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(`no matching request within ${timeoutMs} ms (${received.length} received)`),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(waiter);
        };
        waiters.add(waiter);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A local Telegram Bot API: `POST /bot<token>/sendMessage` answers `{ ok: true, result }` for
 * `validToken` and 401 for any other token, as Telegram does.
 */
export function startTelegramFake(validToken: string) {
  return startFake((request) => {
    const match = /^\/bot([^/]+)\/sendMessage$/.exec(request.path);
    if (!match) return { status: 404, body: { ok: false, description: 'Not Found' } };
    if (match[1] !== validToken) {
      return { status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } };
    }
    return { status: 200, body: { ok: true, result: { message_id: 1, text: request.body.text } } };
  });
}

/** A local Discord webhook: `POST /api/webhooks/<id>/<token>` answers 204, as Discord does. */
export function startDiscordFake() {
  return startFake((request) =>
    /^\/api\/webhooks\/\d+\/[\w-]+$/.test(request.path)
      ? { status: 204 }
      : { status: 404, body: { message: 'Unknown Webhook', code: 10015 } },
  );
}

/**
 * A receiver of SignalRelay's signed webhook that verifies each delivery as the docs tell
 * users to: HMAC-SHA256 of `<timestamp>.<raw body>` with the shared secret, compared in
 * constant time, and the timestamp within 5 minutes. Unverified deliveries are answered 401.
 * `secret` may be a function giving the secrets currently accepted (a page generates them).
 */
export function startWebhookReceiver(secret: string | (() => readonly string[])) {
  const secrets = typeof secret === 'string' ? () => [secret] : secret;
  return startFake((request) => {
    request.verified = secrets().some((s) =>
      verifySignalRelayWebhook(s, request.headers, request.raw),
    );
    return request.verified ? { status: 200, body: { ok: true } } : { status: 401 };
  });
}

export function verifySignalRelayWebhook(
  secret: string,
  headers: IncomingHttpHeaders,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const timestamp = Number(headers['x-signalrelay-timestamp']);
  const signature = String(headers['x-signalrelay-signature'] ?? '');
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > 300) return false;
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
  const a = Buffer.from(signature);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
