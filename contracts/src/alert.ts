import { z } from 'zod';
import {
  type AlertField,
  blankToUndefined,
  booleanField,
  declined,
  field,
  noNul,
  numberField,
  numberToText,
  optionalField,
  percentField,
  readText,
  textField,
  wholeField,
  wordField,
} from './alert-fields.ts';
import { alertRuleBreaks, alertRuleCheck } from './alert-rules.ts';
import { positions, positionsV3 } from './ea-protocol.ts';
import { digitsPattern, platforms } from './ea-protocol-values.ts';

/**
 * The alert message TradingView (or the dashboard's Signal Test) posts to the webhook, parsed
 * leniently: numbers may arrive as strings, `position` is case-insensitive with long/short as
 * synonyms of buy/sell, and an exchange prefix (`OANDA:EURUSD`) is stripped from the symbol.
 * The descriptions are the parameter reference the docs page renders and the JSON Schema
 * served at /schemas/alert.json carries; the rules between fields are in alert-rules.ts.
 * Each field also has a plain reader (alert-fields.ts) for the webhook's hot path.
 */

/** The alert's numeric trade parameters, in the order the dashboard and the store list them. */
export const alertNumberFields = [
  'lot',
  'price',
  'slpoint',
  'tppoint',
  'trailingStop',
  'breakEvenPips',
  'riskPercentage',
] as const;

/** The spec's positions (v1), which every EA runs. */
export const specPositions = positions;
/** Every position an alert may ask for; those beyond the spec's need a v3 EA. */
export const webhookPositions = positionsV3;

const sides = { long: 'buy', short: 'sell' } as const;

const positiveNumber = z.number({ error: 'must be a number' }).gt(0, 'must be greater than 0');
const levelPercent = z
  .number({ error: 'is required: the percent of the volume this level closes' })
  .gt(0, 'must be greater than 0')
  .max(100, 'must be at most 100');

export const alertTakeProfitsSchema = z
  .array(
    z.xor(
      [
        z.object({ points: positiveNumber, percent: levelPercent }),
        z.object({ pips: positiveNumber, percent: levelPercent }),
        z.object({ price: positiveNumber, percent: levelPercent }),
      ],
      { error: 'each level needs exactly one of points, pips or price, and its percent' },
    ),
    { error: 'must be a list of levels such as [{"pips": 20, "percent": 50}]' },
  )
  .max(3, 'has at most 3 levels')
  .refine(
    (levels) => levels.reduce((sum, level) => sum + level.percent, 0) <= 100,
    'percents must add up to at most 100',
  )
  .optional()
  .describe(
    'Several take-profits on buy and sell: up to 3 levels, each {"points"|"pips"|"price": n, "percent": p} closing p% of the volume opened (percents add up to at most 100). The EA manages them; with breakEvenPips the stop loss moves to the entry after the first.',
  );

const exchangePrefix = /^[A-Za-z0-9_.-]+:/;
const brokerSymbol = /^[A-Za-z0-9._#+!\-/]*$/;
const stripSymbol = (v: unknown) =>
  typeof v === 'string' ? v.trim().replace(exchangePrefix, '') : v;
const lowerBlank = (v: unknown) =>
  typeof v === 'string' ? blankToUndefined(v.trim().toLowerCase()) : v;

/** The alert's fields in order, each with its schema and plain reader (alert-fields.ts). */
export const alertFields = {
  licenseNumber: field(
    z
      .string({ error: 'is required (copy it from your dashboard)' })
      .trim()
      .min(1, 'is required (copy it from your dashboard)')
      .max(128, 'is too long')
      .describe('Your license number from the dashboard. Required.'),
    (v) => {
      const text = typeof v === 'string' ? v.trim() : '';
      return text.length >= 1 && text.length <= 128 ? text : declined;
    },
  ),
  symbol: field(
    z
      .preprocess(
        stripSymbol,
        z
          .string({ error: 'is required' })
          .max(64, 'is too long')
          .regex(brokerSymbol, 'contains characters no broker symbol uses'),
      )
      .default('')
      .describe(
        "Instrument, e.g. EURUSD or {{ticker}}. An exchange prefix such as OANDA: is removed; the EA maps it to your broker's name (EURUSD.m, EURUSDpro…).",
      ),
    (v) => {
      if (v === undefined) return '';
      const symbol = stripSymbol(v);
      return typeof symbol === 'string' && symbol.length <= 64 && brokerSymbol.test(symbol)
        ? symbol
        : declined;
    },
  ),
  position: wordField(
    webhookPositions,
    `${webhookPositions.join(', ')} (long/short also work)`,
    sides,
    'buy, sell, closebuy, closesell or closeall; pending orders buylimit, selllimit, buystop, sellstop; cancel (deletes pending orders) or modify (sets SL/TP of open positions). long and short mean buy and sell.',
  ),
  lot: numberField('Volume in lots. Used when riskPercentage and riskAmount are 0.', 1000),
  price: numberField(
    'Entry price of a pending order (buylimit, selllimit, buystop, sellstop: required). On other positions informational, e.g. {{close}}: market orders execute at market.',
    1e9,
  ),
  expiry: wholeField(
    'Pending orders: minutes until the broker deletes the order. 0 = good till cancelled.',
    527_040,
  ),
  side: optionalField(
    wordField(['buy', 'sell'], 'buy, sell', sides),
    'cancel and modify: only orders or positions of that direction. Omit for both.',
  ),
  slpoint: numberField('Stop loss distance in points from the entry price. 0 = no stop loss.', 1e7),
  tppoint: numberField(
    'Take profit distance in points from the entry price. 0 = no take profit.',
    1e7,
  ),
  slpips: numberField(
    'Stop loss distance in pips from the entry price (a pip is 10 points on 5- and 3-digit symbols, 1 point otherwise).',
    1e6,
  ),
  tppips: numberField('Take profit distance in pips from the entry price.', 1e6),
  slprice: numberField('Stop loss as an absolute price.', 1e9),
  tpprice: numberField('Take profit as an absolute price.', 1e9),
  // Rare and nested: an alert with levels always goes through zod.
  tps: field(alertTakeProfitsSchema, (v) => (v === undefined ? undefined : declined)),
  trailingStop: numberField('Trailing stop distance in points. 0 = disabled.', 1e7),
  breakEvenPips: numberField(
    'Profit in pips at which the stop loss moves to the entry price. 0 = disabled.',
    1e6,
  ),
  riskPercentage: numberField(
    'Percentage of balance to risk; sizes the lot from the stop loss (needs one). Overrides lot when above 0.',
    100,
  ),
  riskAmount: numberField(
    'Money (account currency) to lose at the stop loss; sizes the lot, rounded to the volume step. Needs a stop loss; overrides lot and riskPercentage.',
    1e9,
  ),
  closePercent: percentField(
    'closebuy, closesell, closeall: close this percent of each matching position (above 0, at most 100), rounded down to the volume step. Omit to close all.',
  ),
  closeOpposite: booleanField(
    'buy and sell: close the positions of the other direction first, then open (reverse in one alert).',
  ),
  maxSpread: numberField('Refuse to open when the spread is wider than this, in points.', 1e7),
  deviation: numberField(
    'Market orders: the largest slippage accepted, in points. 0 = the EA default.',
    1e7,
  ),
  comment: textField('Order comment shown on the trade, at most 24 characters.', 24),
  magic: wholeField(
    "Magic number of the orders to open or act on, instead of the EA's own.",
    2_147_483_647,
  ),
  account: field(
    z
      .preprocess(
        numberToText,
        z
          .string({ error: 'must be an account number' })
          .trim()
          .regex(digitsPattern, 'must be an account number (digits only)')
          .optional(),
      )
      .describe(
        'Account number: only the terminal logged in to it receives the signal. Omit for every terminal of the license.',
      ),
    readText(numberToText, (text) => digitsPattern.test(text)),
  ),
  platform: field(
    z
      .preprocess(lowerBlank, z.enum(platforms, { error: 'must be mt4 or mt5' }).optional())
      .describe('mt5 or mt4: only terminals of that platform receive the signal. Omit for all.'),
    (v) => {
      const platform = lowerBlank(v);
      if (platform === undefined) return undefined;
      return (platforms as readonly unknown[]).includes(platform) ? platform : declined;
    },
  ),
  alertId: field(
    z
      .preprocess(
        numberToText,
        z
          .string({ error: 'must be a string' })
          .trim()
          .max(128, 'is too long')
          .refine(noNul, 'must not contain NUL characters')
          .optional(),
      )
      .describe(
        'Optional unique id per alert, e.g. {{strategy.order.id}}-{{timenow}}. A repeat within 24 h returns the first signal instead of trading twice.',
      ),
    readText(numberToText, (text) => text.length <= 128 && noNul(text)),
  ),
  senderPlatform: field(
    z
      .string({ error: 'must be a string' })
      .trim()
      .max(64, 'is too long')
      .refine(noNul, 'must not contain NUL characters')
      .optional()
      .describe('Free label of the sender, e.g. TradingView.'),
    readText(
      (v) => v,
      (text) => text.length <= 64 && noNul(text),
    ),
  ),
  isTest: booleanField(
    "true for the dashboard's test signals: the EA logs them and does not trade.",
  ),
};

type Schemas<F extends Record<string, AlertField>> = { [K in keyof F]: F[K]['schema'] };
const schemasOf = <F extends Record<string, AlertField>>(fields: F) =>
  Object.fromEntries(Object.entries(fields).map(([key, f]) => [key, f.schema])) as Schemas<F>;

export const webhookAlertSchema = z
  .object(schemasOf(alertFields))
  // Also when a field was refused, so the 400 names every problem at once.
  .superRefine(alertRuleCheck, {
    when: ({ value }) => typeof value === 'object' && value !== null && !Array.isArray(value),
  });

export type WebhookAlert = z.infer<typeof webhookAlertSchema>;
export type AlertPosition = WebhookAlert['position'];

const plainReaders = Object.entries(alertFields).map(([key, f]) => [key, f.read] as const);

/**
 * The alert as `webhookAlertSchema` reads `body`, without zod; null where zod might refuse it,
 * and then zod says why. The webhook's hot path: on a busy server, zod cost each alert 50–100 µs
 * of CPU more than these readers (load-tests/RESULTS.md, twenty-first session).
 */
export function readPlainAlert(body: Readonly<Record<string, unknown>>): WebhookAlert | null {
  const alert: Record<string, unknown> = {};
  for (const [key, read] of plainReaders) {
    const value = read(body[key]);
    if (value === declined) return null;
    // As zod: a field that gives nothing is left out when its key was.
    if (value !== undefined || key in body) alert[key] = value;
  }
  return alertRuleBreaks(alert).length === 0 ? (alert as WebhookAlert) : null;
}
