import { expect } from 'vitest';
import type { BrowserClient } from './auth.ts';
import type { FakeIdentity, FakeOAuthProvider } from './fake-oauth-provider.ts';

export type SignInOptions = { redirect?: string; tamper?: (callback: URL) => void };

/**
 * Walks the browser through the flow: our start URL → the provider's authorize page (which
 * answers at once) → our callback. Returns where the callback sent the browser.
 */
export async function oauthSignIn(
  provider: FakeOAuthProvider,
  publicUrl: string,
  browser: BrowserClient,
  name: 'google' | 'facebook',
  identity: FakeIdentity,
  { redirect, tamper }: SignInOptions = {},
) {
  provider.next.identity = identity;
  const query = redirect !== undefined ? `?redirect=${encodeURIComponent(redirect)}` : '';
  const start = await browser.get(`/api/auth/${name}${query}`);
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe(provider.url);
  const consent = await fetch(authorize, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get('location')!);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${publicUrl}/api/auth/${name}/callback`);
  tamper?.(callback);
  const done = await browser.get(`${callback.pathname}${callback.search}`);
  expect(done.statusCode).toBe(302);
  return { authorize, location: done.headers.location as string };
}
