import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { pollIdentity, pollOnce } from '../../../test/ea-socket.ts';
import { createTestUser } from '../../../test/users.ts';
import { alertFields, postWebhook } from '../../../test/webhook.ts';
import { signalDeliveries, signals, terminals } from '../../db/schema/signals.ts';
import { ackHoldMs } from './relay-service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ redis: true, listen: true });
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
/** The ids of the signals a long poll answers with. */
const poll = async (body: Record<string, unknown>) => {
  const { status, body: reply } = await pollOnce(t.baseUrl, body);
  return { status, ids: (reply.signals as { id: string }[]).map((s) => s.id) };
};

async function alert(licenseNumber: string, symbol: string) {
  const res = await postWebhook(t.baseUrl, alertFields(licenseNumber, { symbol }));
  return ((await res.json()) as { signalId: string }).signalId;
}

/** Whether a poll's answer came within 300 ms, or it is still held. */
const outcomeAfter300Ms = (answer: Promise<unknown>) =>
  Promise.race([
    answer.then(() => 'answered'),
    new Promise((r) => setTimeout(() => r('held'), 300)),
  ]);

async function status(id: string) {
  const [row] = await db().select().from(signals).where(eq(signals.id, id));
  return row!.status;
}

describe('a long-poll carrying results or acknowledgements', () => {
  it('answers once they are stored, with what else waits, never with the signals it reports on', async () => {
    const user = await createTestUser(db());
    const traded = [
      await alert(user.licenseNumber, 'EURUSD'),
      await alert(user.licenseNumber, 'GBPUSD'),
    ];
    const first = await poll(pollIdentity(user.licenseNumber));
    expect(first.ids.sort()).toEqual([...traded].sort());

    // A row lock holds the results' write, as a slow database would; a new signal waits.
    let answer: ReturnType<typeof poll> | undefined;
    let waiting = '';
    await db().transaction(async (tx) => {
      await tx.execute(sql`select id from signals where id = ${traded[0]} for update`);
      waiting = await alert(user.licenseNumber, 'USDJPY');
      // Results without a `received` first: the result is the acknowledgement.
      answer = poll({
        ...pollIdentity(user.licenseNumber),
        results: traded.map((id, i) => ({ id, status: 'success', ticket: String(i + 1) })),
      });
      expect(await outcomeAfter300Ms(answer)).toBe('held');
    });
    const second = await answer!;
    expect(second.status).toBe(200);
    expect(second.ids).toEqual([waiting]);
    expect(await Promise.all(traded.map(status))).toEqual(['success', 'success']);
  });

  /**
   * A poll acknowledging the user's first signal, answered by a second one while the write of
   * that acknowledgement is held (the same acknowledgement, not committed, as a slow database
   * would). The second signal is waiting when the poll comes, or arrives after `ackHoldMs`
   * (the write under way). Expects the poll held until the write can end, then answered.
   */
  async function pollHeldByItsAcknowledgement(second: 'waiting' | 'arriving') {
    const user = await createTestUser(db());
    const identity = pollIdentity(user.licenseNumber);
    const received = await alert(user.licenseNumber, 'EURUSD');
    expect((await poll({ ...identity, waitMs: 0 })).ids).toEqual([received]);
    const [terminal] = await db()
      .select({ id: terminals.id })
      .from(terminals)
      .where(eq(terminals.userId, user.id));

    let answer: ReturnType<typeof poll> | undefined;
    let next = '';
    await db().transaction(async (tx) => {
      await tx
        .insert(signalDeliveries)
        .values({ signalId: received, terminalId: terminal!.id, receivedAt: new Date() });
      if (second === 'waiting') next = await alert(user.licenseNumber, 'USDJPY');
      answer = poll({ ...identity, received: [received], waitMs: 5000 });
      if (second === 'arriving') {
        await new Promise((r) => setTimeout(r, ackHoldMs + 100));
        next = await alert(user.licenseNumber, 'USDJPY');
      }
      expect(await outcomeAfter300Ms(answer)).toBe('held');
    });
    const reply = await answer!;
    expect(reply.status).toBe(200);
    expect(reply.ids).toEqual([next]);
  }

  it('answers at once with what waits only once the acknowledgements it carries are stored', () =>
    pollHeldByItsAcknowledgement('waiting'));

  it('woken by a signal, answers only once the write of its acknowledgements under way is done', () =>
    pollHeldByItsAcknowledgement('arriving'));
});
