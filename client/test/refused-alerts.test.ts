import { describe, expect, it } from 'vitest';
import { browserSuite, overflowsSideways, widths } from './browser-suite.ts';
import { screenshot } from './shots.ts';
import { openNewestRow } from './signal-history-tab.ts';

/**
 * "What happened to my alert?" for an alert the server could not read: in headless Chromium
 * against the real server, a hand-typed alert with a stray comma shows in Signal History as an
 * error, with the reason and what TradingView sent, on a desktop and on a phone.
 */
const suite = browserSuite();

describe('an alert refused for its content', { timeout: 60_000 }, () => {
  for (const [name, viewport] of widths) {
    it(`is listed with the reason and the body TradingView sent (${name} px)`, async () => {
      const user = await suite.user('basic');
      const body = `{"licenseNumber": "${user.licenseNumber}", "symbol": "EURUSD", "position": "buy",, "lot": 0.1}`;
      const res = await fetch(`${suite.server.url}/api/webhook/handleWebhook`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body,
      });
      expect(res.status).toBe(400);

      await suite.onPage({ user, viewport }, async ({ page }) => {
        await openNewestRow(page, name, ['ERROR', 'No position']);
        await page.getByText('Alert Refused', { exact: true }).waitFor();
        await page.getByText(/^Alert refused: The body is not valid JSON/).waitFor();
        expect(await page.locator('pre').textContent()).toBe(body);
        await page.getByRole('button', { name: 'Copy' }).waitFor();
        // Not an accepted signal: no hop timings that would say "Not yet" for ever.
        expect(await page.getByRole('list', { name: 'Hop timings' }).count()).toBe(0);
        expect(await overflowsSideways(page)).toBe(false);
        await screenshot(page, `refused-alert-${name}`);
      });
    });
  }
});
