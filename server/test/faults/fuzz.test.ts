import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { helloFrame, openEaSocket } from '../ea-socket.ts';
import { type PrivateRedis, startPrivateRedis } from '../private-redis.ts';
import { type ServerProcess, startServerProcess } from '../server-process.ts';
import { createTestDatabase, type TestDatabase } from '../services.ts';
import { rssMiB } from './figures.ts';
import { createUsers, type FleetUser } from './fleet.ts';
import {
  alertish,
  body,
  contentTypes,
  frameish,
  ordersish,
  pollish,
  resultish,
} from './fuzz-inputs.ts';

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
