import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { type BrowserClient, linkTo, mailTo, password, uniqueEmail } from '../../../test/auth.ts';
import type { FakeIdentity, FakeOAuthProvider } from '../../../test/fake-oauth-provider.ts';
import { type OAuthTestApp, startOAuthTestApp } from '../../../test/oauth-app.ts';
import { oauthSignIn } from '../../../test/oauth-sign-in.ts';
import type { SmtpReceiver } from '../../../test/smtp-receiver.ts';
import { oauthIdentities, users } from '../../db/schema/users.ts';

/**
 * Account pre-hijacking (OWASP): an attacker signs up with someone else's address before its
 * owner does, with a password, a session or a sign-in identity of their own. Once the owner
 * proves the address is theirs, none of the attacker's credentials may still open the account.
 */
let app: OAuthTestApp;
let provider: FakeOAuthProvider;
let smtp: SmtpReceiver;
let t: TestApp;
const client = () => app.client();
const attackerPassword = 'Attacker123!';

beforeAll(async () => {
  app = await startOAuthTestApp();
  ({ provider, smtp, t } = app);
});
afterAll(() => app?.close());

const identity = (email: string, emailVerified: boolean): FakeIdentity => ({
  id: randomBytes(6).toString('hex'),
  email,
  emailVerified,
  firstname: 'Ada',
  lastname: 'Owner',
});

/** The attacker registers the victim's address with their own password and signs in. */
async function attackerSignsUp(email: string): Promise<BrowserClient> {
  const attacker = client();
  const body = { email, password: attackerPassword, firstname: 'Eve', lastname: 'X' };
  expect((await attacker.post('/api/auth/signup', body)).statusCode).toBe(201);
  expect(
    (await attacker.post('/api/auth/login', { email, password: attackerPassword })).statusCode,
  ).toBe(200);
  expect((await attacker.get('/api/auth/getme')).statusCode).toBe(200);
  return attacker;
}

const signedIn = async (browser: BrowserClient) =>
  (await browser.get('/api/auth/getme')).statusCode === 200;
const canLogIn = async (email: string, pass: string) =>
  (await client().post('/api/auth/login', { email, password: pass })).statusCode === 200;

describe('account pre-hijacking', () => {
  it("the owner's own sign-up replaces the attacker's password and ends their session", async () => {
    const email = uniqueEmail('victim');
    const attacker = await attackerSignsUp(email);
    const body = { email, password, firstname: 'Ada', lastname: 'Owner' };
    expect((await client().post('/api/auth/signup', body)).statusCode).toBe(201);

    expect(await signedIn(attacker)).toBe(false);
    expect(await canLogIn(email, attackerPassword)).toBe(false);
    const mail = await mailTo(smtp, email, 'Verify', 1);
    const owner = client();
    expect((await owner.get(linkTo(mail.text, '/api/auth/verify-email'))).headers.location).toBe(
      '/verification-successful',
    );
    expect(await canLogIn(email, password)).toBe(true);
  });

  it('verification ends every session opened before it except the verifying browser', async () => {
    const email = uniqueEmail('victim');
    const other = await attackerSignsUp(email);
    const verifying = client();
    expect(
      (await verifying.post('/api/auth/login', { email, password: attackerPassword })).statusCode,
    ).toBe(200);
    const mail = await mailTo(smtp, email, 'Verify');
    expect(
      (await verifying.get(linkTo(mail.text, '/api/auth/verify-email'))).headers.location,
    ).toBe('/verification-successful');
    expect(await signedIn(verifying)).toBe(true);
    expect(await signedIn(other)).toBe(false);
  });

  it('a Google sign-in claiming an unverified account drops its password, sessions and identities', async () => {
    const email = uniqueEmail('victim');
    const attacker = await attackerSignsUp(email);
    const db = t.deps.database.db;
    const [account] = await db.select().from(users).where(eq(users.email, email));
    // An identity the attacker linked while nobody had proven the address.
    await db
      .insert(oauthIdentities)
      .values({ provider: 'facebook', providerUserId: 'eve-fb', userId: account!.id });

    const owner = client();
    const { location } = await oauthSignIn(
      provider,
      t.deps.config.publicUrl,
      owner,
      'google',
      identity(email, true),
    );
    expect(location).toBe('/dashboard');
    expect(await signedIn(owner)).toBe(true);

    expect(await signedIn(attacker)).toBe(false);
    expect(await canLogIn(email, attackerPassword)).toBe(false);
    const [after] = await db.select().from(users).where(eq(users.email, email));
    expect(after).toMatchObject({ verified: true, passwordHash: null });
    const links = await db
      .select({ provider: oauthIdentities.provider })
      .from(oauthIdentities)
      .where(eq(oauthIdentities.userId, account!.id));
    expect(links).toEqual([{ provider: 'google' }]);
  });

  it('a password reset of an unverified account ends every session and drops its identities', async () => {
    const email = uniqueEmail('victim');
    // The attacker signs up through a provider that does not vouch for the address.
    const attacker = client();
    const eve = identity(email, false);
    await oauthSignIn(provider, t.deps.config.publicUrl, attacker, 'facebook', eve);
    expect(await signedIn(attacker)).toBe(true);

    await client().post('/api/auth/forgot-password', { email });
    const mail = await mailTo(smtp, email, 'Reset');
    const reset = linkTo(mail.text, '/reset-password');
    const token = new URL(reset, 'http://x').searchParams.get('token');
    const done = await client().post('/api/auth/reset-password', { token, password });
    expect(done.statusCode).toBe(200);

    expect(await signedIn(attacker)).toBe(false);
    const again = client();
    await oauthSignIn(provider, t.deps.config.publicUrl, again, 'facebook', eve);
    const me = await again.get('/api/auth/getme');
    // Eve's identity no longer leads to the owner's account.
    expect(me.statusCode === 200 ? me.json().email : null).not.toBe(email);
    expect(await canLogIn(email, password)).toBe(true);
  });
});
