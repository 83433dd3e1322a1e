import { expect, it } from 'vitest';
import { manualTrade, openTrades, trade } from './lib/trading.ts';
import { tradingScenarios } from './lib/trading-suite.ts';

// MT5 netting account (one position per symbol), relay over the WebSocket.
const suite = tradingScenarios('mt5-netting');

it('mt5-netting: buys add up, a larger sell reverses the position (same id), closeall <symbol> flattens it', async () => {
  const { w, ea } = await suite.start();
  const first = await trade(w, ea, { symbol: 'EURUSD', position: 'buy', lot: 0.1 });
  const second = await trade(w, ea, { symbol: 'EURUSD', position: 'buy', lot: 0.1 });
  expect(second.row.ticket).toBe(first.row.ticket);
  expect(openTrades(w.account)).toMatchObject([{ side: 'buy', volume: 0.2 }]);

  const reverse = await trade(w, ea, { symbol: 'EURUSD', position: 'sell', lot: 0.3 });
  expect(reverse.row).toMatchObject({ status: 'success', ticket: first.row.ticket });
  expect(openTrades(w.account)).toMatchObject([
    { side: 'sell', volume: 0.1, ticket: Number(first.row.ticket) },
  ]);

  const flat = await trade(w, ea, { symbol: 'EURUSD', position: 'closeall' });
  expect(flat.row.status).toBe('success');
  expect(openTrades(w.account)).toHaveLength(0);
});

it('mt5-netting: closebuy of a symbol closes its single position even when the trader opened it by hand', async () => {
  const { w, ea } = await suite.start();
  manualTrade(w, 'GBPUSD', 'buy', 0.3);
  const close = await trade(w, ea, { symbol: 'GBPUSD', position: 'closebuy' });
  expect(close.row).toMatchObject({ status: 'success', executedPrice: 1.25 });
  expect(openTrades(w.account)).toHaveLength(0);
});
