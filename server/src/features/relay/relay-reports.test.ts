import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { welcomedEaSocket } from '../../../test/ea-socket.ts';
import { type ServerProcess, startServerProcess } from '../../../test/server-process.ts';
import {
  createTestDatabase,
  createTestRedis,
  requireRedis,
  type TestDatabase,
  type TestRedis,
} from '../../../test/services.ts';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy.ts';
import { createTestUser } from '../../../test/users.ts';
import { alertFields, postWebhook } from '../../../test/webhook.ts';
import { signals } from '../../db/schema/signals.ts';

let database: TestDatabase;
let redis: TestRedis;
let proxy: TcpProxy;
let redisUrl: string;
const started: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  redisUrl = await requireRedis();
  redis = await createTestRedis();
  const target = new URL(database.url);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
}, 60_000);

afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
  await proxy?.close();
  await database?.drop();
  await redis?.close();
});

/** A server process of this deployment; `viaProxy`: it reaches Postgres through `proxy`. */
async function instance(viaProxy: boolean) {
  const url = new URL(database.url);
  if (viaProxy) url.host = `127.0.0.1:${proxy.port}`;
  const server = await startServerProcess({
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redis.prefix,
  });
  started.push(server);
  return server;
}

async function stored(signalId: string) {
  const [row] = await database.database.db
    .select({ deliveredAt: signals.deliveredAt, status: signals.status, ticket: signals.ticket })
    .from(signals)
    .where(eq(signals.id, signalId));
  return row;
}

describe('what an EA reported while Postgres was away', () => {
  it('outlives the instance that received it: the next instance stores it', async () => {
    const leaving = await instance(true);
    const user = await createTestUser(database.database.db);
    const ea = await welcomedEaSocket(leaving.url, user.licenseNumber);
    const res = await postWebhook(leaving.url, alertFields(user.licenseNumber));
    const { signalId } = (await res.json()) as { signalId: string };
    await ea.next((f) => f.type === 'signal');
    ea.send({ type: 'received', id: signalId });
    await expect.poll(async () => (await stored(signalId))?.deliveredAt).not.toBeNull();

    // Postgres goes away for this instance; the EA's result arrives meanwhile, once.
    await proxy.cut();
    ea.send({ type: 'result', id: signalId, status: 'success', ticket: '4242', retcode: 10009 });
    await expect.poll(() => redis.redis.llen('ea-reports:waiting')).toBe(1);

    // A deploy during the outage: this instance stops, the next one reaches Postgres.
    expect(await leaving.stop('SIGTERM')).toBe(0);
    expect((await stored(signalId))?.status).toBe('pending');
    await instance(false);
    await expect
      .poll(async () => await stored(signalId), { timeout: 15_000 })
      .toMatchObject({ status: 'success', ticket: '4242' });
    expect(await redis.redis.llen('ea-reports:waiting')).toBe(0);
    ea.close();
  }, 60_000);
});
