import { describe, expect, it } from 'vitest';
import { browserSuite, widths } from './browser-suite.ts';
import { screenshot } from './shots.ts';

/**
 * The Rules tab in headless Chromium against the real server: every part of the form filled
 * in, a mistake shown under its field before anything is sent, the save reaching the API and
 * intake, and the change log under the form.
 */
const suite = browserSuite();

describe('rules tab', { timeout: 60_000 }, () => {
  for (const [name, viewport] of widths) {
    it(`fills in every rule, refuses a bad field, saves and lists the change (${name} px)`, async () => {
      const user = await suite.user();
      await suite.onPage({ user, viewport }, async ({ page }) => {
        await page.goto('/dashboard#rules');
        await page.getByRole('heading', { name: 'Rules', exact: true }).waitFor();
        await page.getByText('No changes yet.').waitFor();

        const limits = page.getByRole('group', { name: 'Limits' });
        await limits.getByLabel('Max lot').fill('1');
        await limits.getByLabel('Max open positions').fill('5');
        await limits.getByLabel('Max daily trades').fill('20');
        await limits.getByLabel('Max daily loss').selectOption('percent');
        await limits.getByLabel('Loss percent').fill('5');
        await limits.getByLabel('Close every position when reached').check();

        await page.getByLabel('Limit trading hours').check();
        await page.getByLabel('Time zone').fill('Europe/Atlantis');
        await page.getByLabel('From').fill('08:00');
        await page.getByLabel('To', { exact: true }).fill('17:00');
        await page.getByLabel('Fri').uncheck();

        await page.getByLabel('Allowed symbols').fill('EURUSD, XAUUSD');
        await page.getByRole('button', { name: 'Add a mapping' }).click();
        await page.getByLabel('Alert symbol 1').fill('GOLD');
        await page.getByLabel('Broker symbol 1').fill('XAUUSD');

        await page.getByRole('button', { name: 'Add an account' }).click();
        const account = page.getByRole('group', { name: 'Account override 1' });
        await account.getByLabel('Account number').fill('5012345');
        await account.getByLabel('Max lot').fill('2');

        // The time zone is checked in the browser with the contracts' schema: nothing is sent.
        await page.getByRole('button', { name: 'Save rules' }).click();
        await page
          .getByText('Is not a known time zone (use a name such as Europe/London or UTC).')
          .waitFor();
        await page.getByLabel('Time zone').fill('Europe/London');
        await screenshot(page, `rules-filled-${name}`);

        await page.getByRole('button', { name: 'Save rules' }).click();
        await page.getByRole('list', { name: 'Rule changes' }).waitFor();
        const log = page.getByRole('list', { name: 'Rule changes' });
        await log.getByText(user.email).waitFor();
        await expect.poll(() => log.getByText('trading hours').isVisible()).toBe(true);
        expect(await log.innerText()).toContain('mon, tue, wed, thu 08:00–17:00 (Europe/London)');
        expect(await log.innerText()).toContain('symbol map: none → GOLD→XAUUSD');
        expect(await log.innerText()).toContain('max lot on account 5012345: as your rules → 2');
        await screenshot(page, `rules-saved-${name}`);

        // The saved rules are what the API holds, and intake applies them.
        const saved = await page.evaluate(async () => (await fetch('/api/rules')).json());
        expect(saved.rules).toEqual({
          maxLot: 1,
          maxOpenPositions: 5,
          maxDailyTrades: 20,
          maxDailyLoss: { amount: 0, percent: 5, closeAll: true },
          tradingHours: {
            timeZone: 'Europe/London',
            days: ['mon', 'tue', 'wed', 'thu'],
            from: '08:00',
            to: '17:00',
          },
          allowedSymbols: ['EURUSD', 'XAUUSD'],
          symbolMap: { GOLD: 'XAUUSD' },
          accounts: { '5012345': { maxLot: 2 } },
        });
        const refused = await suite.alert(user, { symbol: 'GBPUSD', position: 'buy', lot: 0.1 });
        expect(refused).toMatchObject({ status: 403, body: { code: 'RULE_REFUSED' } });

        // After a reload the form shows what was saved.
        await page.reload();
        await page.getByRole('list', { name: 'Rule changes' }).waitFor();
        expect(await limits.getByLabel('Max lot').inputValue()).toBe('1');
        expect(await account.getByLabel('Max lot').inputValue()).toBe('2');
        expect(await page.getByLabel('Alert symbol 1').inputValue()).toBe('GOLD');
        expect(await page.getByLabel('Fri').isChecked()).toBe(false);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      });
    });
  }
});
