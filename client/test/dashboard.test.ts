import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mobileViewport } from './browser.ts';
import { browserSuite, overflowsSideways } from './browser-suite.ts';
import { screenshot } from './shots.ts';

/**
 * The dashboard frame in headless Chromium: tabs chosen by the URL hash, the sidebar, the
 * welcome header with Logout, and the mobile layout at 375 px with a screenshot of each state
 * under test-results/dashboard/.
 */
const suite = browserSuite();

const currentTab = (page: Page) =>
  page.locator('nav[aria-label="Dashboard"] a[aria-current="page"]').textContent();

describe('dashboard', { timeout: 60_000 }, () => {
  it('chooses the tab by the URL hash, Licenses by default and for unknown hashes', async () => {
    const user = await suite.user('pro');
    await suite.onPage({ user }, async ({ page }) => {
      await page.goto('/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Welcome, Test' }).waitFor();
      // The Licenses tab's account details (the sidebar shows the address too).
      await page.getByRole('definition').filter({ hasText: user.email }).waitFor();
      expect(await currentTab(page)).toBe('Licenses');

      await page.goto('/dashboard#signal-test');
      await page.getByRole('heading', { name: 'Signal Test' }).waitFor();
      expect(await currentTab(page)).toBe('Signal Test');
      await page.goto('/dashboard#no-such-tab');
      await expect.poll(() => currentTab(page)).toBe('Licenses');

      const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
      for (const [label, hash] of [
        ['Signal History', '#signal-history'],
        ['Order History', '#order-history'],
        ['Downloads', '#downloads'],
        ['Signal Test', '#signal-test'],
      ] as const) {
        await sidebar.getByRole('link', { name: label }).click();
        await page.waitForURL((url) => url.hash === hash);
        await page.getByRole('heading', { level: 2, name: label }).waitFor();
        expect(await currentTab(page)).toBe(label);
      }
      await page.goBack();
      await page.waitForURL((url) => url.hash === '#downloads');
      await expect.poll(() => currentTab(page)).toBe('Downloads');

      await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      const session = await page.request.get('/api/auth/getme');
      expect(session.status()).toBe(401);
    });
  });

  it('works on a 375 px phone through the slide-out menu', async () => {
    const user = await suite.user('basic');
    await suite.withReferenceEa(user, async () => {
      await suite.onPage({ user, viewport: mobileViewport }, async ({ page }) => {
        for (const [symbol, position] of [
          ['EURUSD', 'buy'],
          ['XAUUSD', 'sell'],
          ['GBPJPY', 'closeall'],
        ] as const) {
          const sent = await suite.alert(user, { symbol, position, lot: 0.05, slpoint: 200 });
          expect(sent.status).toBe(200);
        }

        await page.goto('/dashboard');
        await page.getByRole('heading', { level: 1, name: 'Welcome, Test' }).waitFor();
        expect(await page.locator('aside nav[aria-label="Dashboard"]').isVisible()).toBe(false);
        const menuButton = page.getByRole('button', { name: /^Dashboard menu, current tab/ });
        expect(await menuButton.textContent()).toBe('Licenses');
        await screenshot(page, 'mobile-licenses');

        const menu = page.getByRole('dialog', { name: 'Dashboard menu' });
        await menuButton.click();
        await menu.waitFor();
        await screenshot(page, 'mobile-menu');
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });

        await menuButton.click();
        await menu.getByRole('link', { name: 'Signal History' }).click();
        await menu.waitFor({ state: 'detached' });
        await page.waitForURL((url) => url.hash === '#signal-history');
        const cards = page.getByRole('list', { name: 'Signal history' }).getByRole('listitem');
        await expect.poll(() => cards.count()).toBe(3);
        await page.getByText('EA connected', { exact: true }).waitFor();
        await page.getByText('3 / 100').waitFor();
        expect(await page.locator('table').count()).toBe(0);
        await page.getByText('Signals per day').waitFor();
        expect(await overflowsSideways(page)).toBe(false);
        await screenshot(page, 'mobile-signal-history');

        await cards.filter({ hasText: 'XAUUSD' }).getByRole('button').click();
        await page.getByRole('list', { name: 'Hop timings' }).waitFor();
        expect(await overflowsSideways(page)).toBe(false);
        await screenshot(page, 'mobile-signal-details');

        await menuButton.click();
        await menu.getByRole('link', { name: 'Signal Test' }).click();
        await page.getByRole('heading', { name: 'Signal Test' }).waitFor();
        expect(await overflowsSideways(page)).toBe(false);
        await screenshot(page, 'mobile-signal-test');
        await page.getByRole('button', { name: 'Send Test Signal' }).click();
        await page.getByText('SUCCESS', { exact: true }).waitFor();
        await screenshot(page, 'mobile-signal-test-result');

        for (const [label, name] of [
          ['Order History', 'mobile-order-history'],
          ['Downloads', 'mobile-downloads'],
        ] as const) {
          await menuButton.click();
          await menu.getByRole('link', { name: label }).click();
          await menu.waitFor({ state: 'detached' });
          await page.getByRole('heading', { level: 2, name: label }).waitFor();
          expect(await overflowsSideways(page), label).toBe(false);
          await screenshot(page, name);
        }
      });
    });
  });

  it('lays Signal History out as a table beside the sidebar on a desktop', async () => {
    const user = await suite.user('pro');
    await suite.withReferenceEa(user, async () => {
      await suite.onPage({ user }, async ({ page }) => {
        for (const symbol of ['EURUSD', 'USDJPY']) {
          await suite.alert(user, { symbol, position: 'buy', lot: 1 });
        }
        await page.goto('/dashboard#signal-history');
        // A first page load under a loaded CI machine can take several seconds.
        await expect
          .poll(() => page.locator('tr[data-signal-id]').count(), { timeout: 15_000 })
          .toBe(2);
        await page.locator('tr[data-signal-id]').first().click();
        await page.getByRole('list', { name: 'Hop timings' }).waitFor();
        await page.getByText('Delivery latency (ms, received → EA)').waitFor();
        await screenshot(page, 'desktop-signal-history');
        await page.goto('/dashboard#signal-test');
        await page.getByRole('heading', { name: 'Signal Test' }).waitFor();
        await screenshot(page, 'desktop-signal-test');
      });
    });
  });
});
