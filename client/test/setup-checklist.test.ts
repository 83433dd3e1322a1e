import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, widths } from './browser-suite.ts';
import { screenshot } from './shots.ts';

/**
 * The dashboard's setup checklist in headless Chromium against the real server, at 1280 and
 * 375 px: each step ticks itself while the page is open (the license copied, the reference EA
 * connecting, a test signal it processes, a live alert through the webhook), then the
 * checklist disappears and stays gone after a reload.
 */
const suite = browserSuite();

const checklist = (page: Page) => page.getByRole('region', { name: 'Get set up' });
const step = (page: Page, title: string) =>
  checklist(page).getByRole('listitem').filter({ hasText: title });
const done = (page: Page, title: string) =>
  step(page, title).and(page.locator('[data-done="true"]')).waitFor();

describe('Setup checklist', { timeout: 90_000 }, () => {
  for (const [width, viewport] of widths) {
    it(`ticks each step from real events, then disappears for good (${width} px)`, async () => {
      const user = await suite.user('pro');
      await suite.onPage({ user, viewport, clipboard: true }, async ({ page }) => {
        await page.goto('/dashboard#licenses');
        await checklist(page).getByText('0 of 4 done').waitFor();
        await screenshot(page, `setup-checklist-start-${width}`);
        await step(page, 'Install the EA')
          .getByRole('link', { name: 'Installation guide' })
          .waitFor();
        expect(await step(page, 'first live alert').getByRole('link').getAttribute('href')).toBe(
          '/docs/tradingview-alert-setup',
        );

        // 1. The license's Copy button, in the Licenses tab.
        await page.getByRole('button', { name: 'Copy', exact: true }).click();
        await done(page, 'Copy your license number');
        // 2. The reference EA connects (and stays connected for the rest of the steps).
        await suite.withReferenceEa(user, async () => {
          await done(page, 'Install the EA and connect it');
          await checklist(page).getByText('2 of 4 done').waitFor();
          await screenshot(page, `setup-checklist-half-${width}`);

          // 3. A test signal through the webhook, processed by the EA.
          const alert = { symbol: 'EURUSD', position: 'buy', lot: 0.01 };
          expect((await suite.alert(user, { ...alert, isTest: true })).status).toBe(200);
          await done(page, 'Send a test signal');
          expect(await step(page, 'Send your first live alert').getAttribute('data-done')).toBe(
            'false',
          );

          // 4. A live alert: the last step, and the checklist goes.
          expect((await suite.alert(user, alert)).status).toBe(200);
          await checklist(page).waitFor({ state: 'detached' });
          await page.getByText('Setup complete').waitFor();
          await page.reload();
          await page.getByRole('heading', { name: /Welcome/ }).waitFor();
          await page.getByTestId('license-number').waitFor();
          expect(await checklist(page).count()).toBe(0);
        });
      });
    });
  }
});
