import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './browser.ts';
import { browserSuite } from './browser-suite.ts';
import { openSignedIn, startReferenceEa } from './signed-in.ts';
import { sitePages } from './site-pages.ts';

/**
 * The Content-Security-Policy the server sends (server/src/http/security-headers.ts) against
 * the real client: every page, signed out and signed in, renders without the browser refusing
 * anything. A refusal shows as a `securitypolicyviolation` event and a console error.
 */
const suite = browserSuite();

/** Records every CSP violation the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(
        `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

/** The site's pages, the signed-out account pages and the not-found page. */
const publicPages = [
  ...sitePages,
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password?token=x',
  '/verification-successful',
  '/verification-failed',
  '/no-such-page',
];

describe('Content-Security-Policy in the browser', { timeout: 120_000 }, () => {
  it('is sent with every page, and forbids inline script, eval and framing', async () => {
    const res = await fetch(`${suite.server.url}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it('lets every public page render with nothing refused', async () => {
    const { page, errors, close } = await openPage(suite.browser, suite.server.url);
    const violations = await watchViolations(page);
    for (const path of publicPages) {
      await page.goto(path);
      await page.locator('main, h1').first().waitFor();
      // Lazy routes and their chunks load after the first paint.
      await page.waitForLoadState('networkidle');
    }
    expect(await violations()).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
    await close();
  });

  it('lets every dashboard tab render, live channel included, with nothing refused', async () => {
    const user = await suite.user('pro');
    const ea = startReferenceEa(suite.server, user.licenseNumber);
    const { page, errors, close } = await openSignedIn(suite.browser, suite.server, user);
    const violations = await watchViolations(page);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // A signal while the dashboard is open comes through the live WebSocket.
    await suite.alert(user, { symbol: 'EURUSD', position: 'buy', lot: 0.01 });
    for (const hash of [
      'licenses',
      'signal-history',
      'order-history',
      'downloads',
      'signal-test',
    ]) {
      await page.goto(`/dashboard#${hash}`);
      await page.waitForLoadState('networkidle');
    }
    expect(await violations()).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
    await close();
    await ea.stop();
  });
});
