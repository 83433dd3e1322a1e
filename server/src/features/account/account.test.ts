import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { password, signUpVerified, uniqueEmail } from '../../../test/auth.ts';
import { useMailingTestApp } from '../../../test/mail-app.ts';
import { createLicenseDirectory } from '../../core/license-directory.ts';
import { hashLicense } from '../../core/licenses.ts';
import { userChangedChannel } from '../../core/user-events.ts';
import { users } from '../../db/schema/users.ts';
import { dashboardAccess } from './account-access.ts';

const day = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 5, 1);

describe('dashboardAccess', () => {
  const base = {
    verified: true,
    productType: 'pro' as const,
    subscriptionStatus: null as string | null,
    subscriptionExpiration: null as Date | null,
    stripeSubscriptionId: null as string | null,
  };
  const billing = { billingConfigured: true, now };

  it.each([
    ['unverified, even on the self-hosted plan', { verified: false }, false, 'EMAIL_NOT_VERIFIED'],
    ['self-hosted (no billing): every verified account', {}, false, null],
    ['the free plan', { productType: 'free' }, true, null],
    ['an active subscription', { subscriptionStatus: 'active' }, true, null],
    ['a trial', { subscriptionStatus: 'trialing', productType: 'basic' }, true, null],
    [
      'a cancelled subscription still in its paid period',
      {
        subscriptionStatus: 'canceled',
        stripeSubscriptionId: 'sub_1',
        subscriptionExpiration: new Date(now + day),
      },
      true,
      null,
    ],
    ['a paid plan that never had a subscription', {}, true, 'SUBSCRIPTION_REQUIRED'],
    [
      'a subscription past its end',
      {
        subscriptionStatus: 'canceled',
        stripeSubscriptionId: 'sub_1',
        subscriptionExpiration: new Date(now - day),
      },
      true,
      'SUBSCRIPTION_EXPIRED',
    ],
    [
      'an unpaid subscription past its period',
      {
        subscriptionStatus: 'past_due',
        stripeSubscriptionId: 'sub_1',
        subscriptionExpiration: new Date(now - 1),
      },
      true,
      'SUBSCRIPTION_EXPIRED',
    ],
  ] as const)('%s', (_name, fields, billingConfigured, code) => {
    const access = dashboardAccess({ ...base, ...fields }, { ...billing, billingConfigured });
    expect(access).toEqual(code ? { allowed: false, code } : { allowed: true });
  });
});

describe('POST /api/account/license/regenerate', () => {
  const app = useMailingTestApp({ redis: true });

  it('replaces the license, and every instance forgets the old one at once', async () => {
    const browser = app.client();
    const { email } = await signUpVerified(browser, app.smtp);
    const before = (await browser.get('/api/auth/getme')).json();
    // Another instance's license cache, listening on the shared Redis bus.
    const directory = createLicenseDirectory({
      database: app.t.deps.database,
      bus: app.t.deps.bus,
      now: app.t.deps.now,
    });
    const stop = await directory.listen();
    const announced = new Promise<string>((resolve) => {
      void app.t.deps.bus.subscribe(userChangedChannel, resolve);
    });
    expect(await directory.lookup(before.licenseNumber)).toMatchObject({ verified: true });

    const response = await browser.post('/api/account/license/regenerate');
    expect(response.statusCode).toBe(200);
    const { licenseNumber } = response.json();
    expect(licenseNumber).toMatch(/^SR-/);
    expect(licenseNumber).not.toBe(before.licenseNumber);

    const [user] = await app.t.deps.database.db.select().from(users).where(eq(users.email, email));
    expect(await announced).toBe(user!.id);
    expect(user!.licenseHash).toBe(hashLicense(licenseNumber));
    expect(await directory.lookup(before.licenseNumber)).toBeNull();
    expect(await directory.lookup(licenseNumber)).toMatchObject({ userId: user!.id });
    expect((await browser.get('/api/auth/getme')).json().licenseNumber).toBe(licenseNumber);
    await stop();
  });

  it('needs a session and a request from the site itself', async () => {
    const anonymous = await app.client().post('/api/account/license/regenerate');
    expect(anonymous.statusCode).toBe(401);
    const browser = app.client();
    await signUpVerified(browser, app.smtp);
    const before = (await browser.get('/api/auth/getme')).json().licenseNumber;
    const forged = await browser.post('/api/account/license/regenerate', undefined, {
      origin: 'https://evil.example',
    });
    expect(forged.statusCode).toBe(403);
    expect((await browser.get('/api/auth/getme')).json().licenseNumber).toBe(before);
  });
});

describe('accounts with billing configured', () => {
  const app = useMailingTestApp({
    STRIPE_SECRET_KEY: 'sk_test_unused',
    STRIPE_WEBHOOK_SECRET: 'whsec_unused',
    STRIPE_PRICE_BASIC: 'price_basic',
    STRIPE_PRICE_PRO: 'price_pro',
  });

  it('starts new accounts on the free plan, which opens the dashboard', async () => {
    const browser = app.client();
    await signUpVerified(browser, app.smtp);
    expect((await browser.get('/api/auth/getme')).json().productType).toBe('free');
    expect((await browser.get('/api/auth/dashboard-access')).statusCode).toBe(200);
  });

  it("sends a paid plan without a live subscription to /payment with the spec's errors", async () => {
    const browser = app.client();
    const email = uniqueEmail();
    await signUpVerified(browser, app.smtp, email);
    const { db } = app.t.deps.database;
    await db.update(users).set({ productType: 'basic' }).where(eq(users.email, email));
    const required = await browser.get('/api/auth/dashboard-access');
    expect(required.statusCode).toBe(403);
    expect(required.json()).toMatchObject({ error: 'Subscription required' });

    await db
      .update(users)
      .set({
        stripeSubscriptionId: 'sub_123',
        subscriptionStatus: 'canceled',
        subscriptionExpiration: new Date(Date.now() - day),
      })
      .where(eq(users.email, email));
    const expired = await browser.get('/api/auth/dashboard-access');
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ error: 'Subscription expired' });
    // getme still works: the client needs the user to show the payment page.
    expect((await browser.get('/api/auth/getme')).statusCode).toBe(200);
    expect((await app.client().post('/api/auth/login', { email, password })).statusCode).toBe(200);
  });
});
