import { planLimits } from '@signalrelay/contracts/billing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, widths } from './browser-suite.ts';
import { screenshot } from './shots.ts';

/**
 * Signal History's summary cards and quota meter in headless Chromium, at 1280 and 375 px,
 * after a live alert, a refused one and a test: the cards say what they count, and the quota
 * meter agrees with "counted in the quota".
 */
const suite = browserSuite();

const card = (page: Page, label: string) =>
  page.getByText(label, { exact: true }).first().locator('xpath=..');

describe('Signal History counters', { timeout: 60_000 }, () => {
  for (const [width, viewport] of widths) {
    it(`count refused alerts as failed and only counted signals in the quota (${width} px)`, async () => {
      const user = await suite.user('pro');
      const alert = { symbol: 'EURUSD', position: 'buy', lot: 0.01 };
      expect((await suite.alert(user, alert)).status).toBe(200);
      expect((await suite.alert(user, { ...alert, position: 'hold' })).status).toBe(400);
      expect((await suite.alert(user, { ...alert, isTest: true })).status).toBe(200);

      await suite.onPage({ user, viewport }, async ({ page }) => {
        await page.goto('/dashboard#signal-history');
        await card(page, 'Total Signals').getByText('3', { exact: true }).waitFor();
        await card(page, 'Successful').getByText('Test signals not included').waitFor();
        await card(page, 'Successful').getByText('0', { exact: true }).waitFor();
        await card(page, 'Failed').getByText('1', { exact: true }).waitFor();
        await card(page, 'Failed').getByText('Refused alerts included').waitFor();
        await card(page, 'Today').getByText('Since midnight ET; 1 counted in the quota').waitFor();
        await page.getByText(`1 / ${planLimits.pro.signalsPerDay}`).waitFor();
        await screenshot(page, `signal-counters-${width}`);
        await screenshot(
          card(page, 'Total Signals').locator('xpath=..'),
          `signal-counters-cards-${width}`,
        );
      });
    });
  }
});
