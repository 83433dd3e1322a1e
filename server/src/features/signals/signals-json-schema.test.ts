import { webhookAlertSchema } from '@signalrelay/contracts/signals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

/**
 * /schemas/alert.json is generated from the zod schema the webhook validates with: a tool
 * validating alerts with it accepts and refuses what the webhook does, rules between fields
 * included (the one exception, the tps percents' sum, is stated in the schema's description).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const base = { licenseNumber: 'SR-1', symbol: 'EURUSD' };
const accepted = [
  { ...base, position: 'buy', lot: 0.1, slpoint: 200, tppoint: 400, platform: 'mt5' },
  { ...base, position: 'sell', riskPercentage: 1, slpoint: 300 },
  { ...base, position: 'closeall', symbol: '' },
  { ...base, position: 'closebuy', closePercent: 50 },
  { ...base, position: 'buylimit', price: 1.08, lot: 0.1, expiry: 60, comment: 'grid' },
  { ...base, position: 'sellstop', price: 1.07, riskAmount: 50, slpips: 20 },
  { ...base, position: 'cancel', side: 'sell' },
  { ...base, position: 'modify', slprice: 1.07, tppips: 30, magic: 12 },
  { ...base, position: 'buy', lot: 0.2, closeOpposite: true, maxSpread: 20, deviation: 10 },
  {
    ...base,
    position: 'sell',
    lot: 0.3,
    tps: [
      { pips: 10, percent: 50 },
      { price: 1.07, percent: 50 },
    ],
  },
  { ...base, position: 'buy', lot: 0.1, account: '5012345' },
];
const refused = [
  { ...base, position: 'hold', lot: 1 },
  { ...base, position: 'buy' },
  { ...base, position: 'buy', lot: 0.1, symbol: '' },
  { ...base, position: 'buy', lot: 2000 },
  { ...base, position: 'sell', riskPercentage: 1 },
  { ...base, position: 'buylimit', lot: 0.1 },
  { ...base, position: 'buy', lot: 0.1, slpoint: 200, slpips: 20 },
  { ...base, position: 'buy', lot: 0.1, tppoint: 400, tps: [{ pips: 10, percent: 50 }] },
  { ...base, position: 'buy', lot: 0.1, closePercent: 50 },
  { ...base, position: 'closebuy', closePercent: 0 },
  { ...base, position: 'closesell', closePercent: 150 },
  { ...base, position: 'sell', lot: 0.1, expiry: 30 },
  { ...base, position: 'modify' },
  { ...base, position: 'cancel', side: 'up' },
  { ...base, position: 'buy', lot: 0.1, comment: 'x'.repeat(25) },
  { ...base, position: 'buy', lot: 0.1, tps: [{ pips: 10, points: 5, percent: 50 }] },
  { ...base, position: 'buy', lot: 0.1, account: 'abc' },
  { ...base, position: 'buy', riskAmount: 50 },
  { symbol: 'EURUSD', position: 'buy', lot: 1 },
];

describe('/schemas/alert.json', () => {
  it('is served as JSON Schema and agrees with the webhook on every example', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/schemas/alert.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/schema\+json/);
    const schema = res.json();
    expect(schema.$id).toMatch(/\/schemas\/alert\.json$/);
    const validate = new Ajv2020({ strict: false }).compile(schema);
    for (const example of [...accepted, ...refused]) {
      const zod = webhookAlertSchema.safeParse(example).success;
      expect(validate(example), JSON.stringify(example)).toBe(zod);
    }
    expect(accepted.every((e) => webhookAlertSchema.safeParse(e).success)).toBe(true);
    expect(refused.some((e) => webhookAlertSchema.safeParse(e).success)).toBe(false);
  });

  it('carries every field with the description the docs table shows', async () => {
    const schema = (await t.app.inject({ method: 'GET', url: '/schemas/alert.json' })).json();
    expect(Object.keys(schema.properties).sort()).toEqual(
      Object.keys(webhookAlertSchema.shape).sort(),
    );
    for (const [name, property] of Object.entries(schema.properties)) {
      expect((property as { description?: string }).description, name).toBeTruthy();
    }
  });
});
