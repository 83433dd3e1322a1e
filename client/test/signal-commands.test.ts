import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, widths } from './browser-suite.ts';
import { screenshot } from './shots.ts';
import type { SignedInUser } from './signed-in.ts';

/**
 * Issue 22 in the browser, against the real server and the reference EA: Signal History shows
 * each command (pending order's entry and expiry, partial close, reverse with both results, an
 * EA's refusal); the Signal Test form shows each position's own fields.
 */
const suite = browserSuite();
let user: SignedInUser;
beforeAll(async () => {
  user = await suite.user('pro');
});

/** Signal Test's take-profit levels: shown on buy only, generated, sent and accepted. */
async function sendTakeProfits(page: Page, name: string) {
  expect(await page.getByRole('button', { name: 'Add take-profit level' }).count()).toBe(0);
  await page.getByLabel('Position').selectOption('BUY');
  const add = page.getByRole('button', { name: 'Add take-profit level' });
  for (const [level, unit, distance, percent] of [
    [1, 'pips', '20', '50'],
    [2, 'price', '1.095', '30'],
    [3, 'points', '600', '20'],
  ] as const) {
    await add.click();
    await page.getByLabel(`Level ${level} Unit`).selectOption(unit);
    await page.getByLabel(`Level ${level} Distance`).fill(distance);
    await page.getByLabel(`Level ${level} Close %`).fill(percent);
  }
  expect(await add.count()).toBe(0);
  await page.getByRole('button', { name: 'Remove take-profit level 3' }).click();
  const shownTps = async () => JSON.parse((await page.locator('pre').textContent()) ?? '{}').tps;
  // The alert JSON re-renders after the removal: wait for it rather than read it mid-update.
  await expect.poll(shownTps).toEqual([
    { pips: 20, percent: 50 },
    { price: 1.095, percent: 30 },
  ]);
  const levels = page.getByRole('group', { name: 'Take-profit levels' });
  await levels.scrollIntoViewIfNeeded();
  await screenshot(page, `commands-take-profits-${name}`);
  await screenshot(levels, `commands-take-profits-levels-${name}`);
  await page.getByRole('button', { name: 'Send Test Signal' }).click();
  await page.getByText('The webhook accepted the test signal.').waitFor();
}

describe('the trading commands on the dashboard', { timeout: 90_000 }, () => {
  it("shows each command in Signal History, and each position's own fields in Signal Test", async () => {
    const alert = (body: Record<string, unknown>) =>
      suite.alert(user, { symbol: 'EURUSD', ...body });
    await suite.withReferenceEa(user, async () => {
      for (const body of [
        { position: 'buylimit', price: 1.02, lot: 0.1, expiry: 90, slpips: 20 },
        { position: 'closebuy', closePercent: 50 },
        { position: 'buy', lot: 0.2 },
        { position: 'sell', lot: 0.1, closeOpposite: true, tppips: 30 },
      ]) {
        const { status } = await alert(body);
        expect(status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      for (const [name, viewport] of widths) {
        await suite.onPage({ user, viewport }, async ({ page }) => {
          await page.goto('/dashboard#signal-history');
          await page.getByText('BUY LIMIT').first().waitFor();
          const open = (label: string) =>
            page
              .locator('[data-signal-id]')
              .filter({ has: page.getByText(label, { exact: true }) })
              .locator('[aria-expanded="false"]')
              .first()
              .click();
          await open('SELL');
          await page.getByText(/Closed 1 position on EURUSD.* Then: Sold 0\.10 EURUSD/).waitFor();
          await open('BUY LIMIT');
          await page.getByText('Entry price').first().waitFor();
          await page.getByText('90 min', { exact: true }).first().waitFor();
          await page.getByText('Placed buy limit 0.10 EURUSD at 1.02000').waitFor();
          await screenshot(page, `commands-history-${name}`);

          await page.goto('/dashboard#signal-test');
          await page.getByLabel('Position').selectOption('BUYLIMIT');
          await page.getByLabel('Entry Price').fill('1.02');
          await page.getByLabel('Expiry (minutes)').waitFor();
          expect(await page.getByLabel('Close Percent (%)').count()).toBe(0);
          await screenshot(page, `commands-signal-test-${name}`);
          await page.getByLabel('Position').selectOption('CLOSEBUY');
          await page.getByLabel('Close Percent (%)').waitFor();
          expect(await page.getByLabel('Lot Size').count()).toBe(0);
          await sendTakeProfits(page, name);
        });
      }
    });
  });

  it('lays out the docs with an example per command and the pips table', async () => {
    for (const [name, viewport] of widths) {
      await suite.onPage({ user, viewport }, async ({ page }) => {
        await page.goto('/docs/basic-config');
        await page.getByRole('heading', { name: 'Reverse in one alert' }).waitFor();
        await page
          .getByRole('table', { name: 'One point and one pip on typical quotes' })
          .waitFor();
        await screenshot(page, `commands-docs-${name}`);
      });
    }
  });
});
