import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { helloFrame, openEaSocket, welcomedEaSocket } from '../../../test/ea-socket.ts';
import { createTestUser } from '../../../test/users.ts';
import { signals, terminals } from '../../db/schema/signals.ts';

/** Inputs the fuzz run found: text Postgres cannot store must not cost an EA its service. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(() => t.close());

/** A new user's EA (on an mt4 terminal) posting `fields` with its license to `url`. */
async function postAsNewEa(url: string, fields: Record<string, unknown>) {
  const user = await createTestUser(t.deps.database.db);
  return t.app.inject({
    method: 'POST',
    url,
    payload: { v: 1, licenseNumber: user.licenseNumber, platform: 'mt4', account: '7', ...fields },
  });
}

describe('EA input with NUL characters', () => {
  it('welcomes a terminal whose broker name has one, and keeps a result message that has one', async () => {
    const user = await createTestUser(t.deps.database.db);
    const ea = await welcomedEaSocket(t.baseUrl, user.licenseNumber, {
      broker: 'Broker\u0000X',
      eaVersion: '1.0\u0000',
    });
    const [terminal] = await t.deps.database.db
      .select()
      .from(terminals)
      .where(eq(terminals.userId, user.id));
    expect(terminal).toMatchObject({ broker: 'BrokerX', eaVersion: '1.0' });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhook/handleWebhook',
      payload: { licenseNumber: user.licenseNumber, symbol: 'EURUSD', position: 'buy', lot: 1 },
    });
    const id = res.json().signalId as string;
    await ea.next((f) => f.type === 'signal');
    ea.send({ type: 'received', id });
    ea.send({
      type: 'result',
      id,
      status: 'error',
      message: 'Requote\u0000 10004',
      retcode: 10004,
    });
    await expect
      .poll(async () => {
        const [row] = await t.deps.database.db.select().from(signals).where(eq(signals.id, id));
        return row && { status: row.status, errorMessage: row.errorMessage };
      })
      .toEqual({ status: 'error', errorMessage: 'Requote 10004' });
    ea.close();
  });

  it('answers a long-poll whose broker name has one', async () => {
    const res = await postAsNewEa('/api/ea/poll', { broker: '\u0000', waitMs: 0 });
    expect(res.statusCode).toBe(200);
  });
});

describe('a WebSocket that never says hello', () => {
  it('is closed at the documented 10 s with the error frame and close code 4400', async () => {
    const ea = await openEaSocket(t.baseUrl);
    const opened = Date.now();
    const { code } = await ea.closed;
    const after = Date.now() - opened;
    expect(code).toBe(4400);
    expect(after).toBeGreaterThanOrEqual(10_000);
    expect(after).toBeLessThan(12_500);
    expect(ea.frames).toEqual([
      { type: 'error', code: 'BAD_REQUEST', message: 'No hello within 10 s.' },
    ]);
  }, 20_000);
});

describe('numbers the schema must bound to their columns', () => {
  it('refuses a hello whose terminalBuild does not fit int4, naming the field', async () => {
    const user = await createTestUser(t.deps.database.db);
    const ea = await openEaSocket(t.baseUrl);
    ea.send(helloFrame(user.licenseNumber, { terminalBuild: 2 ** 31 }));
    const error = await ea.next((f) => f.type === 'error');
    expect(error).toMatchObject({ code: 'BAD_REQUEST' });
    expect(String(error.message)).toContain('terminalBuild');
    expect((await ea.closed).code).toBe(4400);
  });

  it('answers an out-of-range result with an error naming the field, never silently', async () => {
    const user = await createTestUser(t.deps.database.db);
    const ea = await welcomedEaSocket(t.baseUrl, user.licenseNumber);
    for (const [field, value] of [
      ['retcode', 2 ** 31],
      ['executedAt', 1e17],
    ] as const) {
      ea.send({ type: 'result', id: 'some-signal', status: 'success', [field]: value });
      const error = await ea.next((f) => f.type === 'error' && String(f.message).includes(field));
      expect(error).toMatchObject({ code: 'BAD_REQUEST' });
    }
    ea.close();
  });

  it('refuses an orders report with a profit beyond 1e12, naming the row and field', async () => {
    const res = await postAsNewEa('/api/orders/report', {
      broker: 'B',
      orders: [
        {
          ticket: '1',
          symbol: 'EURUSD',
          orderType: 'buy',
          lots: 1,
          openPrice: 1.1,
          profit: 1e308,
          status: 'open',
          openTime: 1,
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('orders[0].profit');
  });
});
