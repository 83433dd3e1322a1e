import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, widths } from './browser-suite.ts';
import { screenshotDir } from './shots.ts';

/**
 * "What happened to my alert?", answered in the browser at 1280 and 375 px: the Signal Test
 * result follows the signal live (nobody to take it; delivered to which account; what the EA
 * did), in view without scrolling after Send; and a real signal's detail in Signal History
 * shows its journey: the terminal that took it, each hop's latency, the fill and slippage.
 */
const suite = browserSuite();
/** What a trader sees, for a person to look at: `page.screenshot` under test-results/dashboard. */
const picture = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });

/**
 * Waits until the page stopped scrolling (it scrolls smoothly) with the whole element inside
 * the viewport and not under the sticky header: what a trader sees without scrolling.
 */
async function inView(page: Page, element: Locator) {
  const handle = await element.elementHandle();
  await page.waitForFunction(
    (el) => {
      const node = el as HTMLElement;
      const state = window as unknown as { lastScrollY?: number };
      const still = state.lastScrollY === window.scrollY;
      state.lastScrollY = window.scrollY;
      const box = node.getBoundingClientRect();
      const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + 2);
      return still && box.top >= 0 && box.bottom <= window.innerHeight && node.contains(onTop);
    },
    handle,
    { polling: 200 },
  );
}

const progressLine = (page: Page) => page.locator('p[data-tone]');

async function sendTest(page: Page) {
  await page.goto('/dashboard#signal-test');
  await page.getByRole('heading', { name: 'Signal Test' }).waitFor();
  const send = page.getByRole('button', { name: 'Send Test Signal' });
  // Where a trader presses it: on a phone, below the form.
  await send.scrollIntoViewIfNeeded();
  await send.click();
  await page.getByText('SUCCESS', { exact: true }).waitFor();
}

describe.each(widths)('signal journey at %s px', { timeout: 60_000 }, (name, viewport) => {
  it('says at once when no EA is connected to take a test signal, and when it will expire', async () => {
    // A license of its own: the signal it leaves pending would reach the next test's EA.
    const user = await suite.user('basic');
    await suite.onPage({ user, viewport }, async ({ page }) => {
      await sendTest(page);
      const line = progressLine(page).filter({
        hasText: 'No MT5 EA connected for this license: the signal will expire in 30 s.',
      });
      await line.waitFor();
      await inView(page, line);
      await picture(page, `journey-${name}-signal-test-no-ea`);
    });
  });

  it('follows a test signal to the reference EA: delivered to its account, then logged', async () => {
    const user = await suite.user('basic');
    await suite.withReferenceEa(user, async (ea) => {
      await suite.onPage({ user, viewport }, async ({ page }) => {
        await expect.poll(() => ea.state).toBe('connected');
        await sendTest(page);
        const line = progressLine(page).filter({
          hasText:
            /^Received by the EA on account 5012345 \(MetaQuotes-Demo\) in \d+ ms: test signals are logged, not traded\.$/,
        });
        await line.waitFor();
        await inView(page, line);
        await picture(page, `journey-${name}-signal-test-received`);
        expect(ea.counters.skipped).toBe(1);
      });
    });
  });

  it('shows a real signal’s journey in Signal History: terminal, latencies, fill and slippage', async () => {
    const user = await suite.user('basic');
    await suite.withReferenceEa(user, async () => {
      await suite.onPage({ user, viewport }, async ({ page }) => {
        await page.goto('/dashboard#signal-history');
        await page.getByText('EA connected', { exact: true }).first().waitFor();
        const reply = await suite.alert(user, {
          symbol: 'EURUSD',
          position: 'buy',
          lot: 0.05,
          price: 1.08,
          platform: 'mt5',
        });
        expect(reply.status).toBe(200);
        // A table row on a wide screen, a card on a phone: both open the same detail.
        const row = page
          .locator(`[data-signal-id="${reply.body.signalId}"]`)
          .filter({ hasText: /success/i });
        await row.waitFor();
        await (name === '375' ? row.getByRole('button').first() : row).click();

        const hops = page.getByRole('list', { name: 'Hop timings' });
        await hops.waitFor();
        const journey = (await hops.textContent()) ?? '';
        expect(journey).toMatch(/Delivered\+\d+ ms/);
        expect(journey).toContain('account 5012345 (MetaQuotes-Demo)');
        expect(journey).toContain('MT5 · WebSocket');
        expect(journey).toMatch(/Executed\+\d+ ms/);
        await progressLine(page)
          .filter({ hasText: /^Executed: ticket \d+ at \d\.\d{5}\.$/ })
          .waitFor();
        await page.getByText('Executed lot').waitFor();
        // The paper terminal fills at its ask, away from the alert's 1.08000.
        await page.getByText(/^\d\.\d{5} (worse|better) than the alert price$/).waitFor();
        // What a trader sees after opening the row: the row at the top, under the sticky header.
        await page.evaluate((id) => {
          const opened = document.querySelector(`[data-signal-id="${id}"]`);
          window.scrollTo({
            top: (opened?.getBoundingClientRect().top ?? 0) + window.scrollY - 80,
            behavior: 'instant',
          });
        }, reply.body.signalId as string);
        await picture(page, `journey-${name}-signal-history`);
      });
    });
  });
});
