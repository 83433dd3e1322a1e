import { parseOptions } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { password, signUpVerified, uniqueEmail } from '../../../test/auth.ts';
import { sha256 } from '../../core/tokens.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { accountAdapters, hour, useAccountsApp } from './auth-test-setup.ts';

/**
 * Signing in and the session it opens (its cookie, getme, its idle end, calls from other
 * sites), on the embedded adapters and on the real Redis.
 */
describe.each(accountAdapters)('accounts with $adapters adapters', ({ redis }) => {
  const { app, db, clock } = useAccountsApp(redis);

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
    clock.offset = 6 * 24 * hour;
    expect((await browser.get('/api/auth/getme')).statusCode).toBe(200); // slides the deadline
    clock.offset = 12 * 24 * hour;
    expect((await browser.get('/api/auth/getme')).statusCode).toBe(200);
    clock.offset = 20 * 24 * hour;
    expect((await browser.get('/api/auth/getme')).statusCode).toBe(401);
  });
});
