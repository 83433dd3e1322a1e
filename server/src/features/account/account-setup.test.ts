import { createPaperTerminal } from '@signalrelay/bridge/paper-terminal';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { referenceEaClient } from '../../../test/reference-ea.ts';
import { signedInTestUser } from '../../../test/sessions.ts';
import { alertFields, postWebhook } from '../../../test/webhook.ts';
import { signals, terminals } from '../../db/schema/signals.ts';

/**
 * The setup checklist's steps tick from the real events: a Copy press recorded by the API, the
 * reference EA connecting, a test signal it processed, a live alert through the webhook.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(() => t?.close());

async function signedIn() {
  const { cookie, ...user } = await signedInTestUser(t, { plan: 'pro' });
  const origin = t.deps.config.publicUrl.replace(/\/$/, '');
  const setup = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/account/setup', headers: { cookie } })).json();
  const copied = (headers: Record<string, string> = { origin }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/license/copied',
      headers: { cookie, ...headers },
    });
  return { user, setup, copied };
}

const alert = (licenseNumber: string, extra: Record<string, unknown> = {}) =>
  postWebhook(t.baseUrl, alertFields(licenseNumber, extra));

describe('GET /api/account/setup', { timeout: 30_000 }, () => {
  it('ticks each step from its real event, then stays done for good', async () => {
    const { user, setup, copied } = await signedIn();
    expect(await setup()).toEqual({
      licenseCopied: false,
      eaConnected: false,
      testSignalReceived: false,
      liveAlertReceived: false,
      done: false,
    });

    expect((await copied()).statusCode).toBe(200);
    expect(await setup()).toMatchObject({ licenseCopied: true, eaConnected: false });

    const terminal = createPaperTerminal({ seed: 1 });
    const ea = referenceEaClient(t.baseUrl, user.licenseNumber, { execute: terminal.execute });
    ea.start();
    try {
      await expect.poll(async () => (await setup()).eaConnected, { timeout: 10_000 }).toBe(true);
      expect((await setup()).testSignalReceived).toBe(false);

      // A refused alert (no position) is not a working live alert.
      expect((await alert(user.licenseNumber, { position: 'hold' })).status).toBe(400);
      expect(await alert(user.licenseNumber, { isTest: true })).toMatchObject({ status: 200 });
      await expect
        .poll(async () => (await setup()).testSignalReceived, { timeout: 10_000 })
        .toBe(true);
      expect((await setup()).liveAlertReceived).toBe(false);

      expect(await alert(user.licenseNumber)).toMatchObject({ status: 200 });
      expect(await setup()).toEqual({
        licenseCopied: true,
        eaConnected: true,
        testSignalReceived: true,
        liveAlertReceived: true,
        done: true,
      });
    } finally {
      await ea.stop();
    }

    // The events that ticked the steps are gone: the checklist does not come back.
    const { db } = t.deps.database;
    await db.delete(signals).where(eq(signals.userId, user.id));
    await db.delete(terminals).where(eq(terminals.userId, user.id));
    expect((await setup()).done).toBe(true);
  });

  it('counts a test signal that expired without reaching an EA as not received', async () => {
    const { user, setup } = await signedIn();
    expect((await alert(user.licenseNumber, { isTest: true })).status).toBe(200);
    await t.deps.database.db
      .update(signals)
      .set({ status: 'failed' })
      .where(eq(signals.userId, user.id));
    expect(await setup()).toMatchObject({ testSignalReceived: false, liveAlertReceived: false });
  });

  it('needs a session, and the Copy record a request from the site itself', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/setup' })).statusCode).toBe(401);
    const { setup, copied } = await signedIn();
    expect((await copied({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await copied({})).statusCode).toBe(403);
    expect((await setup()).licenseCopied).toBe(false);
  });
});
