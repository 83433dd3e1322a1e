import { describe, expect, it } from 'vitest';
import { eaSignalOf, noCommands, type SignalRow, v3FeatureOfRow } from './signal-rows.ts';

const spec = {
  id: '0190f0d8-0000-7000-8000-000000000001',
  symbol: 'EURUSD',
  position: 'buy',
  lot: 0.1,
  price: 0,
  slpoint: 0,
  tppoint: 0,
  trailingStop: 0,
  breakEvenPips: 0,
  riskPercentage: 0,
  isTest: false,
  receivedAt: new Date(1_700_000_000_000),
  ...noCommands,
} as unknown as SignalRow;

describe("a signal's EA shape", () => {
  it('is the spec signal when no command is used', () => {
    expect(v3FeatureOfRow(spec)).toBeNull();
    expect(Object.keys(eaSignalOf(spec))).toEqual([
      'id',
      'symbol',
      'position',
      'lot',
      'slpoint',
      'tppoint',
      'trailingStop',
      'breakEvenPips',
      'riskPercentage',
      'isTest',
      'receivedAt',
    ]);
  });

  it('carries the commands in use, in the protocol order, and only those', () => {
    const row = {
      ...spec,
      magic: 7,
      comment: 'c',
      slpips: 20,
      expiry: 60,
      side: null,
      closeOpposite: true,
      tps: [{ pips: 10, percent: 50 }],
    } as SignalRow;
    const signal = eaSignalOf(row);
    expect(Object.keys(signal).slice(11)).toEqual([
      'expiryMinutes',
      'closeOpposite',
      'slpips',
      'tps',
      'comment',
      'magic',
    ]);
    expect(signal).toMatchObject({ expiryMinutes: 60, closeOpposite: true, magic: 7 });
    expect(v3FeatureOfRow(row)).not.toBeNull();
  });
});
