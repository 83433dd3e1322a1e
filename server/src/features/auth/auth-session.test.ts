import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { signUpVerified } from '../../../test/auth.ts';
import { useMailingTestApp } from '../../../test/mail-app.ts';

/**
 * The two calls every public page may make for a signed-out visitor: both answer 200, so the
 * browser's console stays clean (issue 20), and neither says more than the page needs.
 */
describe('GET /api/auth/session', () => {
  const app = useMailingTestApp();

  it('answers a visitor, and a forged cookie, with 200 and no user', async () => {
    const anonymous = await app.client().get('/api/auth/session');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ user: null });
    const forged = await app.t.app.inject({
      url: '/api/auth/session',
      cookies: { sid: 'x'.repeat(43) },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ user: null });
  });

  it('answers a signed-in user with the same user getme gives, and no user after logout', async () => {
    const browser = app.client();
    const { email } = await signUpVerified(browser, app.smtp);
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
