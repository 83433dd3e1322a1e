import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { helloFrame, openEaSocket } from '../../../test/ea-socket.ts';
import { createTestUser } from '../../../test/users.ts';
import { signals, terminals } from '../../db/schema/signals.ts';

/** Inputs the fuzz run found: text Postgres cannot store must not cost an EA its service. */

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('EA input with NUL characters', () => {
  it('welcomes a terminal whose broker name has one, and keeps a result message that has one', async () => {
    const user = await createTestUser(t.deps.database.db);
    const ea = await openEaSocket(baseUrl);
    ea.send(helloFrame(user.licenseNumber, { broker: 'Broker\u0000X', eaVersion: '1.0\u0000' }));
    await ea.next((f) => f.type === 'welcome');
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
    const user = await createTestUser(t.deps.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ea/poll',
      payload: {
        v: 1,
        licenseNumber: user.licenseNumber,
        platform: 'mt4',
        account: '7',
        broker: '\u0000',
        waitMs: 0,
      },
    });
    expect(res.statusCode).toBe(200);
  });
});
