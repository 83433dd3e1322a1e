import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { helloFrame, openEaSocket } from '../../../test/ea-socket.ts';
import { createTestUser } from '../../../test/users.ts';
import { unverifiedLicenseMessage } from '../../core/license-directory.ts';
import { users } from '../../db/schema/users.ts';
import { announceUserChanged } from '../account/account-events.ts';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ redis: true });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

const identity = { platform: 'mt4', account: '123456', broker: 'Demo-Server' };
const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });

/**
 * Until somebody proves to own the account's address, its license trades nothing: the
 * account may be an attacker's who signed up with another person's address.
 */
describe('the license of an unverified account', () => {
  it('is refused by the webhook (403) and every EA endpoint, and works once verified', async () => {
    const user = await createTestUser(t.deps.database.db, { verified: false });
    const alert = {
      licenseNumber: user.licenseNumber,
      symbol: 'EURUSD',
      position: 'buy',
      lot: 0.01,
    };

    const webhook = await post('/api/webhook/handleWebhook', alert);
    expect(webhook.statusCode).toBe(403);
    expect(webhook.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: unverifiedLicenseMessage,
    });

    const ea = await openEaSocket(baseUrl);
    ea.send(helloFrame(user.licenseNumber));
    expect(await ea.next((f) => f.type === 'error')).toEqual({
      type: 'error',
      code: 'LICENSE_INVALID',
      message: unverifiedLicenseMessage,
    });
    expect((await ea.closed).code).toBe(4401);

    const poll = await post('/api/ea/poll', {
      v: 1,
      licenseNumber: user.licenseNumber,
      ...identity,
    });
    expect(poll.statusCode).toBe(401);
    expect(poll.json()).toMatchObject({
      code: 'LICENSE_INVALID',
      message: unverifiedLicenseMessage,
    });
    const report = await post('/api/orders/report', {
      v: 1,
      licenseNumber: user.licenseNumber,
      ...identity,
      orders: [],
    });
    expect(report.statusCode).toBe(401);

    // Verified (the verification link does exactly this): the license works as soon as the
    // announcement has crossed the bus (Redis pub/sub, so not within the publishing call).
    await t.deps.database.db.update(users).set({ verified: true }).where(eq(users.id, user.id));
    await announceUserChanged(t.deps.bus, user.id);
    await expect
      .poll(async () => (await post('/api/webhook/handleWebhook', alert)).statusCode, {
        timeout: 2000,
      })
      .toBe(200);
    const again = await openEaSocket(baseUrl);
    again.send(helloFrame(user.licenseNumber));
    await again.next((f) => f.type === 'welcome');
    again.close();
  });
});
