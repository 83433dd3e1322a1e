import type { Page } from 'playwright-core';

/**
 * The Signal History tests' data and steps: 250 stored signals of every outcome, and how a test
 * reads the tab (its "Showing" line and the symbols of the listed rows).
 */
const hour = 3_600_000;
type Kind = 'success' | 'error' | 'failed' | 'quota_blocked' | 'test';
const kinds: Kind[] = ['success', 'error', 'failed', 'quota_blocked', 'test'];

/**
 * 250 signals, one every 4 hours back from now (half an hour off the hour, so no period filter
 * meets one on its boundary): platform by i % 3 (mt4, mt5, none), outcome by i % 5.
 */
export function storedSignals(userId: string, now: number) {
  return Array.from({ length: 250 }, (_, i) => {
    const kind = kinds[i % 5] as Kind;
    const receivedAt = new Date(now - i * 4 * hour - hour / 2);
    const delivered = kind === 'success' || kind === 'error' || kind === 'test';
    return {
      userId,
      symbol: `SYM${String(i).padStart(3, '0')}`,
      position: i % 2 === 0 ? ('buy' as const) : ('sell' as const),
      lot: 0.1,
      price: 1.08765,
      slpoint: 150,
      isTest: kind === 'test',
      senderPlatform: kind === 'test' ? 'SignalRelay Test' : 'TradingView',
      platform: ([`mt4`, 'mt5', null] as const)[i % 3] ?? null,
      status: kind === 'test' ? ('success' as const) : kind,
      errorMessage: kind === 'error' ? 'Not enough money (10019)' : null,
      receivedAt,
      expiresAt: new Date(receivedAt.getTime() + 30_000),
      deliveredAt: delivered ? new Date(receivedAt.getTime() + 12) : null,
      executedAt: delivered ? new Date(receivedAt.getTime() + 87) : null,
      ticket: kind === 'success' ? String(100_000 + i) : null,
      executedPrice: kind === 'success' ? 1.08771 : null,
      retcode: kind === 'success' ? 10009 : kind === 'error' ? 10019 : null,
    };
  });
}

export const symbols = (page: Page) =>
  page.locator('table tbody tr[data-signal-id] td:nth-child(2)').allInnerTexts();

/**
 * Opens the newest row of the Signal History tab (at `width` 1280 a table row, on a phone a
 * list item with its own button) once it shows `texts` (its status badge, its symbol …).
 */
export async function openNewestRow(page: Page, width: string, texts: string[]) {
  await page.goto('/dashboard#signal-history');
  const row =
    width === '1280'
      ? page.locator('tr[data-signal-id]').first()
      : page.getByRole('list', { name: 'Signal history' }).getByRole('listitem').first();
  for (const text of texts) await row.getByText(text, { exact: true }).waitFor();
  await (width === '1280' ? row.click() : row.getByRole('button').click());
}
