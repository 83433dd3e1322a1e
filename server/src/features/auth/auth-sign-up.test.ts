import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { linkTo, mailTo, password, signUpVerified, uniqueEmail } from '../../../test/auth.ts';
import { users } from '../../db/schema/users.ts';
import { accountAdapters, hour, useAccountsApp } from './auth-test-setup.ts';

/**
 * Signing up and verifying the address by e-mail, on the embedded adapters and on the real
 * Redis.
 */
describe.each(accountAdapters)('accounts with $adapters adapters', ({ redis }) => {
  const { app, db, clock } = useAccountsApp(redis);

  it('signs up, verifies by e-mail, signs in, answers getme and signs out', async () => {
    const browser = app.client();
    const email = uniqueEmail();
    const signup = await browser.post('/api/auth/signup', {
      email: email.toUpperCase(),
      password,
      firstname: 'Ada',
      lastname: 'Lovelace',
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().message).toMatch(/check your email/i);

    const mail = await mailTo(app.smtp, email, 'Verify your SignalRelay');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.html).toContain('Verify e-mail address');
    const link = mail.text!.match(/https?:\/\/\S+verify-email\?token=\S+/)![0];
    expect(link.startsWith(`${app.t.deps.config.publicUrl}/api/auth/verify-email?token=`)).toBe(
      true,
    );

    // Unverified: may sign in, but the dashboard says to verify first.
    expect((await browser.post('/api/auth/login', { email, password })).statusCode).toBe(200);
    expect((await browser.get('/api/auth/getme')).json().verified).toBe(false);
    const gate = await browser.get('/api/auth/dashboard-access');
    expect(gate.statusCode).toBe(403);
    expect(gate.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', error: 'Email not verified' });

    const verify = await browser.get(linkTo(mail.text, '/api/auth/verify-email'));
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('/verification-successful');
    // Single use.
    const again = await browser.get(linkTo(mail.text, '/api/auth/verify-email'));
    expect(again.headers.location).toBe('/verification-failed');

    const me = await browser.get('/api/auth/getme');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      verified: true,
      email,
      firstname: 'Ada',
      lastname: 'Lovelace',
      name: 'Ada Lovelace',
      licenseNumber: expect.stringMatching(/^SR-[0-9A-HJKMNP-TV-Z-]{30}$/),
      lastConnected: null,
      subscriptionStatus: null,
      productType: 'pro', // billing is not configured: the self-hosted plan
      subscriptionExpiration: 'N/A',
      isTrialing: false,
      trialEndDate: null,
      subscriptionCancelAtPeriodEnd: false,
      stripeSubscriptionId: null,
      stripeCustomerId: null,
    });
    const access = await browser.get('/api/auth/dashboard-access');
    expect(access.statusCode).toBe(200);
    expect(access.json()).toMatchObject({ access: true, email, verified: true });

    const cookie = browser.jar.get('sid')!;
    const logout = await browser.post('/api/auth/logout');
    expect(logout.statusCode).toBe(200);
    expect(browser.jar.has('sid')).toBe(false);
    expect((await browser.get('/api/auth/getme')).statusCode).toBe(401);
    // The old cookie is dead on the server too, not just forgotten by the browser.
    const replay = await app.t.app.inject({
      method: 'GET',
      url: '/api/auth/getme',
      cookies: { sid: cookie },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Please sign in.');
  });

  it('signing up again with a known address creates nothing and e-mails the owner', async () => {
    const { email } = await signUpVerified(app.client(), app.smtp);
    const fresh = await app.client().post('/api/auth/signup', {
      email: uniqueEmail(),
      password,
      firstname: 'New',
      lastname: 'Person',
    });
    const repeat = await app.client().post('/api/auth/signup', {
      email,
      password: 'Other1234',
      firstname: 'Mallory',
      lastname: 'X',
    });
    expect(repeat.statusCode).toBe(fresh.statusCode);
    expect(repeat.json()).toEqual(fresh.json());
    const mail = await mailTo(app.smtp, email, 'You already have');
    expect(linkTo(mail.text, '/forgot-password')).toBe('/forgot-password');
    const [row] = await db().select({ n: count() }).from(users).where(eq(users.email, email));
    expect(row!.n).toBe(1);
    // The original password still works; the second sign-up changed nothing.
    expect((await app.client().post('/api/auth/login', { email, password })).statusCode).toBe(200);
  });

  it('a second sign-up of an unverified address sends a fresh verification link', async () => {
    const email = uniqueEmail();
    const body = { email, password, firstname: 'Ada', lastname: 'Trader' };
    await app.client().post('/api/auth/signup', body);
    const first = await mailTo(app.smtp, email, 'Verify');
    await app.client().post('/api/auth/signup', body);
    const second = await mailTo(app.smtp, email, 'Verify', 1);
    const browser = app.client();
    // The newer link replaces the older one.
    expect((await browser.get(linkTo(first.text, '/api/auth/verify-email'))).headers.location).toBe(
      '/verification-failed',
    );
    expect(
      (await browser.get(linkTo(second.text, '/api/auth/verify-email'))).headers.location,
    ).toBe('/verification-successful');
  });

  it('verification links expire after 24 hours', async () => {
    const email = uniqueEmail();
    await app.client().post('/api/auth/signup', { email, password, firstname: 'A', lastname: 'B' });
    const mail = await mailTo(app.smtp, email, 'Verify');
    clock.offset = 24 * hour + 60_000;
    const late = await app.client().get(linkTo(mail.text, '/api/auth/verify-email'));
    expect(late.headers.location).toBe('/verification-failed');
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user!.verified).toBe(false);
  });

  it('a verification link with a wrong, missing or reset token fails', async () => {
    const browser = app.client();
    for (const query of ['', '?token=', '?token=nope', `?token=${'x'.repeat(5000)}`]) {
      const response = await browser.get(`/api/auth/verify-email${query}`);
      expect(response.headers.location).toBe('/verification-failed');
    }
  });
});
