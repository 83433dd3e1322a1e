import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  type BrowserClient,
  browserClient,
  mailTo,
  password,
  signUpVerified,
  uniqueEmail,
} from '../../../test/auth.ts';
import type { FakeIdentity, FakeOAuthProvider } from '../../../test/fake-oauth-provider.ts';
import { type OAuthTestApp, startOAuthTestApp } from '../../../test/oauth-app.ts';
import { oauthSignIn, type SignInOptions } from '../../../test/oauth-sign-in.ts';
import type { SmtpReceiver } from '../../../test/smtp-receiver.ts';
import { oauthIdentities, sessions, users } from '../../db/schema/users.ts';
import { safeRedirectPath } from './auth-oauth.ts';

let app: OAuthTestApp;
let provider: FakeOAuthProvider;
let smtp: SmtpReceiver;
let t: TestApp;
const client = () => app.client();
const db = () => t.deps.database.db;

beforeAll(async () => {
  app = await startOAuthTestApp();
  ({ provider, smtp, t } = app);
});
afterEach(() => {
  provider.next.deny = false;
  provider.next.failToken = false;
});
afterAll(() => app?.close());

const newIdentity = (over: Partial<FakeIdentity> = {}): FakeIdentity => ({
  id: randomBytes(6).toString('hex'),
  email: uniqueEmail('social'),
  emailVerified: true,
  firstname: 'Grace',
  lastname: 'Hopper',
  ...over,
});

const signInWith = (
  browser: BrowserClient,
  name: 'google' | 'facebook',
  identity: FakeIdentity,
  options: SignInOptions = {},
) => oauthSignIn(provider, t.deps.config.publicUrl, browser, name, identity, options);

describe('Google sign-in', () => {
  it('creates a verified account on first sign-in and signs in to it again later', async () => {
    const browser = client();
    const identity = newIdentity();
    const { authorize, location } = await signInWith(browser, 'google', identity);
    expect(location).toBe('/dashboard');
    // state and PKCE (S256) went to the provider; the scope asks for the address.
    expect(authorize.searchParams.get('state')).toMatch(/.{16,}/);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toContain('email');

    const me = (await browser.get('/api/auth/getme')).json();
    expect(me).toMatchObject({
      email: identity.email,
      verified: true,
      firstname: 'Grace',
      lastname: 'Hopper',
      productType: 'pro',
    });
    expect(me.licenseNumber).toMatch(/^SR-/);
    expect((await browser.get('/api/auth/dashboard-access')).statusCode).toBe(200);

    const again = client();
    expect((await signInWith(again, 'google', identity)).location).toBe('/dashboard');
    expect((await again.get('/api/auth/getme')).json().licenseNumber).toBe(me.licenseNumber);
    const [row] = await db()
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, identity.email!));
    expect(row!.n).toBe(1);
  });

  it('joins an existing password account when Google vouches for the address', async () => {
    const { email } = await signUpVerified(client(), smtp);
    const browser = client();
    await signInWith(browser, 'google', newIdentity({ email }));
    expect((await browser.get('/api/auth/getme')).json().email).toBe(email);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    const links = await db()
      .select()
      .from(oauthIdentities)
      .where(eq(oauthIdentities.userId, user!.id));
    expect(links.map((l) => l.provider)).toEqual(['google']);
    // The password still works.
    expect((await client().post('/api/auth/login', { email, password })).statusCode).toBe(200);
  });

  it('goes to the page the login page was asked for, and only to pages of this site', async () => {
    const cases: [string, string][] = [
      ['/dashboard#signal-history', '/dashboard#signal-history'],
      ['/docs/quick-start?from=login', '/docs/quick-start?from=login'],
      ['//evil.example/steal', '/dashboard'],
      ['/\\evil.example', '/dashboard'],
      ['https://evil.example/', '/dashboard'],
      ['javascript:alert(1)', '/dashboard'],
    ];
    const identity = newIdentity();
    for (const [redirect, expected] of cases) {
      const { location } = await signInWith(client(), 'google', identity, { redirect });
      expect(location, redirect).toBe(expected);
    }
  });

  it('sends a refused consent back to /login with google_auth_failed', async () => {
    provider.next.deny = true;
    const browser = client();
    const { location } = await signInWith(browser, 'google', newIdentity(), {
      redirect: '/dashboard#downloads',
    });
    const url = new URL(location, 'http://x');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('error')).toBe('google_auth_failed');
    expect(url.searchParams.get('redirect')).toBe('/dashboard#downloads');
    expect((await browser.get('/api/auth/getme')).statusCode).toBe(401);
  });

  it('refuses a callback whose state does not match the browser', async () => {
    const before = await db().select({ n: count() }).from(sessions);
    const browser = client();
    const identity = newIdentity();
    const { location } = await signInWith(browser, 'google', identity, {
      tamper: (callback) => callback.searchParams.set('state', 'forged-state'),
    });
    expect(location).toBe('/login?error=google_auth_failed');
    expect((await browser.get('/api/auth/getme')).statusCode).toBe(401);
    // A callback from a browser that never started the flow (login CSRF) fails too.
    provider.next.identity = identity;
    const start = await client().get('/api/auth/google');
    const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    const victim = client();
    const csrf = await victim.get(`${callback.pathname}${callback.search}`);
    expect(csrf.headers.location).toBe('/login?error=google_auth_failed');
    expect(await db().select({ n: count() }).from(sessions)).toEqual(before);
    const created = await db().select().from(users).where(eq(users.email, identity.email!));
    expect(created).toEqual([]);
  });

  it('refuses a code exchanged without the right PKCE verifier', async () => {
    const browser = client();
    provider.next.identity = newIdentity();
    const start = await browser.get('/api/auth/google');
    browser.jar.set('oauth2-code-verifier', 'x'.repeat(43));
    const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    const done = await browser.get(`${callback.pathname}${callback.search}`);
    expect(done.headers.location).toBe('/login?error=google_auth_failed');
    expect(provider.log.at(-1)).toMatchObject({ path: 'token' });
  });

  it('reports a failing token endpoint as google_auth_failed', async () => {
    provider.next.failToken = true;
    const { location } = await signInWith(client(), 'google', newIdentity());
    expect(location).toBe('/login?error=google_auth_failed');
  });

  it('reports a failure on our side as auth_callback_failed', async () => {
    // Postgres cannot store a NUL character: creating the account fails after the provider
    // answered correctly.
    const { location } = await signInWith(
      client(),
      'google',
      newIdentity({ lastname: 'A\u0000B' }),
    );
    expect(location).toBe('/login?error=auth_callback_failed');
  });
});

describe('Facebook sign-in', () => {
  it('creates an unverified account and sends our verification e-mail', async () => {
    const browser = client();
    const identity = newIdentity({ emailVerified: undefined });
    const { authorize, location } = await signInWith(browser, 'facebook', identity);
    expect(location).toBe('/dashboard');
    expect(authorize.searchParams.get('code_challenge')).toBeNull();
    // The profile call proved the app secret.
    expect(provider.log.at(-1)).toMatchObject({ path: 'facebook-profile' });
    expect(provider.log.at(-1)!.params.appsecret_proof).toMatch(/^[0-9a-f]{64}$/);

    expect((await browser.get('/api/auth/getme')).json()).toMatchObject({
      email: identity.email,
      verified: false,
    });
    const gate = await browser.get('/api/auth/dashboard-access');
    expect(gate.json().error).toBe('Email not verified');
    await mailTo(smtp, identity.email!, 'Verify');
  });

  it('does not join an existing account (Facebook does not vouch for addresses)', async () => {
    const { email } = await signUpVerified(client(), smtp);
    const browser = client();
    const { location } = await signInWith(browser, 'facebook', newIdentity({ email }));
    expect(location).toBe('/login?error=facebook_auth_failed');
    expect((await browser.get('/api/auth/getme')).statusCode).toBe(401);
  });

  it('needs an e-mail address from the provider', async () => {
    const { location } = await signInWith(client(), 'facebook', newIdentity({ email: undefined }));
    expect(location).toBe('/login?error=facebook_auth_failed');
  });

  it('sends a refused consent back to /login with facebook_auth_failed', async () => {
    provider.next.deny = true;
    const { location } = await signInWith(client(), 'facebook', newIdentity());
    expect(location).toBe('/login?error=facebook_auth_failed');
  });
});

describe('without provider keys', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => {
    await bare?.close();
  });

  it.each(['google', 'facebook'])(
    '%s leads back to /login with %s_not_configured',
    async (name) => {
      const browser = browserClient(bare.app, bare.deps.config.publicUrl);
      const start = await browser.get(`/api/auth/${name}?redirect=/dashboard`);
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe(
        `/login?error=${name}_not_configured&redirect=%2Fdashboard`,
      );
      const callback = await browser.get(`/api/auth/${name}/callback?code=x&state=y`);
      expect(callback.headers.location).toBe(`/login?error=${name}_not_configured`);
    },
  );
});

describe('safeRedirectPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/a/../dashboard?x=1#y', '/dashboard?x=1#y'],
    [undefined, null],
    ['', null],
    ['dashboard', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['/\t/evil.example', null],
    ['https://evil.example', null],
  ])('%s → %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});
