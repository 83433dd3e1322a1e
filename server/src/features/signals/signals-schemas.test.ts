import {
  alertNumberFields,
  specPositions,
  type WebhookAlert,
  webhookAlertSchema,
  webhookPositions,
} from '@signalrelay/contracts/signals';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withChanges } from '../../../test/with-changes.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { bodyObject } from './signals-webhook.ts';

/** Property-based tests of the webhook parser: lenient where TradingView is, exact elsewhere. */

const fields = Object.keys(webhookAlertSchema.shape);
const numberFields = alertNumberFields;
const maxOf: Record<(typeof numberFields)[number], number> = {
  lot: 1000,
  price: 1e9,
  slpoint: 1e7,
  tppoint: 1e7,
  trailingStop: 1e7,
  breakEvenPips: 1e6,
  riskPercentage: 100,
};

const symbolChars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._#+!-/';
const symbol = fc
  .array(fc.constantFrom(...symbolChars), { minLength: 1, maxLength: 20 })
  .map((cs) => cs.join(''));
const exchange = fc.constantFrom('', 'OANDA:', 'FX:', 'BINANCE:', 'FX_IDC:', 'CAPITALCOM:');
/** A finite number in range, kept to 6 decimals so its string form parses back exactly. */
const amount = (max: number) =>
  fc.integer({ min: 0, max: max * 1e6 }).map((n) => Math.round(n) / 1e6);
/** How TradingView may write a number: as a number, or a string with stray spaces. */
const spelled = (n: number) => fc.constantFrom<unknown>(n, String(n), ` ${n} `, `${n}\n`);
/** How a position may be written: any case, long/short, spaces or separators inside. */
const positionSpelling = (p: string) => {
  const base =
    p === 'buy'
      ? fc.constantFrom('buy', 'long')
      : p === 'sell'
        ? fc.constantFrom('sell', 'short')
        : fc.constant(p);
  return base.chain((word) =>
    fc
      .tuple(fc.constantFrom('', ' ', '\t'), fc.boolean(), fc.constantFrom('', '_', '-', ' '))
      .map(([pad, upper, sep]) => {
        const cased = upper ? word.toUpperCase() : word;
        const split =
          word.startsWith('close') && sep ? `${cased.slice(0, 5)}${sep}${cased.slice(5)}` : cased;
        return `${pad}${split}${pad}`;
      }),
  );
};

/** A correct alert, normalised as the schema should return it. */
const canonical = fc
  .record({
    licenseNumber: fc
      .string({ minLength: 1, maxLength: 40 })
      .filter((s) => s.trim() === s && s !== ''),
    symbol,
    position: fc.constantFrom(...specPositions),
    lot: amount(10).map((n) => Math.max(n, 0.01)),
    price: amount(1000),
    slpoint: amount(1000).map(Math.round),
    tppoint: amount(1000),
    trailingStop: amount(100),
    breakEvenPips: amount(100),
    riskPercentage: fc.constant(0),
    platform: fc.constantFrom(undefined, 'mt4', 'mt5'),
    isTest: fc.boolean(),
  })
  .map((a) => ({ ...a, slpoint: Math.max(a.slpoint, 1) }));

/** The same alert written the loose ways TradingView templates produce. */
const presented = canonical.chain((c) =>
  fc
    .record({
      prefix: exchange,
      position: positionSpelling(c.position),
      lot: spelled(c.lot),
      price: spelled(c.price),
      slpoint: spelled(c.slpoint),
      platform: fc
        .constant(c.platform)
        .chain((p) =>
          p ? fc.constantFrom(p, p.toUpperCase(), ` ${p} `) : fc.constantFrom(undefined, '', '  '),
        ),
      isTest: fc.constantFrom<unknown>(c.isTest, String(c.isTest)),
      extra: fc.dictionary(
        fc.string({ maxLength: 8 }).filter((k) => !fields.includes(k)),
        fc.jsonValue(),
        { maxKeys: 3 },
      ),
    })
    .map((p) => ({
      canonical: c,
      body: {
        ...p.extra,
        licenseNumber: c.licenseNumber,
        symbol: `${p.prefix}${c.symbol}`,
        position: p.position,
        lot: p.lot,
        price: p.price,
        slpoint: p.slpoint,
        tppoint: c.tppoint,
        trailingStop: c.trailingStop,
        breakEvenPips: c.breakEvenPips,
        ...(p.platform === undefined ? {} : { platform: p.platform }),
        isTest: p.isTest,
      } as Record<string, unknown>,
    })),
);

/** The commands beyond the spec (issue 22) as a spec-only alert reads them: none used. */
const noCommands = {
  expiry: 0,
  slpips: 0,
  tppips: 0,
  slprice: 0,
  tpprice: 0,
  riskAmount: 0,
  closeOpposite: false,
  maxSpread: 0,
  deviation: 0,
  magic: 0,
};

/** What must hold of anything the schema accepts. */
function assertSane(alert: WebhookAlert) {
  expect(webhookPositions).toContain(alert.position);
  expect(alert.symbol).toMatch(/^[A-Za-z0-9._#+!\-/]*$/);
  expect(alert.symbol.length).toBeLessThanOrEqual(64);
  expect(alert.licenseNumber.trim()).toBe(alert.licenseNumber);
  expect(alert.licenseNumber.length).toBeGreaterThan(0);
  for (const f of numberFields) {
    expect(Number.isFinite(alert[f]), f).toBe(true);
    expect(alert[f]).toBeGreaterThanOrEqual(0);
    expect(alert[f]).toBeLessThanOrEqual(maxOf[f]);
  }
  if (alert.position === 'buy' || alert.position === 'sell') {
    expect(alert.symbol).not.toBe('');
    expect(alert.lot > 0 || alert.riskPercentage > 0 || alert.riskAmount > 0).toBe(true);
  }
  // A risk-sized trade is measured to its stop loss, in whichever unit it comes.
  if (alert.riskPercentage > 0 || alert.riskAmount > 0) {
    expect(alert.slpoint + alert.slpips + alert.slprice).toBeGreaterThan(0);
  }
}

/** Parses like the route does; returns the alert or the AppError it threw. */
function parse(value: unknown): WebhookAlert | AppError {
  try {
    return parseInput(webhookAlertSchema, value);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

/** A JSON value shaped like an alert: known field names with values of any type. */
const alertLike = fc.dictionary(
  fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 10 })),
  fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom('buy', 'SELL', 'long', 'closeall', 'mt5', 'true', '1e400', 'NaN', '-1', ' '),
    fc.double(),
  ),
  { maxKeys: 12 },
);

/** A correct alert with a few fields replaced by anything, or removed. */
const mutated = fc
  .tuple(
    presented.map((p) => p.body),
    fc.array(
      fc.tuple(
        fc.constantFrom(...fields),
        fc.option(
          fc.oneof(
            fc.jsonValue({ maxDepth: 1 }),
            fc.double(),
            fc.constantFrom('', ' ', 'NaN', 'Infinity', '1e400', '-0', '0x10', '1,5', 'buy', 'mt6'),
          ),
        ),
      ),
      { maxLength: 3 },
    ),
  )
  .map(([body, changes]) => withChanges(body, changes));

describe('webhook alert parser, property-based', () => {
  it('reads every loose spelling of a correct alert as the same normalised alert', () => {
    fc.assert(
      fc.property(presented, ({ canonical: c, body }) => {
        const alert = parse(body);
        if (alert instanceof AppError) throw alert;
        expect(alert).toEqual({
          ...c,
          ...noCommands,
          ...(c.platform === undefined ? { platform: undefined } : {}),
          alertId: undefined,
          senderPlatform: undefined,
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts only sane alerts, and refuses anything else with a 400 naming the field', () => {
    fc.assert(
      fc.property(fc.oneof(mutated, mutated, alertLike, fc.jsonValue()), (value) => {
        const result = parse(value);
        if (result instanceof AppError) {
          expect(result.code).toBe('BAD_REQUEST');
          const field = result.details?.field;
          if (field !== undefined) {
            expect(fields).toContain(String(field).split('.')[0]);
            expect(result.message.startsWith(`${field}: `)).toBe(true);
          }
          return;
        }
        assertSane(result);
        // Parsing is idempotent: what it returns, it accepts unchanged.
        expect(parse(JSON.parse(JSON.stringify(result)))).toEqual(
          JSON.parse(JSON.stringify(result)),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('reads a text/plain body as JSON objects only, with a 400 for anything else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.string({ unit: 'binary' })), (text) => {
        let value: unknown;
        try {
          value = bodyObject(text);
        } catch (err) {
          expect(err).toBeInstanceOf(AppError);
          expect((err as AppError).code).toBe('BAD_REQUEST');
          return;
        }
        expect(typeof value).toBe('object');
        expect(value).not.toBeNull();
        expect(Array.isArray(value)).toBe(false);
        expect(value).toEqual(JSON.parse(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses NUL characters, which Postgres cannot store, as bad input naming the field', () => {
    const base = { licenseNumber: 'SR-X', symbol: 'EURUSD', position: 'buy', lot: 1 };
    for (const field of ['alertId', 'senderPlatform']) {
      const result = parse({ ...base, [field]: 'a\u0000b' });
      expect(result).toBeInstanceOf(AppError);
      expect((result as AppError).message).toBe(`${field}: must not contain NUL characters`);
    }
  });
});
