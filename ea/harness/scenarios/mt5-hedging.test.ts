import { expect, it } from 'vitest';
import { openTrades, trade } from './lib/trading.ts';
import { tradingScenarios } from './lib/trading-suite.ts';

// MT5 hedging account, relay over the WebSocket (its default transport).
const suite = tradingScenarios('mt5-hedging');

it('mt5-hedging: a second buy opens a second position, and closebuy closes both, oldest first', async () => {
  const { w, ea } = await suite.start();
  const first = await trade(w, ea, { symbol: 'EURUSD', position: 'buy', lot: 0.1 });
  const second = await trade(w, ea, { symbol: 'EURUSD', position: 'buy', lot: 0.2 });
  expect(openTrades(w.account).map((t) => [String(t.ticket), t.volume])).toEqual([
    [first.row.ticket, 0.1],
    [second.row.ticket, 0.2],
  ]);
  const close = await trade(w, ea, { symbol: 'EURUSD', position: 'closebuy' });
  expect(close.row).toMatchObject({ status: 'success', ticket: second.row.ticket });
  expect(close.line.text).toMatch(/: Closed 2 positions$/);
  expect(openTrades(w.account)).toHaveLength(0);
  const closedFirst = w.account.deals
    .filter((d) => d.entry === 'out')
    .map((d) => String(d.positionId));
  expect(closedFirst).toEqual([first.row.ticket, second.row.ticket]);
});
