import { expect, it } from 'vitest';
import { probeHostForFile } from './test/fake-host.ts';

/** The MT4 runtime's host calls, exactly as the host receives them (probe4.cpp). */
const host = probeHostForFile('mt4');

it('sends MQL4 constants by name with every trade parameter, and refuses URLs with 4060', async () => {
  host().handlers = {
    MarketInfo: () => ({ ret: 1.1 }),
    RefreshRates: () => ({ ret: true }),
    OrderSend: () => ({ ret: -1, err: 130 }),
    OrderSelect: () => ({ ret: true }),
    OrderTicket: () => ({ ret: 9 }),
    OrderSymbol: () => ({ ret: 'EURUSD' }),
    OrderType: () => ({ ret: 1 }),
    OrderLots: () => ({ ret: 0.2 }),
    OrderModify: () => ({ ret: false, err: 4108 }),
    OrderClose: () => ({ ret: true }),
  };
  const run = host().run({});
  await run.line(/^denied /);
  expect(run.texts()).toEqual([
    'bid 1.1 refreshed true',
    'ticket -1 130',
    'selected true 9 EURUSD 1 0.2',
    'modified false closed true',
    'denied -1 4060',
  ]);
  const sent = Object.fromEntries(run.calls.map((c) => [c.call, c.args]));
  expect(sent).toEqual({
    MarketInfo: ['EURUSD', 'MODE_BID'],
    RefreshRates: [],
    OrderSend: ['EURUSD', 'OP_BUY', 0.1, 1.1, 3, 1.09, 1.12, 'probe', 7, 0],
    OrderSelect: [0, 'SELECT_BY_POS', 'MODE_HISTORY'],
    OrderTicket: [],
    OrderSymbol: [],
    OrderType: [],
    OrderLots: [],
    OrderModify: [-1, 1.1, 1.095, 1.12, 0],
    OrderClose: [-1, 0.1, 1.1, 3],
  });
});
