import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollIdentity, pollOnce } from '../../../test/ea-socket.ts';
import { type ServerProcess, startServerProcess } from '../../../test/server-process.ts';
import {
  createTestDatabase,
  deleteRedisPrefix,
  requireRedis,
  type TestDatabase,
  uniquePrefix,
} from '../../../test/services.ts';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy.ts';
import { createTestUser } from '../../../test/users.ts';
import { alertFields, postWebhook } from '../../../test/webhook.ts';
import { parkedForMs } from './relay-poll-links.ts';

/**
 * Two instances of one deployment; `a` reaches Redis through a proxy the test can cut, so that
 * `a` misses the doorbells `b` rings meanwhile, as an instance does across a Redis failover.
 */
let database: TestDatabase;
let proxy: TcpProxy;
let redis: Redis;
let a: ServerProcess;
let b: ServerProcess;
const redisPrefix = uniquePrefix();

beforeAll(async () => {
  database = await createTestDatabase();
  const redisUrl = new URL(await requireRedis());
  proxy = await startTcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
  redis = new Redis(redisUrl.href);
  const env = { DATABASE_URL: database.url, REDIS_PREFIX: redisPrefix };
  [a, b] = await Promise.all([
    startServerProcess({ ...env, REDIS_URL: `redis://127.0.0.1:${proxy.port}` }),
    startServerProcess({ ...env, REDIS_URL: redisUrl.href }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await proxy?.close();
  redis?.disconnect();
  await database?.drop();
  await deleteRedisPrefix(redisPrefix);
});

async function alert(server: ServerProcess, licenseNumber: string) {
  const res = await postWebhook(server.url, alertFields(licenseNumber), 'text/plain');
  expect(res.status).toBe(200);
  return (await res.json()) as { signalId: string; delivered: boolean };
}

async function poll(
  server: ServerProcess,
  licenseNumber: string,
  received: string[],
  waitMs = 3000,
) {
  const reply = await pollOnce(server.url, { ...pollIdentity(licenseNumber), received, waitMs });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body.signals as { id: string }[]).map((s) => s.id);
}

describe('a long-poll EA whose instance lost the bus between two polls', () => {
  it('is sent what was rung meanwhile: its next poll reads Postgres', async () => {
    const user = await createTestUser(database.database.db);
    const first = await alert(a, user.licenseNumber);
    expect(await poll(a, user.licenseNumber, [])).toEqual([first.signalId]);
    const repliedAt = Date.now();

    // `a` loses Redis; `b` takes an alert for this license and rings a channel nobody hears.
    await proxy.cut();
    const missed = await alert(b, user.licenseNumber);
    expect(missed.delivered).toBe(false);
    await proxy.restore();

    // `a` is back on Redis, subscribed again (and then tells its conduits messages were lost).
    await expect
      .poll(async () => (await fetch(`${a.url}/readyz`)).status, { timeout: 4000, interval: 50 })
      .toBe(200);
    const channel = `${redisPrefix}relay:${user.id}`;
    await expect
      .poll(async () => ((await redis.pubsub('NUMSUB', channel)) as [string, number])[1], {
        timeout: 4000,
        interval: 50,
      })
      .toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    // Still within the parked link's time: without the lost messages, it would answer.
    expect(Date.now() - repliedAt).toBeLessThan(parkedForMs);
    expect(await poll(a, user.licenseNumber, [first.signalId])).toEqual([missed.signalId]);
  });

  it('is not sent again what another instance sent it, when a balancer spreads its polls', async () => {
    const user = await createTestUser(database.database.db);
    // An empty reply from `a`: its link keeps what comes next.
    expect(await poll(a, user.licenseNumber, [], 0)).toEqual([]);
    // The next polls go to `b`: one answers with a signal `a`'s link keeps too, the next
    // acknowledges it.
    const held = poll(b, user.licenseNumber, []);
    await new Promise((r) => setTimeout(r, 200));
    const signal = await alert(b, user.licenseNumber);
    expect(await held).toEqual([signal.signalId]);
    expect(await poll(b, user.licenseNumber, [signal.signalId], 0)).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    // Back on `a` within its link's time: the EA had it, and is not sent it a second time.
    expect(await poll(a, user.licenseNumber, [], 500)).toEqual([]);
  });
});
