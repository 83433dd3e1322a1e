import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultTestForm, webhookJsonText } from '../src/features/signals/signal-test-form.ts';
import { browserSuite } from './browser-suite.ts';
import { openSignedIn, type SignedInUser, startReferenceEa } from './signed-in.ts';

/**
 * The Signal Test tab in headless Chromium against the real server, with the reference EA as
 * the terminal: a test signal goes through the webhook to the EA, which logs it and does not
 * trade, and shows up in Signal History without a reload.
 */
const suite = browserSuite();
let user: SignedInUser;
beforeAll(async () => {
  user = await suite.user('basic');
});

const leftAtZero = ['slpoint', 'tppoint', 'trailingStop', 'breakEvenPips', 'riskPercentage'];
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send Test Signal' });
const generatedJson = (page: Page) =>
  page.getByRole('figure', { name: 'Alert message (JSON)' }).locator('pre').textContent();

describe('Signal Test', { timeout: 60_000 }, () => {
  it('sends a test signal to the connected reference EA and shows it in Signal History as a test', async () => {
    const results: string[] = [];
    await suite.withReferenceEa(user, (ea) =>
      suite.onPage({ user }, async ({ page }) => {
        await page.goto('/dashboard#signal-history');
        await page.getByText('EA connected', { exact: true }).waitFor();
        await page.getByText('No signal history available.').waitFor();
        // Marks this document: a reload would lose it.
        await page.evaluate(() => Object.assign(window, { sameDocument: true }));

        const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
        await sidebar.getByRole('link', { name: 'Signal Test' }).click();
        await page.getByText('Send a test signal to see the result here').waitFor();
        expect(await page.getByLabel('License Number').inputValue()).toBe(user.licenseNumber);
        expect(await page.getByLabel('License Number').getAttribute('readonly')).not.toBeNull();

        // Slow the answer down enough to see the sending state.
        await page.route('**/api/webhook/handleWebhook', async (route) => {
          results.push(route.request().postData() ?? '');
          await new Promise((resolve) => setTimeout(resolve, 400));
          await route.continue();
        });
        await page.getByLabel('Symbol').fill('GBPUSD');
        await sendButton(page).click();
        const processing = page.getByRole('button', { name: 'Processing...' });
        await processing.waitFor();
        expect(await processing.isDisabled()).toBe(true);
        await page.getByText('SUCCESS', { exact: true }).waitFor();
        // The result follows the signal: the reference EA took it and logged it.
        await page
          .getByText(
            /^Received by the EA on account 5012345 \(MetaQuotes-Demo\) in \d+ ms: test signals are logged, not traded\.$/,
          )
          .waitFor();

        const sent = JSON.parse(results[0] ?? '{}');
        expect(sent).toMatchObject({
          licenseNumber: user.licenseNumber,
          senderPlatform: 'SignalRelay Test',
          platform: 'mt5',
          symbol: 'GBPUSD',
          lot: 0.01,
          price: 0,
          position: 'buy',
          isTest: true,
          // The stops, trailing, break-even and risk the form leaves at their default, 0.
          ...Object.fromEntries(leftAtZero.map((field) => [field, 0])),
        });
        expect(Date.parse(sent.timestamp)).toBeGreaterThan(Date.now() - 60_000);

        await page.getByRole('link', { name: 'See it in Signal History' }).click();
        const row = page.locator('tr[data-signal-id]', { hasText: 'GBPUSD' });
        await row.getByText('TEST', { exact: true }).waitFor();
        await row.click();
        await page.getByText('Test Signal Processed').waitFor();
        await page.getByText(/Your EA received this test signal/).waitFor();
        expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
        // The EA logged it and skipped it: nothing was traded.
        expect(ea.counters.skipped).toBe(1);
        expect(ea.counters.executed).toBe(0);
      }),
    );
  });

  it('shows a live Signal History the test signal as it arrives', async () => {
    const ea = startReferenceEa(suite.server, user.licenseNumber);
    const sender = await openSignedIn(suite.browser, suite.server, user);
    const watcher = await openSignedIn(suite.browser, suite.server, user);
    try {
      await watcher.page.goto('/dashboard#signal-history');
      await watcher.page.getByText('EA connected', { exact: true }).waitFor();
      await sender.page.goto('/dashboard#signal-test');
      await sender.page.getByLabel('Symbol').fill('USDJPY');
      await sender.page.getByLabel('Position').selectOption('SELL');
      await sendButton(sender.page).click();
      await sender.page.getByText('SUCCESS', { exact: true }).waitFor();
      await watcher.page
        .locator('tr[data-signal-id]', { hasText: 'USDJPY' })
        .getByText('TEST', { exact: true })
        .waitFor({ timeout: 3_000 });
      expect([...sender.errors, ...watcher.errors]).toEqual([]);
    } finally {
      await sender.close();
      await watcher.close();
      await ea.stop();
    }
  });

  it('generates the webhook JSON and copies it and the URL to the clipboard', async () => {
    await suite.onPage({ user, clipboard: true }, async ({ page }) => {
      await page.goto('/dashboard#signal-test');
      const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

      // The spec's defaults.
      expect(await page.getByLabel('Platform').inputValue()).toBe('MT5');
      expect(await page.getByLabel('Symbol').inputValue()).toBe('EURUSD');
      expect(await page.getByLabel('Lot Size').inputValue()).toBe('0.01');
      expect(await page.getByLabel('Price', { exact: true }).inputValue()).toBe('0');
      expect(await page.getByLabel('Position').inputValue()).toBe('BUY');
      for (const label of [
        'Stop Loss (points)',
        'Take Profit (points)',
        'Trailing Stop (points)',
        'Break Even (pips)',
        'Risk Percentage (%)',
      ]) {
        expect(await page.getByLabel(label).inputValue(), label).toBe('0');
      }
      expect(await page.getByLabel('Lot Size').getAttribute('step')).toBe('0.01');
      expect(await page.getByLabel('Stop Loss (points)').getAttribute('step')).toBe('1');
      expect(await page.getByLabel('Risk Percentage (%)').getAttribute('step')).toBe('0.1');
      expect(await generatedJson(page)).toBe(webhookJsonText(defaultTestForm, user.licenseNumber));

      // Edits show at once; an unparseable number is 0.
      await page.getByLabel('Stop Loss (points)').fill('150');
      await page.getByLabel('Lot Size').fill('');
      const edited = {
        ...defaultTestForm,
        slpoint: '150',
        lot: '',
      };
      expect(await generatedJson(page)).toBe(webhookJsonText(edited, user.licenseNumber));
      expect(JSON.parse((await generatedJson(page)) ?? '')).toMatchObject({ lot: 0, slpoint: 150 });

      await page.getByRole('button', { name: 'Copy JSON' }).click();
      await page.getByRole('button', { name: 'Copied!' }).waitFor();
      expect(await clipboard()).toBe(webhookJsonText(edited, user.licenseNumber));
      // 'Copied!' for 2 s, then the label again.
      await page.getByRole('button', { name: 'Copy JSON' }).waitFor({ timeout: 3_000 });

      await page.getByRole('button', { name: 'Copy URL' }).click();
      await page.getByRole('button', { name: 'Copied!' }).waitFor();
      expect(await clipboard()).toBe(`${suite.server.url}/api/webhook/handleWebhook`);

      // Close positions hide and omit the opening fields.
      await page.getByLabel('Position').selectOption('CLOSEALL');
      expect(await page.getByLabel('Lot Size').count()).toBe(0);
      expect(await page.getByLabel('Risk Percentage (%)').count()).toBe(0);
      expect(await page.getByLabel('Risk Amount (money)').count()).toBe(0);
      expect(JSON.parse((await generatedJson(page)) ?? '')).toEqual({
        licenseNumber: user.licenseNumber,
        senderPlatform: 'TradingView',
        platform: 'mt5',
        symbol: 'EURUSD',
        position: 'closeall',
      });
    });
  });

  it('shows the server’s refusal and a network failure as errors', async () => {
    await suite.onPage(
      { user, allowConsole: [/status of 400 .*handleWebhook/, /ERR_FAILED/] },
      async ({ page }) => {
        await page.goto('/dashboard#signal-test');
        await page.getByLabel('Risk Percentage (%)').fill('1');
        await sendButton(page).click();
        await page.getByText('ERROR', { exact: true }).waitFor();
        await page
          .getByText(/^Failed to send test signal: .*slpoint.*must be greater than 0/)
          .waitFor();

        await page.route('**/api/webhook/handleWebhook', (route) => route.abort('failed'));
        await page.getByLabel('Risk Percentage (%)').fill('0');
        await sendButton(page).click();
        await page.getByText('Network error: Could not reach the server.').waitFor();
      },
    );
  });
});
