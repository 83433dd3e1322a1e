import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { postPoll } from '../../../test/ea-socket.ts';
import { createTestUser } from '../../../test/users.ts';
import { alertFields, postWebhook } from '../../../test/webhook.ts';
import { signals } from '../../db/schema/signals.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ redis: true, listen: true });
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const identity = (licenseNumber: string) => ({
  v: 1,
  licenseNumber,
  platform: 'mt4',
  account: '123456',
  broker: 'Demo-Server',
});

async function poll(body: Record<string, unknown>) {
  const res = await postPoll(t.baseUrl, body);
  return { status: res.status, body: (await res.json()) as { signals: { id: string }[] } };
}

async function alert(licenseNumber: string, symbol: string) {
  const res = await postWebhook(t.baseUrl, alertFields(licenseNumber, { symbol }));
  return ((await res.json()) as { signalId: string }).signalId;
}

async function status(id: string) {
  const [row] = await db().select().from(signals).where(eq(signals.id, id));
  return row!.status;
}

describe('a long-poll carrying results', () => {
  it('answers once they are stored, with what else waits, never with the signals it reports on', async () => {
    const user = await createTestUser(db());
    const traded = [
      await alert(user.licenseNumber, 'EURUSD'),
      await alert(user.licenseNumber, 'GBPUSD'),
    ];
    const first = await poll(identity(user.licenseNumber));
    expect(first.body.signals.map((s) => s.id).sort()).toEqual([...traded].sort());

    // A row lock holds the results' write, as a slow database would; a new signal waits.
    let answer: ReturnType<typeof poll> | undefined;
    let waiting = '';
    await db().transaction(async (tx) => {
      await tx.execute(sql`select id from signals where id = ${traded[0]} for update`);
      waiting = await alert(user.licenseNumber, 'USDJPY');
      // Results without a `received` first: the result is the acknowledgement.
      answer = poll({
        ...identity(user.licenseNumber),
        results: traded.map((id, i) => ({ id, status: 'success', ticket: String(i + 1) })),
      });
      const raced = await Promise.race([
        answer.then(() => 'answered'),
        new Promise((r) => setTimeout(() => r('held'), 300)),
      ]);
      expect(raced).toBe('held');
    });
    const second = await answer!;
    expect(second.status).toBe(200);
    expect(second.body.signals.map((s) => s.id)).toEqual([waiting]);
    expect(await Promise.all(traded.map(status))).toEqual(['success', 'success']);
  });
});
