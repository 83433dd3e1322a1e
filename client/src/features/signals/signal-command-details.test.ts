import { alertNumberFields, type SignalView } from '@signalrelay/contracts/signals';
import { describe, expect, it } from 'vitest';
import { commandDetails } from './signal-command-details.ts';
import { commandNumberFields } from './signal-test-form.ts';

/** A spec buy of 0.1 lot using no command: every number 0, the other fields unset. */
const base = {
  ...Object.fromEntries([...alertNumberFields, ...commandNumberFields].map((f) => [f, 0])),
  position: 'buy',
  lot: 0.1,
  side: null,
  closeOpposite: false,
  tps: [],
  comment: null,
  account: null,
} as unknown as SignalView;
const details = (fields: Partial<SignalView>) =>
  Object.fromEntries(commandDetails({ ...base, ...fields }).map((d) => [d.label, d.value]));

describe('Signal History details per command', () => {
  it('shows a spec buy as before: alert price, lot, stops in points, no new rows', () => {
    expect(details({ slpoint: 200 })).toEqual({
      'Alert price': 'Market',
      Lot: '0.10',
      'Stop loss': '200.00 pts',
      'Take profit': 'None',
      'Trailing stop': 'Disabled',
      'Break even': 'Disabled',
      Risk: 'Fixed lot',
    });
  });

  it('shows a pending order with its entry price and expiry, a close with its percent', () => {
    expect(details({ position: 'buylimit', price: 1.08, expiry: 60, slpips: 20 })).toMatchObject({
      'Entry price': '1.08000',
      Expiry: '60 min',
      'Stop loss': '20.00 pips',
    });
    expect(details({ position: 'closebuy', closePercent: 50 })).toEqual({
      'Alert price': 'Market',
      Close: '50% of each',
    });
    expect(details({ position: 'cancel', side: 'sell' })).toEqual({
      'Alert price': 'Market',
      Side: 'SELL',
    });
  });

  it('shows a reverse, several take-profits, money risk and the guards', () => {
    const tps = [
      { pips: 10, percent: 50 },
      { price: 1.09, percent: 50 },
    ];
    expect(
      details({ closeOpposite: true, tps, riskAmount: 50, maxSpread: 20, magic: 7, account: '42' }),
    ).toMatchObject({
      Reverse: 'Opposite side closed first',
      'Take profit': 'TP1 10.00 pips (50%), TP2 1.09000 (50%)',
      Lot: 'Sized by risk',
      Risk: '50.00 (account currency)',
      'Max spread': '20.00 pts',
      Magic: '7',
      Account: '42',
    });
  });
});
