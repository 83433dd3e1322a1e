import { describe, expect, it } from 'vitest';
import { newSignal, specSignalFields } from '../../test/signals.ts';
import { eaSignalOf, type SignalRow, v3FeatureOfRow } from './signal-rows.ts';

const spec = {
  ...newSignal('u1', { receivedAt: new Date(1_700_000_000_000) }),
  id: '0190f0d8-0000-7000-8000-000000000001',
} as unknown as SignalRow;

describe("a signal's EA shape", () => {
  it('is the spec signal when no command is used', () => {
    expect(v3FeatureOfRow(spec)).toBeNull();
    expect(Object.keys(eaSignalOf(spec))).toEqual(specSignalFields);
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
