import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { linkTo, mailTo, password, signUpVerified, uniqueEmail } from '../../../test/auth.ts';
import { sha256 } from '../../core/tokens.ts';
import { emailTokens } from '../../db/schema/users.ts';
import { accountAdapters, hour, useAccountsApp } from './auth-test-setup.ts';

/** Resetting a forgotten password, on the embedded adapters and on the real Redis. */
describe.each(accountAdapters)('accounts with $adapters adapters', ({ redis }) => {
  const { app, db, clock } = useAccountsApp(redis);

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
    clock.offset = hour + 60_000;
    const late = await app.client().post('/api/auth/reset-password', {
      token: tokenOf(second.text),
      password: 'NewSecret99',
    });
    expect(late.statusCode).toBe(400);
    clock.offset = 0;
    expect((await app.client().post('/api/auth/login', { email, password })).statusCode).toBe(200);
  });
});
