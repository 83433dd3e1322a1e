import { parseOptions } from '@node-rs/argon2';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { linkTo, mailTo, password, signUpVerified, uniqueEmail } from '../../../test/auth.ts';
import { useMailingTestApp } from '../../../test/mail-app.ts';
import { sha256 } from '../../core/tokens.ts';
import { emailTokens, sessions, users } from '../../db/schema/users.ts';

const hour = 60 * 60 * 1000;

/** The whole account life cycle, on the embedded adapters and on the real Redis. */
describe.each([
  { adapters: 'in-process', redis: false },
  { adapters: 'Redis', redis: true },
])('accounts with $adapters adapters', ({ redis }) => {
  /** Added to the clock every feature sees; tests that travel in time reset it. */
  let offset = 0;
  const app = useMailingTestApp({ redis, now: () => Date.now() + offset });
  const db = () => app.t.deps.database.db;
  afterEach(() => {
    offset = 0;
  });

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

  it('sets an HttpOnly SameSite=Lax session cookie and stores only its hash', async () => {
    const browser = app.client();
    const { email } = await signUpVerified(browser, app.smtp);
    const login = await browser.post('/api/auth/login', { email, password });
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/^sid=[\w-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure'); // plain-http localhost only
    const id = browser.jar.get('sid')!;
    const [user] = await db().select().from(users).where(eq(users.email, email));
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(rows.map((r) => r.idHash)).toContain(sha256(id));
    expect(rows.map((r) => r.idHash)).not.toContain(id);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(parseOptions(user!.passwordHash!)).toMatchObject({
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
    });
  });

  it('gives every sign-in a new session and ends the one it replaces', async () => {
    const browser = app.client();
    const { email } = await signUpVerified(browser, app.smtp);
    const first = browser.jar.get('sid')!;
    await browser.post('/api/auth/login', { email, password });
    const second = browser.jar.get('sid')!;
    expect(second).not.toBe(first);
    const old = await app.t.app.inject({ url: '/api/auth/getme', cookies: { sid: first } });
    expect(old.statusCode).toBe(401);
    expect((await browser.get('/api/auth/getme')).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const browser = app.client();
    const { email } = await signUpVerified(browser, app.smtp);
    const wrong = await app.client().post('/api/auth/login', { email, password: 'Wrong1234' });
    const unknown = await app.client().post('/api/auth/login', {
      email: uniqueEmail(),
      password: 'Wrong1234',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid email or password.');
  });

  it('spends a password check on unknown addresses too', async () => {
    const { email } = await signUpVerified(app.client(), app.smtp);
    const time = async (address: string) => {
      const started = performance.now();
      await app.client().post('/api/auth/login', { email: address, password: 'Wrong1234' });
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(email));
      unknown.push(await time(uniqueEmail()));
    }
    // Without the dummy verification an unknown address answers ~20x faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
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
    offset = 24 * hour + 60_000;
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

  it('resets a forgotten password once, ends every session and tells the owner', async () => {
    const laptop = app.client();
    const { email } = await signUpVerified(laptop, app.smtp);
    const phone = app.client();
    await phone.post('/api/auth/login', { email, password });

    const forgot = await app.client().post('/api/auth/forgot-password', { email });
    const unknown = await app.client().post('/api/auth/forgot-password', { email: uniqueEmail() });
    expect(forgot.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(forgot.json()).toEqual(unknown.json());

    const mail = await mailTo(app.smtp, email, 'Reset your SignalRelay password');
    expect(mail.html).toContain('Choose a new password');
    const link = linkTo(mail.text, '/reset-password');
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    // Stored hashed only.
    const stored = await db().select().from(emailTokens).where(eq(emailTokens.purpose, 'reset'));
    expect(stored.map((r) => r.tokenHash)).toContain(sha256(token));

    const browser = app.client();
    const reset = await browser.post('/api/auth/reset-password', {
      token,
      password: 'NewSecret99',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Your password has been reset successfully.');

    const reuse = await browser.post('/api/auth/reset-password', { token, password: 'Other9999' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe('This password reset link is invalid or has expired.');

    expect((await laptop.get('/api/auth/getme')).statusCode).toBe(401);
    expect((await phone.get('/api/auth/getme')).statusCode).toBe(401);
    expect((await app.client().post('/api/auth/login', { email, password })).statusCode).toBe(401);
    expect(
      (await app.client().post('/api/auth/login', { email, password: 'NewSecret99' })).statusCode,
    ).toBe(200);
    await mailTo(app.smtp, email, 'password was changed');
  });

  it('sends no e-mail for an unknown address', async () => {
    const email = uniqueEmail();
    await app.client().post('/api/auth/forgot-password', { email });
    // A known address asked afterwards gets its mail; the unknown one never got any.
    const known = await signUpVerified(app.client(), app.smtp);
    await app.client().post('/api/auth/forgot-password', { email: known.email });
    await mailTo(app.smtp, known.email, 'Reset');
    expect(app.smtp.messages.some((m) => m.envelope.to.includes(email))).toBe(false);
  });

  it('reset links expire after an hour, and a newer link replaces an older one', async () => {
    const { email } = await signUpVerified(app.client(), app.smtp);
    await app.client().post('/api/auth/forgot-password', { email });
    const first = await mailTo(app.smtp, email, 'Reset');
    await app.client().post('/api/auth/forgot-password', { email });
    const second = await mailTo(app.smtp, email, 'Reset', 1);
    const tokenOf = (text: string | undefined) =>
      new URL(linkTo(text, '/reset-password'), 'http://x').searchParams.get('token');

    const replaced = await app.client().post('/api/auth/reset-password', {
      token: tokenOf(first.text),
      password: 'NewSecret99',
    });
    expect(replaced.statusCode).toBe(400);
    offset = hour + 60_000;
    const late = await app.client().post('/api/auth/reset-password', {
      token: tokenOf(second.text),
      password: 'NewSecret99',
    });
    expect(late.statusCode).toBe(400);
    offset = 0;
    expect((await app.client().post('/api/auth/login', { email, password })).statusCode).toBe(200);
  });

  it('refuses state-changing calls from other sites', async () => {
    const browser = app.client();
    const { email } = await signUpVerified(browser, app.smtp);
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: app.t.deps.config.publicUrl, 'sec-fetch-site': 'cross-site' },
      { origin: '', referer: 'https://evil.example/page' },
    ];
    for (const headers of attempts) {
      const logout = await browser.post('/api/auth/logout', undefined, headers);
      expect(logout.statusCode, JSON.stringify(headers)).toBe(403);
      expect(logout.json()).toMatchObject({ code: 'CSRF_REJECTED' });
      const login = await browser.post('/api/auth/login', { email, password }, headers);
      expect(login.statusCode).toBe(403);
    }
    // No Origin at all: not a page of ours either.
    const bare = await app.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    expect(bare.statusCode).toBe(403);
    // Still signed in after all that.
    expect((await browser.get('/api/auth/getme')).statusCode).toBe(200);
    // A same-origin Referer, or the browser's own same-origin marker (the dev proxy) passes.
    const referer = await browser.post(
      '/api/auth/login',
      { email, password },
      {
        origin: '',
        referer: `${app.t.deps.config.publicUrl}/login`,
      },
    );
    expect(referer.statusCode).toBe(200);
    const proxied = await browser.post(
      '/api/auth/login',
      { email, password },
      {
        origin: 'http://localhost:5173',
        'sec-fetch-site': 'same-origin',
      },
    );
    expect(proxied.statusCode).toBe(200);
  });

  it('needs a session for getme and dashboard-access', async () => {
    for (const url of ['/api/auth/getme', '/api/auth/dashboard-access']) {
      const anonymous = await app.client().get(url);
      expect(anonymous.statusCode).toBe(401);
      const forged = await app.t.app.inject({ url, cookies: { sid: 'x'.repeat(43) } });
      expect(forged.statusCode).toBe(401);
    }
  });

  it('reports the EA heartbeat as lastConnected', async () => {
    const browser = app.client();
    const { email } = await signUpVerified(browser, app.smtp);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    const at = Date.now() - 1500;
    await app.t.deps.presence.beat([{ owner: user!.id, member: 'terminal-1', at }]);
    expect((await browser.get('/api/auth/getme')).json().lastConnected).toBe(at);
  });

  it('ends a session unused for a week', async () => {
    const browser = app.client();
    await signUpVerified(browser, app.smtp);
    offset = 6 * 24 * hour;
    expect((await browser.get('/api/auth/getme')).statusCode).toBe(200); // slides the deadline
    offset = 12 * 24 * hour;
    expect((await browser.get('/api/auth/getme')).statusCode).toBe(200);
    offset = 20 * 24 * hour;
    expect((await browser.get('/api/auth/getme')).statusCode).toBe(401);
  });
});
