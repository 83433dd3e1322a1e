import { planLimits } from '@signalrelay/contracts/billing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopViewport, launchBrowser, mobileViewport } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';
import { shot, shotOf } from './shots.ts';
import { createSignedInUser, openSignedIn, postAlert } from './signed-in.ts';

/**
 * Signal History's summary cards and quota meter in headless Chromium, at 1280 and 375 px,
 * after a live alert, a refused one and a test: the cards say what they count, and the quota
 * meter agrees with "counted in the quota".
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const card = (page: Page, label: string) =>
  page.getByText(label, { exact: true }).first().locator('xpath=..');

describe('Signal History counters', { timeout: 60_000 }, () => {
  for (const [width, viewport] of [
    ['1280', desktopViewport],
    ['375', mobileViewport],
  ] as const) {
    it(`count refused alerts as failed and only counted signals in the quota (${width} px)`, async () => {
      const user = await createSignedInUser(server, { plan: 'pro' });
      const alert = {
        licenseNumber: user.licenseNumber,
        symbol: 'EURUSD',
        position: 'buy',
        lot: 0.01,
      };
      expect((await postAlert(server, alert)).status).toBe(200);
      expect((await postAlert(server, { ...alert, position: 'hold' })).status).toBe(400);
      expect((await postAlert(server, { ...alert, isTest: true })).status).toBe(200);

      const { page, errors, close } = await openSignedIn(browser, server, user, { viewport });
      try {
        await page.goto('/dashboard#signal-history');
        await card(page, 'Total Signals').getByText('3', { exact: true }).waitFor();
        await card(page, 'Successful').getByText('Test signals not included').waitFor();
        await card(page, 'Successful').getByText('0', { exact: true }).waitFor();
        await card(page, 'Failed').getByText('1', { exact: true }).waitFor();
        await card(page, 'Failed').getByText('Refused alerts included').waitFor();
        await card(page, 'Today').getByText('Since midnight ET; 1 counted in the quota').waitFor();
        await page.getByText(`1 / ${planLimits.pro.signalsPerDay}`).waitFor();
        await shot(page, `signal-counters-${width}`);
        await shotOf(
          card(page, 'Total Signals').locator('xpath=..'),
          `signal-counters-cards-${width}`,
        );
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
