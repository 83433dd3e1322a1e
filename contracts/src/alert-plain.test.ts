import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alertFields, readPlainAlert, webhookAlertSchema } from './alert.ts';
import { declined } from './alert-fields.ts';

/**
 * The plain readers stand in for zod on the webhook's hot path, so each must give exactly what
 * its schema gives, and decline exactly what its schema refuses. Values come from the edges
 * of every field: ranges, spellings, blanks, types, NUL, and what TradingView templates write.
 */
const edgeValues: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -0,
  1,
  -1,
  0.01,
  0.5,
  1.5,
  24,
  25,
  64,
  100,
  100.0001,
  1000,
  1000.5,
  1001,
  1e6,
  1e6 + 1,
  1e7,
  1e7 + 1,
  1e9,
  1e9 + 1,
  527_040,
  527_041,
  2_147_483_647,
  2_147_483_648,
  1e21,
  Number.POSITIVE_INFINITY,
  Number.NaN,
  '',
  ' ',
  '0',
  '-0',
  ' 0.01 ',
  '1.',
  '.5',
  '+.5',
  '-1',
  '1e5',
  '0x10',
  'Infinity',
  '100.0001',
  '2147483647',
  ' 12 ',
  'buy',
  ' Buy ',
  'SELL',
  'long',
  'Short',
  'close_buy',
  'close-all',
  'Close All',
  'closesell',
  'buylimit',
  'Sell Stop',
  'cancel',
  'modify',
  'hold',
  'constructor',
  'toString',
  '__proto__',
  'mt4',
  ' MT5 ',
  'mt6',
  'true',
  'false',
  'TRUE',
  'EURUSD',
  'OANDA:EURUSD',
  ' BINANCE:BTCUSDT.P ',
  'EUR/USD',
  'US30#',
  'EUR USD',
  'a:b:c',
  'x\u0000y',
  '\u0000',
  '12345678901234567890',
  '123456789012345678901',
  'SR-7f3a9c21',
  'x'.repeat(24),
  'x'.repeat(25),
  'x'.repeat(64),
  'x'.repeat(65),
  'x'.repeat(128),
  'x'.repeat(129),
  ` ${'x'.repeat(128)} `,
  [],
  [{ pips: 20, percent: 50 }],
  {},
];

const keys = Object.keys(alertFields) as (keyof typeof alertFields)[];

describe('the alert plain readers', () => {
  it('give what each field schema gives, and decline exactly what it refuses', () => {
    for (const key of keys) {
      const { schema, read } = alertFields[key];
      for (const value of edgeValues) {
        const parsed = schema.safeParse(value);
        const plain = read(value);
        const where = `${key} = ${String(value)}`;
        if (plain === declined) {
          // `tps` leaves every list to zod; every other field declines only what zod refuses.
          if (key !== 'tps') expect(parsed.success, where).toBe(false);
        } else {
          expect(parsed.success, where).toBe(true);
          expect(Object.is(plain, parsed.data) || plain === parsed.data, where).toBe(true);
        }
      }
    }
  });

  // Alerts as users write them: a few fields, mostly with values their field accepts.
  const someValue = fc.constantFrom(...edgeValues);
  const acceptedBy = (key: (typeof keys)[number]) =>
    fc.constantFrom(...edgeValues.filter((v) => alertFields[key].schema.safeParse(v).success));
  const alertArb = fc.record(
    {
      ...Object.fromEntries(
        keys.map((key) => [
          key,
          fc.oneof({ weight: 12, arbitrary: acceptedBy(key) }, { weight: 1, arbitrary: someValue }),
        ]),
      ),
      unknownField: someValue,
    },
    { requiredKeys: [] },
  );

  it('read a whole alert as zod does, keys left out or kept as zod leaves or keeps them', () => {
    let plain = 0;
    fc.assert(
      fc.property(alertArb, fc.integer({ min: 0, max: 27 }), (alert, from) => {
        // Most alerts set a few fields: leave out a run of them.
        const body: Record<string, unknown> = { ...alert };
        for (const key of keys.slice(from, from + 22)) {
          if (key !== 'licenseNumber' && key !== 'position') delete body[key];
        }
        const parsed = webhookAlertSchema.safeParse(body);
        const read = readPlainAlert(body);
        if (read === null) {
          expect(parsed.success && body.tps === undefined).toBe(false);
        } else {
          plain++;
          expect(parsed.success).toBe(true);
          expect(read).toStrictEqual(parsed.data);
          expect(JSON.stringify(read)).toBe(JSON.stringify(parsed.data));
        }
      }),
      { numRuns: 20_000 },
    );
    // The property says something only if many alerts were valid.
    expect(plain).toBeGreaterThan(800);
  });

  it('take the plain way for the alerts TradingView templates send', () => {
    const alerts = [
      { licenseNumber: 'SR-1', symbol: 'EURUSD', position: 'buy', lot: 0.01 },
      { licenseNumber: ' SR-1 ', symbol: 'OANDA:EURUSD', position: 'Long', lot: '0.10' },
      {
        licenseNumber: 'SR-1',
        symbol: 'XAUUSD',
        position: 'sell',
        lot: '1',
        price: '2375.40',
        slpoint: '300',
        tppoint: '',
        alertId: 1732240000,
        senderPlatform: 'TradingView',
      },
      { licenseNumber: 'SR-1', position: 'closeall', isTest: 'true', comment: ' ' },
    ];
    for (const alert of alerts) {
      expect(readPlainAlert(alert)).toStrictEqual(webhookAlertSchema.parse(alert));
    }
  });

  it('leave a broken rule to zod, which names it', () => {
    const pendingWithoutPrice = {
      licenseNumber: 'SR-1',
      symbol: 'EURUSD',
      position: 'buylimit',
      lot: 1,
    };
    expect(readPlainAlert(pendingWithoutPrice)).toBeNull();
    const parsed = webhookAlertSchema.safeParse(pendingWithoutPrice);
    expect(parsed.error?.issues.map((issue) => issue.path[0])).toEqual(['price']);
  });
});
