import { describe, expect, it } from 'vitest';
import { mobileViewport } from './browser.ts';
import { browserSuite } from './browser-suite.ts';

const suite = browserSuite();

describe('app shell', () => {
  it('answers client routes with 200 and unknown paths with 404', async () => {
    for (const path of ['/', '/about', '/docs', '/terms']) {
      const response = await fetch(`${suite.server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
    const missing = await fetch(`${suite.server.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('text/html');
    const api = await fetch(`${suite.server.url}/api/no-such-call`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
  });

  it('follows the header links from the landing page', async () => {
    await suite.onPage({}, async ({ page }) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect.poll(() => nav.getByRole('link', { name: 'Sign In' }).count()).toBe(1);

      await nav.getByRole('link', { name: 'About' }).click();
      await page.waitForURL('**/about');
      await page.getByRole('heading', { level: 1, name: /From the chart you trust/ }).waitFor();

      await nav.getByRole('link', { name: 'Docs' }).click();
      await page.waitForURL('**/docs');
      await page.getByRole('heading', { level: 1, name: /Automate TradingView alerts/ }).waitFor();

      for (const [name, hash] of [
        ['Features', 'features'],
        ['How It Works', 'how-it-works'],
        ['Pricing', 'pricing'],
      ] as const) {
        await page.goto('/about');
        await nav.getByRole('link', { name }).click();
        await page.waitForURL(`**/#${hash}`);
      }

      await page.getByRole('link', { name: 'SignalRelay home' }).click();
      await page.waitForURL((url) => url.pathname === '/' && url.hash === '');

      await nav.getByRole('link', { name: 'Sign In' }).click();
      await page.waitForURL('**/login');
    });
  });

  it('shows Dashboard and Logout when signed in, and Sign In again after logging out', async () => {
    const user = await suite.user();
    await suite.onPage({ user }, async ({ page }) => {
      await page.goto('/about');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
        '/dashboard',
      );
      expect(await nav.getByRole('link', { name: 'Sign In' }).count()).toBe(0);

      await nav.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await nav.getByRole('link', { name: 'Sign In' }).waitFor();
      expect(await nav.getByRole('button', { name: 'Logout' }).count()).toBe(0);
      // The session is gone on the server too (asked outside the page, whose console stays clean).
      const me = await page.request.get('/api/auth/getme');
      expect(me.status()).toBe(401);
    });
  });

  it('shows the not-found page for an unknown path', async () => {
    await suite.onPage(
      {
        // The document itself is the 404 we asked for.
        allowConsole: [/status of 404 \(Not Found\) \(https?:\/\/[^/]+\/definitely\/not\/here\)$/],
      },
      async ({ page }) => {
        const response = await page.goto('/definitely/not/here');
        expect(response?.status()).toBe(404);
        await page.getByRole('heading', { name: 'Page not found' }).waitFor();
        await page.getByRole('link', { name: 'Back to home' }).click();
        await page.waitForURL((url) => url.pathname === '/');
      },
    );
  });

  it('opens and closes the mobile side menu', async () => {
    await suite.onPage({ viewport: mobileViewport }, async ({ page }) => {
      await page.goto('/');
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.waitFor();
      // Keyboard focus stays inside the open menu.
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab');
        expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Open menu' }).click();
      await menu.getByRole('link', { name: 'About' }).click();
      await page.waitForURL('**/about');
      await menu.waitFor({ state: 'detached' });
    });
  });

  it('scrolls to the top and sends one page view (path and query) on each path change', async () => {
    await suite.onPage({}, async ({ page, context }) => {
      await context.addInitScript(() => {
        const views: unknown[] = [];
        Object.assign(window, {
          pageViews: views,
          gtag: (_command: string, _name: string, params: { page_path: string }) =>
            views.push(params.page_path),
        });
      });
      await page.goto('/about?from=test');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
      await page.waitForURL('**/terms');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Docs' })
        .click();
      await page.waitForURL('**/docs');
      const views = () =>
        page.evaluate(() => (window as unknown as { pageViews: string[] }).pageViews);
      await expect.poll(views).toEqual(['/about?from=test', '/terms', '/docs']);
    });
  });

  it('takes the scrolled style after 50 px', async () => {
    await suite.onPage({}, async ({ page }) => {
      await page.goto('/about');
      const header = page.locator('header').first();
      expect(await header.getAttribute('data-scrolled')).toBe('false');
      await page.evaluate(() => window.scrollTo(0, 200));
      await expect.poll(() => header.getAttribute('data-scrolled')).toBe('true');
    });
  });
});
