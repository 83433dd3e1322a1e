import { webhookAlertSchema } from '@signalrelay/contracts/signals';
import { describe, expect, it } from 'vitest';
import {
  defaultTestForm,
  numberOf,
  type TestForm,
  testPayload,
  webhookJson,
  webhookJsonText,
} from './signal-test-form.ts';

const at = new Date('2026-03-02T14:30:00.000Z');

describe('Signal Test form', () => {
  it('reads unparseable numbers as 0', () => {
    expect(numberOf('')).toBe(0);
    expect(numberOf('abc')).toBe(0);
    expect(numberOf('-')).toBe(0);
    expect(numberOf('0.25')).toBe(0.25);
    expect(numberOf('1e400')).toBe(0);
  });

  it('sends the spec’s test payload with the default parameters', () => {
    expect(testPayload(defaultTestForm, 'LIC-1', at)).toEqual({
      licenseNumber: 'LIC-1',
      senderPlatform: 'SignalRelay Test',
      platform: 'mt5',
      symbol: 'EURUSD',
      lot: 0.01,
      price: 0,
      position: 'buy',
      slpoint: 0,
      tppoint: 0,
      trailingStop: 0,
      breakEvenPips: 0,
      riskPercentage: 0,
      timestamp: '2026-03-02T14:30:00.000Z',
      isTest: true,
    });
  });

  it('omits the opening fields for close positions', () => {
    const form: TestForm = { ...defaultTestForm, position: 'CLOSEALL', platform: 'MT4', lot: '5' };
    expect(testPayload(form, 'LIC-1', at)).toEqual({
      licenseNumber: 'LIC-1',
      senderPlatform: 'SignalRelay Test',
      platform: 'mt4',
      symbol: 'EURUSD',
      price: 0,
      position: 'closeall',
      timestamp: '2026-03-02T14:30:00.000Z',
      isTest: true,
    });
    expect(webhookJson(form, 'LIC-1')).toEqual({
      licenseNumber: 'LIC-1',
      senderPlatform: 'TradingView',
      platform: 'mt4',
      symbol: 'EURUSD',
      position: 'closeall',
    });
  });

  it('shows N/A without a license and parses the numeric fields in the generator', () => {
    const form: TestForm = { ...defaultTestForm, lot: 'x', slpoint: '150', riskPercentage: '1.5' };
    expect(webhookJson(form, null)).toEqual({
      licenseNumber: 'N/A',
      senderPlatform: 'TradingView',
      platform: 'mt5',
      symbol: 'EURUSD',
      position: 'buy',
      lot: 0,
      slpoint: 150,
      tppoint: 0,
      trailingStop: 0,
      breakEvenPips: 0,
      riskPercentage: 1.5,
    });
    expect(JSON.parse(webhookJsonText(form, ''))).toEqual(webhookJson(form, undefined));
  });

  it('produces messages the webhook accepts, for every position', () => {
    for (const position of ['BUY', 'SELL', 'CLOSEBUY', 'CLOSESELL', 'CLOSEALL'] as const) {
      const form = { ...defaultTestForm, position };
      for (const body of [testPayload(form, 'LIC-1', at), webhookJson(form, 'LIC-1')]) {
        const parsed = webhookAlertSchema.safeParse(body);
        expect(parsed.error?.issues ?? [], position).toEqual([]);
        expect(parsed.data?.position).toBe(position.toLowerCase());
      }
    }
    expect(webhookAlertSchema.parse(testPayload(defaultTestForm, 'LIC-1', at)).isTest).toBe(true);
  });

  it('sends each command with the fields it shows, and the webhook accepts it', () => {
    const commands: Partial<TestForm>[] = [
      { position: 'BUYLIMIT', price: '1.08', expiry: '60', comment: 'grid' },
      { position: 'SELLSTOP', price: '1.07', slpips: '20', riskAmount: '50', lot: '0' },
      { position: 'CANCEL', side: 'sell', lot: '5' },
      { position: 'MODIFY', slprice: '1.07', tppips: '30', magic: '12' },
      { position: 'CLOSEBUY', closePercent: '50' },
      { position: 'BUY', closeOpposite: true, maxSpread: '20', deviation: '5', account: '5012345' },
    ];
    for (const fields of commands) {
      const form = { ...defaultTestForm, ...fields };
      for (const body of [testPayload(form, 'LIC-1', at), webhookJson(form, 'LIC-1')]) {
        const parsed = webhookAlertSchema.safeParse(body);
        expect(parsed.error?.issues ?? [], form.position).toEqual([]);
        expect(parsed.data?.position).toBe(form.position.toLowerCase());
      }
    }
    expect(testPayload({ ...defaultTestForm, ...commands[4] }, 'LIC-1', at)).toMatchObject({
      position: 'closebuy',
      closePercent: 50,
    });
    expect(webhookJson({ ...defaultTestForm, ...commands[0] }, 'LIC-1')).toMatchObject({
      position: 'buylimit',
      price: 1.08,
      expiry: 60,
      comment: 'grid',
      lot: 0.01,
    });
  });

  it('sends take-profit levels as the webhook reads them, on buy and sell only', () => {
    const tps: TestForm['tps'] = [
      { unit: 'pips', distance: '20', percent: '50' },
      { unit: 'points', distance: '400', percent: '30' },
      { unit: 'price', distance: '1.095', percent: '20' },
    ];
    const levels = [
      { pips: 20, percent: 50 },
      { points: 400, percent: 30 },
      { price: 1.095, percent: 20 },
    ];
    for (const position of ['BUY', 'SELL'] as const) {
      const form = { ...defaultTestForm, position, tps };
      for (const body of [testPayload(form, 'LIC-1', at), webhookJson(form, 'LIC-1')]) {
        const parsed = webhookAlertSchema.safeParse(body);
        expect(parsed.error?.issues ?? [], position).toEqual([]);
        expect(parsed.data?.tps).toEqual(levels);
      }
      expect(JSON.parse(webhookJsonText(form, 'LIC-1')).tps).toEqual(levels);
    }
    // Not sent where it does not apply, nor when there are no levels.
    expect(
      testPayload({ ...defaultTestForm, position: 'BUYLIMIT', tps }, 'L', at),
    ).not.toHaveProperty('tps');
    expect(webhookJson(defaultTestForm, 'L')).not.toHaveProperty('tps');
    // Sent as typed: the webhook names what is wrong with a level.
    const over = { ...defaultTestForm, tps: [tps[0]!, { ...tps[1]!, percent: '60' }] };
    expect(webhookAlertSchema.safeParse(testPayload(over, 'L', at)).error?.issues).toMatchObject([
      { path: ['tps'], message: 'percents must add up to at most 100' },
    ]);
  });
});
