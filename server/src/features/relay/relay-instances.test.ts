import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  helloFrame,
  openEaSocket,
  pollIdentity,
  pollOnce,
  postPoll,
  welcomedEaSocket,
} from '../../../test/ea-socket.ts';
import { type ServerProcess, startServerProcess } from '../../../test/server-process.ts';
import {
  createTestDatabase,
  deleteRedisPrefix,
  requireRedis,
  type TestDatabase,
  uniquePrefix,
} from '../../../test/services.ts';
import { createTestUser } from '../../../test/users.ts';
import { alertFields, postWebhook } from '../../../test/webhook.ts';

let database: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;
// The processes share one prefix, as one deployment's instances do, that no other test uses.
const redisPrefix = uniquePrefix();

beforeAll(async () => {
  database = await createTestDatabase();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: await requireRedis(),
    REDIS_PREFIX: redisPrefix,
  };
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
  await deleteRedisPrefix(redisPrefix);
});

describe('two server processes on one Postgres and Redis', () => {
  it('relays an alert received by one process to an EA connected to the other', async () => {
    const user = await createTestUser(database.database.db);
    const ea = await welcomedEaSocket(b.url, user.licenseNumber);

    const res = await postWebhook(a.url, alertFields(user.licenseNumber), 'text/plain');
    expect(res.status).toBe(200);
    const { signalId, delivered } = (await res.json()) as { signalId: string; delivered: boolean };
    expect(delivered).toBe(true);
    const frame = await ea.next((f) => f.type === 'signal');
    expect((frame.signal as { id: string }).id).toBe(signalId);
    ea.send({ type: 'received', id: signalId });
    ea.send({ type: 'result', id: signalId, status: 'success', ticket: '1', retcode: 10009 });
    ea.close();
  });

  it("a poll answered at once has stored its acknowledgements: the EA's next poll, on the other process, does not get them again", async () => {
    const user = await createTestUser(database.database.db);
    const identity = pollIdentity(user.licenseNumber);
    const signalId = async (symbol: string) => {
      const res = await postWebhook(a.url, alertFields(user.licenseNumber, { symbol }));
      return ((await res.json()) as { signalId: string }).signalId;
    };
    const ids = (reply: { body: Record<string, unknown> }) =>
      (reply.body.signals as { id: string }[]).map((s) => s.id);

    const first = await signalId('EURUSD');
    expect(ids(await pollOnce(a.url, { ...identity, waitMs: 0 }))).toEqual([first]);
    // Already waiting, so the poll that acknowledges the first answers within milliseconds,
    // well inside the time an acknowledgement may be held before it is written.
    const second = await signalId('GBPUSD');
    const acknowledging = await pollOnce(a.url, { ...identity, received: [first], waitMs: 0 });
    expect(ids(acknowledging)).toEqual([second]);
    // A balancer sends the next poll to the other process, which reads Postgres.
    const next = await pollOnce(b.url, { ...identity, received: [second], waitMs: 0 });
    expect(next.status).toBe(200);
    expect(ids(next)).toEqual([]);
  });

  it('SIGTERM answers held polls at once and exits within 10 s', async () => {
    const user = await createTestUser(database.database.db);
    const poller = await startServerProcess({
      DATABASE_URL: database.url,
      REDIS_URL: await requireRedis(),
      REDIS_PREFIX: redisPrefix,
    });
    const held = postPoll(poller.url, {
      v: 1,
      licenseNumber: user.licenseNumber,
      platform: 'mt4',
      account: '1',
      broker: 'B',
    });
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const exit = poller.stop('SIGTERM');
    const answer = await held;
    expect(answer.status).toBe(200);
    expect(await exit).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('a stopped process closes its EAs with 1012 and they get pending signals from the other', async () => {
    const user = await createTestUser(database.database.db);
    const ea = await welcomedEaSocket(b.url, user.licenseNumber);
    const stopping = b.stop('SIGTERM');
    expect((await ea.closed).code).toBe(1012);
    expect(await stopping).toBe(0);

    const res = await postWebhook(
      a.url,
      alertFields(user.licenseNumber, { symbol: 'USDJPY', position: 'sell', lot: 0.02 }),
    );
    const { signalId } = (await res.json()) as { signalId: string };
    const again = await openEaSocket(a.url);
    again.send(helloFrame(user.licenseNumber));
    const frame = await again.next((f) => f.type === 'signal');
    expect((frame.signal as { id: string }).id).toBe(signalId);
    again.close();
  });
});
