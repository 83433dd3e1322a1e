import { alertNumberFields } from '@signalrelay/contracts/signals';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { helloFrame, openEaSocket } from '../ea-socket.ts';
import { type PrivateRedis, startPrivateRedis } from '../private-redis.ts';
import { type ServerProcess, startServerProcess } from '../server-process.ts';
import { createTestDatabase, type TestDatabase } from '../services.ts';
import { withChanges } from '../with-changes.ts';
import { rssMiB } from './figures.ts';
import { createUsers, type FleetUser } from './fleet.ts';

/**
 * Over 10,000 generated inputs against a running server process: webhook bodies with every
 * content type, long-poll, result and orders-report bodies, and WebSocket frames before and
 * after a hello. Nothing may answer 5xx, log an unhandled error, crash the process, or make
 * its memory grow.
 */

const seed = Number(process.env.FUZZ_SEED ?? 20261122);
let redis: PrivateRedis;
let database: TestDatabase;
let server: ServerProcess;
let users: FleetUser[];

beforeAll(async () => {
  [redis, database] = await Promise.all([startPrivateRedis(), createTestDatabase()]);
  server = await startServerProcess({
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    LOG_LEVEL: 'error',
  });
  users = await createUsers(database.database.db, 5);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await redis?.close();
});

const sample = <T>(arb: fc.Arbitrary<T>, numRuns: number, offset: number) =>
  fc.sample(arb, { numRuns, seed: seed + offset });

const webhookFields = [
  'licenseNumber',
  'symbol',
  'position',
  ...alertNumberFields,
  'platform',
  'alertId',
  'senderPlatform',
  'isTest',
];
const nasty = fc.constantFrom<unknown>(
  '',
  ' ',
  'NaN',
  '1e400',
  '-1',
  '0x1F',
  '__proto__',
  "'; drop table signals; --",
  '<script>alert(1)</script>',
  '\u0000',
  '\uD800',
  'A'.repeat(10_000),
  { $gt: '' },
  [1, 2, 3],
  null,
  true,
  -0,
  Number.MAX_SAFE_INTEGER,
  1e308,
);
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), nasty, fc.double());
/** Takes a valid object and replaces or removes up to three of its fields (or adds some). */
const mutate = <T extends Record<string, unknown>>(valid: fc.Arbitrary<T>, names: string[]) =>
  fc
    .tuple(
      valid,
      fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string()), fc.option(anyValue)), {
        maxLength: 3,
      }),
    )
    .map(([object, changes]) => withChanges(object, changes));
/** Alerts for real licenses (and guessed ones), mostly valid, some broken in a few fields. */
const alertish = (licenses: string[]) =>
  mutate(
    fc.record({
      licenseNumber: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...licenses) },
        { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
      ),
      symbol: fc.constantFrom('EURUSD', 'OANDA:XAUUSD', 'BTCUSD.m', 'US30'),
      position: fc.constantFrom('buy', 'SELL', 'Long', 'close_all', 'closebuy', 'short'),
      lot: fc.constantFrom(0.01, '0.1', ' 1 ', 2),
      isTest: fc.boolean(),
      alertId: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
    }),
    webhookFields,
  );

const contentTypes = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('text/plain', 'application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'text/plain; charset=utf-8',
      'application/json; charset=utf-8',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'multipart/form-data; boundary=x',
      'text/html',
      '',
    ),
  },
);
/** Bodies as bytes: JSON of objects, JSON of anything, text, binary, and oversized ones. */
const body = (objects: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 5, arbitrary: objects.map((o) => JSON.stringify(o)) },
    { weight: 2, arbitrary: fc.json() },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 200 }) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 300 }).map((kb) => 'x'.repeat(kb * 1024)) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 10, max: 5000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
    },
  );

const identityNames = ['v', 'licenseNumber', 'platform', 'account', 'broker'];
const identityish = (licenses: string[]) =>
  mutate(
    fc.record({
      v: fc.constant(1),
      licenseNumber: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...licenses) },
        { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
      ),
      platform: fc.constantFrom('mt4', 'mt5'),
      account: fc.stringMatching(/^\d{1,12}$/),
      broker: fc.string({ maxLength: 20 }),
    }),
    identityNames,
  );
const pollish = (licenses: string[]) =>
  fc
    .tuple(
      identityish(licenses),
      fc.record(
        {
          received: fc.oneof(
            fc.array(fc.oneof(fc.uuid(), fc.string()), { maxLength: 50 }),
            anyValue,
          ),
          results: fc.oneof(
            fc.array(fc.record({ id: fc.oneof(fc.uuid(), anyValue), status: anyValue }), {
              maxLength: 5,
            }),
            anyValue,
          ),
          waitMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 50 }), anyValue),
        },
        { requiredKeys: [] },
      ),
    )
    // Held polls would only slow the fuzz down: ask for no hold unless the input says otherwise.
    .map(([who, more]) => ({ waitMs: 0, ...who, ...more }));
const resultish = (licenses: string[]) =>
  fc
    .tuple(
      identityish(licenses),
      fc.record(
        { id: fc.oneof(fc.uuid(), anyValue), status: anyValue, ticket: anyValue },
        { requiredKeys: [] },
      ),
    )
    .map(([a, b]) => ({ ...a, ...b }));
const ordersish = (licenses: string[]) =>
  fc
    .tuple(
      identityish(licenses),
      fc.oneof(
        fc.array(
          fc.record(
            {
              ticket: fc.oneof(fc.stringMatching(/^\d{1,8}$/), anyValue),
              symbol: anyValue,
              orderType: fc.oneof(fc.constantFrom('buy', 'sell'), anyValue),
              lots: anyValue,
              openPrice: anyValue,
              status: fc.oneof(fc.constantFrom('open', 'closed'), anyValue),
              openTime: fc.oneof(fc.constant(Date.now()), anyValue),
            },
            { requiredKeys: [] },
          ),
          { maxLength: 10 },
        ),
        anyValue,
      ),
    )
    .map(([who, rows]) => ({ ...who, orders: rows }));
const frameish = (licenses: string[]) =>
  fc.oneof(
    fc.uuid().map((id) => ({ type: 'received', id })),
    fc
      .record({ id: fc.uuid(), status: fc.constantFrom('success', 'error', 'skipped', 'done') })
      .map((r) => ({ type: 'result', ...r })),
    identityish(licenses).map((who) => ({ type: 'hello', ...who })),
    fc.record(
      {
        type: fc.oneof(
          fc.constantFrom('hello', 'received', 'result', 'ping', 'pong', 'signal'),
          anyValue,
        ),
        id: fc.oneof(fc.uuid(), anyValue),
        t: anyValue,
        status: anyValue,
        v: anyValue,
        licenseNumber: fc.oneof(fc.constantFrom(...licenses), anyValue),
      },
      { requiredKeys: [] },
    ),
    anyValue,
  );

type Sent = { route: string; status: number };

async function post(path: string, payload: string | Buffer, contentType: string): Promise<Sent> {
  try {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: contentType ? { 'content-type': contentType } : {},
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return { route: path, status: res.status };
  } catch {
    return { route: path, status: 0 };
  }
}

/** Runs `jobs` with at most `concurrency` in flight. */
async function pool<T>(jobs: (() => Promise<T>)[], concurrency: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]!();
      }
    }),
  );
  return results;
}

describe('fuzzing the running server', () => {
  it('answers 10,000+ generated webhook and EA inputs without a 5xx, a crash or growth', async () => {
    const licenses = users.map((u) => u.licenseNumber);
    const pid = server.child.pid!;
    const jobs: (() => Promise<Sent>)[] = [];
    const webhooks = sample(fc.tuple(body(alertish(licenses)), contentTypes), 5000, 1);
    for (const [payload, type] of webhooks) {
      jobs.push(() => post('/api/webhook/handleWebhook', payload, type));
    }
    for (const [payload, type] of sample(
      fc.tuple(body(pollish(licenses)), contentTypes),
      2000,
      2,
    )) {
      jobs.push(() => post('/api/ea/poll', payload, type));
    }
    for (const [payload, type] of sample(
      fc.tuple(body(resultish(licenses)), contentTypes),
      500,
      3,
    )) {
      jobs.push(() => post('/api/ea/result', payload, type));
    }
    for (const [payload, type] of sample(
      fc.tuple(body(ordersish(licenses)), contentTypes),
      500,
      4,
    )) {
      jobs.push(() => post('/api/orders/report', payload, type));
    }
    // Shuffled (deterministically) so every route sees traffic all through the run.
    const order = sample(
      fc.shuffledSubarray(
        jobs.map((_, i) => i),
        { minLength: jobs.length },
      ),
      1,
      5,
    )[0]!;

    // Warm up on the first thousand, then measure memory from there.
    const warm = await pool(
      order.slice(0, 1000).map((i) => jobs[i]!),
      16,
    );
    const rssAfterWarmUp = rssMiB(pid);
    const rest = await pool(
      order.slice(1000).map((i) => jobs[i]!),
      16,
    );
    const http = [...warm, ...rest];

    // WebSocket frames: junk before a hello (each closes its socket), then a welcomed EA
    // that receives thousands of frames of anything.
    const wsFrames = sample(frameish(licenses), 2000, 6).map((f) => JSON.stringify(f));
    const rawFrames = sample(fc.oneof(fc.string(), fc.uint8Array({ maxLength: 200 })), 200, 7);
    let closedBadly = 0;
    for (const raw of rawFrames.slice(0, 100)) {
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/ea/ws`);
      await new Promise((resolve) => socket.once('open', resolve));
      const closed = new Promise<number>((resolve) => socket.once('close', resolve));
      socket.send(raw);
      const code = await Promise.race([
        closed,
        new Promise<number>((r) => setTimeout(() => r(-1), 5000)),
      ]);
      if (code !== 4400 && code !== 4401 && code !== 1013) closedBadly++;
      socket.terminate();
    }
    let frames = rawFrames.slice(0, 100).length;
    let ea = await openEaSocket(server.url);
    ea.send(helloFrame(licenses[0]!, { account: '31337' }));
    await ea.next((f) => f.type === 'welcome');
    const closeCodes: number[] = [];
    for (const text of [...wsFrames, ...rawFrames.slice(100)]) {
      if (ea.socket.readyState !== WebSocket.OPEN) {
        closeCodes.push((await ea.closed).code);
        ea = await openEaSocket(server.url);
        ea.send(helloFrame(licenses[0]!, { account: '31337' }));
        await ea.next((f) => f.type === 'welcome');
      }
      ea.send(text);
      frames++;
    }
    // The EA is still served after all that.
    ea.send({ type: 'ping', t: 7 });
    await ea.next((f) => f.type === 'pong' && f.t === 7, 10_000);
    ea.close();

    const rssAtEnd = rssMiB(pid);
    const statuses: Record<string, number> = {};
    for (const r of http) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    const errors = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":50') || line.includes('"level":60'));
    console.log(
      `[fuzz] seed ${seed}: ${http.length} HTTP bodies + ${frames} WebSocket frames = ` +
        `${http.length + frames} inputs; statuses ${JSON.stringify(statuses)}; ` +
        `socket closes ${JSON.stringify(closeCodes)}; RSS ${rssAfterWarmUp} -> ${rssAtEnd} MiB`,
    );

    expect(http.length + frames).toBeGreaterThanOrEqual(10_000);
    expect(http.filter((r) => r.status >= 500 || r.status === 0)).toEqual([]);
    expect(errors).toEqual([]);
    expect(closedBadly).toBe(0);
    expect(closeCodes.filter((c) => c === 1011 || c === 1006)).toEqual([]);
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(rssAtEnd - rssAfterWarmUp).toBeLessThan(64);
  }, 180_000);
});
