import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, widths } from './browser-suite.ts';
import { screenshot } from './shots.ts';

/**
 * The Signal Test tab's strategy alert in headless Chromium, at 1280 and 375 px: the message
 * with TradingView's placeholders, copied; checked live with the server's schema while the
 * user edits it (a bad field named in words, then accepted again); and, filled in the way
 * TradingView fills it, accepted by the real webhook.
 */
const suite = browserSuite();

const editor = (page: Page) => page.getByLabel('Strategy alert message (JSON)');
/** The Webhook JSON Generator card. */
const generator = (page: Page) =>
  page
    .getByRole('heading', { name: 'Webhook JSON Generator' })
    .locator('xpath=ancestor::div[contains(@class, "rounded-xl")][1]');
const check = (page: Page) => page.locator('[aria-live="polite"]').filter({ hasText: 'server' });

/** What TradingView would send when a strategy's buy order of 0.05 lots fills on GBPUSD. */
const filledIn = (text: string) =>
  text
    .replaceAll('{{ticker}}', 'GBPUSD')
    .replaceAll('{{strategy.order.action}}', 'buy')
    .replaceAll('{{strategy.order.contracts}}', '0.05')
    .replaceAll('{{strategy.market_position_size}}', '0.05')
    .replaceAll('{{strategy.order.price}}', '1.27311')
    .replaceAll('{{strategy.order.id}}', 'Long')
    .replaceAll('{{timenow}}', '2026-11-25T09:30:00Z');

describe('Strategy alert builder', { timeout: 60_000 }, () => {
  for (const [width, viewport] of widths) {
    it(`builds, copies and checks a strategy alert live (${width} px)`, async () => {
      const user = await suite.user('pro');
      await suite.onPage({ user, viewport, clipboard: true }, async ({ page }) => {
        await page.goto('/dashboard#signal-test');
        await page.getByRole('tab', { name: 'Strategy alert' }).click();
        const text = await editor(page).inputValue();
        expect(text).toContain('"symbol": "{{ticker}}"');
        expect(text).toContain('"position": "{{strategy.order.action}}"');
        expect(text).toContain('"lot": {{strategy.order.contracts}}');
        expect(text).toContain('"alertId": "{{ticker}}-{{strategy.order.id}}-{{timenow}}"');
        await check(page).getByText('The server accepts this message.').waitFor();

        await page.getByRole('button', { name: 'Copy JSON' }).click();
        await page.getByRole('button', { name: 'Copied!' }).waitFor();
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        expect(copied).toBe(text);
        const sent = await suite.alert(user, JSON.parse(filledIn(copied)));
        expect(sent).toMatchObject({ status: 200, body: { ok: true } });

        // A bad field, typed: the schema's words for it, at once.
        await editor(page).fill(text.replace('{{strategy.order.contracts}}', '"0,1"'));
        await check(page).getByText('The server would refuse this alert:').waitFor();
        const problem = check(page).getByRole('listitem');
        expect(await problem.textContent()).toBe(
          'lot must be a plain decimal number such as 0.01, not "0,1"',
        );
        expect(await editor(page).getAttribute('aria-invalid')).toBe('true');
        await screenshot(page, `alert-builder-error-${width}`);
        await screenshot(generator(page), `alert-builder-error-card-${width}`);

        // A pasted alert of one's own, with a misspelt field.
        await editor(page).fill(
          JSON.stringify({
            licenseNumber: user.licenseNumber,
            symbol: 'EURUSD',
            position: 'sell',
            lots: 1,
          }),
        );
        await check(page).getByText('lot must be greater than 0 for buy and sell').waitFor();
        await check(page)
          .getByText(/Not a field SignalRelay reads/)
          .waitFor();

        await page.getByRole('button', { name: 'Reset' }).click();
        expect(await editor(page).inputValue()).toBe(text);
        await check(page).getByText('The server accepts this message.').waitFor();
        await screenshot(page, `alert-builder-${width}`);

        // Reverse: the opposite side closed first, explained, accepted by the real webhook.
        const reverse = page.getByLabel('Reverse: close the opposite position first');
        await reverse.check();
        const reversed = await editor(page).inputValue();
        expect(reversed).toContain('"closeOpposite": true');
        expect(reversed).toContain('"lot": {{strategy.market_position_size}}');
        await generator(page)
          .getByText(/An exit to flat sends size 0/)
          .waitFor();
        expect(
          await generator(page)
            .getByText(/turn on Reverse/)
            .count(),
        ).toBe(0);
        await check(page).getByText('The server accepts this message.').waitFor();
        const reversal = await suite.alert(user, JSON.parse(filledIn(reversed)));
        expect(reversal).toMatchObject({ status: 200, body: { ok: true } });
        await screenshot(generator(page), `alert-builder-reverse-card-${width}`);
        await reverse.uncheck();
        expect(await editor(page).inputValue()).toBe(text);
      });
    });
  }
});
