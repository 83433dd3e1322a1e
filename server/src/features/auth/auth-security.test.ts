import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import {
  type BrowserClient,
  browserClient,
  linkTo,
  mailTo,
  password,
  signUpVerified,
  uniqueEmail,
} from '../../../test/auth.ts';
import { useMailingTestApp } from '../../../test/mail-app.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The security pass over accounts (issue 11): session fixation and revocation, cookie flags,
 * and what an attacker can learn about which addresses have accounts.
 */

const app = useMailingTestApp();

const sessionName = () => app.t.app.auth.cookieName;
const getme = (browser: BrowserClient) => browser.get('/api/auth/getme');

describe('sessions', () => {
  it('never adopts a session id planted before sign-in (fixation)', async () => {
    const browser = app.client();
    const { email } = await signUpVerified(browser, app.smtp);
    await browser.post('/api/auth/logout');
    // An attacker got the victim's browser to carry a session id the attacker chose.
    const planted = 'A'.repeat(43);
    browser.jar.set(sessionName(), planted);
    const login = await browser.post('/api/auth/login', { email, password });
    expect(login.statusCode).toBe(200);
    const issued = browser.jar.get(sessionName());
    expect(issued).toBeDefined();
    expect(issued).not.toBe(planted);
    // 43 base64url characters or more: at least 256 bits, unguessable.
    expect(issued!.length).toBeGreaterThanOrEqual(22);
    const attacker = app.client();
    attacker.jar.set(sessionName(), planted);
    expect((await getme(attacker)).statusCode).toBe(401);
  });

  it('gives every sign-in a new id and ends the session it replaces', async () => {
    const browser = app.client();
    const { email } = await signUpVerified(browser, app.smtp);
    const first = browser.jar.get(sessionName())!;
    await browser.post('/api/auth/login', { email, password });
    const second = browser.jar.get(sessionName())!;
    expect(second).not.toBe(first);
    const stale = app.client();
    stale.jar.set(sessionName(), first);
    expect((await getme(stale)).statusCode).toBe(401);
    expect((await getme(browser)).statusCode).toBe(200);
  });

  it('revokes the session on the server at logout: a copied cookie stops working', async () => {
    const browser = app.client();
    await signUpVerified(browser, app.smtp);
    const copy = app.client();
    copy.jar.set(sessionName(), browser.jar.get(sessionName())!);
    expect((await getme(copy)).statusCode).toBe(200);
    expect((await browser.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await getme(copy)).statusCode).toBe(401);
  });

  it('ends every session of the account when its password is reset', async () => {
    const laptop = app.client();
    const { email } = await signUpVerified(laptop, app.smtp);
    const phone = app.client();
    await phone.post('/api/auth/login', { email, password });
    expect((await getme(phone)).statusCode).toBe(200);

    const stranger = app.client();
    await stranger.post('/api/auth/forgot-password', { email });
    const mail = await mailTo(app.smtp, email, 'Reset');
    const token = new URL(`http://x${linkTo(mail.text, '/reset-password')}`).searchParams.get(
      'token',
    );
    const reset = await stranger.post('/api/auth/reset-password', {
      token,
      password: 'Another456!',
    });
    expect(reset.statusCode).toBe(200);
    expect((await getme(laptop)).statusCode).toBe(401);
    expect((await getme(phone)).statusCode).toBe(401);
    // The link is single-use.
    const again = await stranger.post('/api/auth/reset-password', {
      token,
      password: 'Third789!x',
    });
    expect(again.statusCode).toBe(400);
  });
});

describe('session cookie flags', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ on a local http site', async () => {
    const browser = app.client();
    const { email } = await signUpVerified(browser, app.smtp);
    const login = await browser.post('/api/auth/login', { email, password });
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Domain=/);
  });

  it('is __Host- and Secure when the site is served over https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://relay.example.com' });
    try {
      const browser = browserClient(https.app, 'https://relay.example.com');
      const email = uniqueEmail();
      await browser.post('/api/auth/signup', {
        email,
        password,
        firstname: 'Ada',
        lastname: 'Secure',
      });
      await https.deps.database.db
        .update(users)
        .set({ verified: true })
        .where(eq(users.email, email));
      const login = await browser.post('/api/auth/login', { email, password });
      expect(login.statusCode).toBe(200);
      const setCookie = String(login.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-sid=/);
      expect(setCookie).toMatch(/; Secure/);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).not.toMatch(/Domain=/);
      expect(login.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await https.close();
    }
  });
});

describe('account enumeration', () => {
  /** Status and body of a call, the parts an attacker compares. */
  const seen = (res: { statusCode: number; body: string }) => ({
    status: res.statusCode,
    body: res.body,
  });

  it('signup answers the same for a taken address as for a new one', async () => {
    const owner = app.client();
    const { email } = await signUpVerified(owner, app.smtp);
    const body = (address: string) => ({
      email: address,
      password,
      firstname: 'Eve',
      lastname: 'Probe',
    });
    const taken = await app.client().post('/api/auth/signup', body(email));
    const fresh = await app.client().post('/api/auth/signup', body(uniqueEmail()));
    expect(seen(taken)).toEqual(seen(fresh));
  });

  it('login answers the same, in about the same time, for an unknown address and a wrong password', async () => {
    const owner = app.client();
    const { email } = await signUpVerified(owner, app.smtp);
    const unknown = uniqueEmail();
    const wrong = await app.client().post('/api/auth/login', { email, password: 'Wrong123!x' });
    const missing = await app.client().post('/api/auth/login', { email: unknown, password });
    expect(wrong.statusCode).toBe(401);
    expect(seen(wrong)).toEqual(seen(missing));

    // Both run a password hash: neither answers markedly faster (medians of alternated calls).
    const time = async (address: string) => {
      const started = performance.now();
      await app.client().post('/api/auth/login', { email: address, password: 'Wrong123!x' });
      return performance.now() - started;
    };
    const known: number[] = [];
    const absent: number[] = [];
    for (let i = 0; i < 9; i++) {
      known.push(await time(email));
      absent.push(await time(unknown));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(absent) / median(known);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('forgot-password answers the same whether or not the address has an account', async () => {
    const owner = app.client();
    const { email } = await signUpVerified(owner, app.smtp);
    const known = await app.client().post('/api/auth/forgot-password', { email });
    const unknown = await app.client().post('/api/auth/forgot-password', { email: uniqueEmail() });
    expect(known.statusCode).toBe(200);
    expect(seen(known)).toEqual(seen(unknown));
  });
});
