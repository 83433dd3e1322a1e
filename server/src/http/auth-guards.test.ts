import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { browserClient, password, uniqueEmail } from '../../test/auth.ts';
import { cookieSettings } from './auth-guards.ts';

describe('cookieSettings', () => {
  it.each([
    ['https://relay.example', true, '__Host-sid'],
    ['https://localhost:8443', true, '__Host-sid'],
    ['http://localhost:3000', false, 'sid'],
    ['http://127.0.0.1:3000', false, 'sid'],
    ['http://[::1]:3000', false, 'sid'],
    // Plain http elsewhere: still Secure (the server warns at start-up that it cannot work).
    ['http://relay.example', true, '__Host-sid'],
  ])('%s → secure %s, cookie %s', (publicUrl, secure, name) => {
    const settings = cookieSettings(publicUrl);
    expect(settings.secure).toBe(secure);
    expect(settings.cookieName).toBe(name);
    expect(settings.cookieOptions).toMatchObject({
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
    });
    expect(settings.publicOrigin).toBe(new URL(publicUrl).origin);
  });
});

describe('behind https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PUBLIC_URL: 'https://relay.example',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('uses __Host- cookies with Secure for the session and the OAuth state', async () => {
    const browser = browserClient(t.app, t.deps.config.publicUrl);
    const email = uniqueEmail();
    await browser.post('/api/auth/signup', { email, password, firstname: 'A', lastname: 'B' });
    const login = await browser.post('/api/auth/login', { email, password });
    expect(login.statusCode).toBe(200);
    expect(String(login.headers['set-cookie'])).toMatch(
      /^__Host-sid=[\w-]{43}; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect((await browser.get('/api/auth/getme')).statusCode).toBe(200);

    const start = await browser.get('/api/auth/google');
    const names = (start.cookies as { name: string; secure?: boolean }[]).map((c) => [
      c.name,
      c.secure,
    ]);
    expect(names).toContainEqual(['__Host-oauth2-redirect-state', true]);
    expect(names).toContainEqual(['__Host-oauth2-code-verifier', true]);
    expect(new URL(start.headers.location as string).searchParams.get('redirect_uri')).toBe(
      'https://relay.example/api/auth/google/callback',
    );
  });
});
