import { eq } from 'drizzle-orm';
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
import { signals } from '../../db/schema/signals.ts';

let database: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;
// The processes share one prefix, as one deployment's instances do, that no other test uses.
const redisPrefix = uniquePrefix();

let redisUrl: string;
/** What each process of this deployment is started with. */
const env = () => ({ DATABASE_URL: database.url, REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix });

beforeAll(async () => {
  database = await createTestDatabase();
  redisUrl = await requireRedis();
  [a, b] = await Promise.all([startServerProcess(env()), startServerProcess(env())]);
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
    const poller = await startServerProcess(env());
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

  it('a stopping process stores what its EAs acknowledged before it closes them: the other does not send it again', async () => {
    const user = await createTestUser(database.database.db);
    const leaving = await startServerProcess(env());
    const ea = await welcomedEaSocket(leaving.url, user.licenseNumber);
    const signalId = async (symbol: string) => {
      const res = await postWebhook(leaving.url, alertFields(user.licenseNumber, { symbol }));
      return ((await res.json()) as { signalId: string }).signalId;
    };
    const idOf = (frame: Record<string, unknown>) => (frame.signal as { id: string }).id;
    const acknowledged = await signalId('EURUSD');
    const notYet = await signalId('GBPUSD');
    await ea.next((f) => f.type === 'signal' && idOf(f) === notYet);

    // Frames are handled in order: once the pong is back, the acknowledgement is held, to be
    // written within 50 ms. The SIGTERM comes well inside that time.
    ea.send({ type: 'received', id: acknowledged });
    ea.send({ type: 'ping', t: 1 });
    await ea.next((f) => f.type === 'pong');
    const stopping = leaving.stop('SIGTERM');
    expect((await ea.closed).code).toBe(1012);
    const [row] = await database.database.db
      .select({ deliveredAt: signals.deliveredAt })
      .from(signals)
      .where(eq(signals.id, acknowledged));
    expect(row?.deliveredAt).not.toBeNull();

    // The EA reconnects at once, to the other process, which reads Postgres: oldest first, it
    // would send the acknowledged signal before the other if the acknowledgement were missing.
    const again = await welcomedEaSocket(a.url, user.licenseNumber);
    expect(idOf(await again.next((f) => f.type === 'signal'))).toBe(notYet);
    expect(await stopping).toBe(0);
    again.close();
  });
});
