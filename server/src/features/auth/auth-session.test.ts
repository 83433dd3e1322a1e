import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { browserClient, signUpVerified } from '../../../test/auth.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/smtp-receiver.ts';

/**
 * The two calls every public page may make for a signed-out visitor: both answer 200, so the
 * browser's console stays clean (issue 20), and neither says more than the page needs.
 */
describe('GET /api/auth/session', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  const client = () => browserClient(t.app, t.deps.config.publicUrl);

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('answers a visitor, and a forged cookie, with 200 and no user', async () => {
    const anonymous = await client().get('/api/auth/session');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ user: null });
    const forged = await t.app.inject({
      url: '/api/auth/session',
      cookies: { sid: 'x'.repeat(43) },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ user: null });
  });

  it('answers a signed-in user with the same user getme gives, and no user after logout', async () => {
    const browser = client();
    const { email } = await signUpVerified(browser, smtp);
    const session = await browser.get('/api/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe(email);
    expect(session.json().user).toEqual((await browser.get('/api/auth/getme')).json());

    expect((await browser.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await browser.get('/api/auth/session')).json()).toEqual({ user: null });
  });
});

describe('GET /api/auth/providers', () => {
  it('lists no provider when the server has no OAuth keys', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ url: '/api/auth/providers' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ providers: [] });
    } finally {
      await t.close();
    }
  });

  it('lists only the providers with both an id and a secret', async () => {
    const t = await createTestApp({
      GOOGLE_CLIENT_ID: 'google-id',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      FACEBOOK_CLIENT_ID: 'facebook-id-without-secret',
    });
    try {
      const response = await t.app.inject({ url: '/api/auth/providers' });
      expect(response.json()).toEqual({ providers: ['google'] });
    } finally {
      await t.close();
    }
  });
});
