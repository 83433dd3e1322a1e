import { z } from 'zod';

/**
 * The alert message TradingView (or the dashboard's Signal Test) posts to the webhook, parsed
 * leniently: numbers may arrive as strings, `position` is case-insensitive with long/short as
 * synonyms of buy/sell, and an exchange prefix (`OANDA:EURUSD`) is stripped from the symbol.
 * The `describe()` texts are the parameter reference the docs page renders.
 */

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
/** Postgres text cannot hold a NUL character: refused here as bad input, not failed later. */
const noNul = (s: string) => !s.includes('\u0000');

/**
 * What a TradingView placeholder gives (`{{close}}`, `{{strategy.order.contracts}}`): a plain
 * decimal, perhaps signed or padded with spaces. JavaScript's Number() would also read hex,
 * exponents and Infinity (`"0x10"` as 16 lots): those are refused.
 */
const plainDecimal = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function numberField(description: string, max: number) {
  return z.preprocess(
    (v) => {
      const value = blankToUndefined(v);
      if (typeof value !== 'string') return value;
      const text = value.trim();
      return plainDecimal.test(text) ? Number(text) : value;
    },
    z
      .number({
        error: (issue) =>
          typeof issue.input === 'string'
            ? `must be a plain decimal number such as 0.01, not "${issue.input.slice(0, 32)}"`
            : 'must be a number',
      })
      .refine(Number.isFinite, 'must be a finite number')
      .min(0, 'must not be negative')
      .max(max, `must be at most ${max}`)
      .default(0)
      .describe(description),
  );
}

const positionSynonyms: Record<string, string> = { long: 'buy', short: 'sell' };

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

export const webhookPositions = ['buy', 'sell', 'closebuy', 'closesell', 'closeall'] as const;

export const webhookAlertSchema = z
  .object({
    licenseNumber: z
      .string({ error: 'is required (copy it from your dashboard)' })
      .trim()
      .min(1, 'is required (copy it from your dashboard)')
      .max(128, 'is too long')
      .describe('Your license number from the dashboard. Required.'),
    symbol: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim().replace(/^[A-Za-z0-9_.-]+:/, '') : v),
        z
          .string({ error: 'is required' })
          .max(64, 'is too long')
          .regex(/^[A-Za-z0-9._#+!\-/]*$/, 'contains characters no broker symbol uses'),
      )
      .default('')
      .describe(
        "Instrument, e.g. EURUSD or {{ticker}}. An exchange prefix such as OANDA: is removed; the EA maps it to your broker's name (EURUSD.m, EURUSDpro…).",
      ),
    position: z
      .preprocess(
        (v) => {
          if (typeof v !== 'string') return v;
          const p = v
            .trim()
            .toLowerCase()
            .replace(/[\s_-]/g, '');
          return positionSynonyms[p] ?? p;
        },
        z.enum(webhookPositions, {
          error: 'must be one of buy, sell, closebuy, closesell, closeall (long/short also work)',
        }),
      )
      .describe('buy, sell, closebuy, closesell or closeall. long and short mean buy and sell.'),
    lot: numberField('Volume in lots. Used when riskPercentage is 0.', 1000),
    price: numberField('Informational alert price, e.g. {{close}}. Orders execute at market.', 1e9),
    slpoint: numberField(
      'Stop loss distance in points from the entry price. 0 = no stop loss.',
      1e7,
    ),
    tppoint: numberField(
      'Take profit distance in points from the entry price. 0 = no take profit.',
      1e7,
    ),
    trailingStop: numberField('Trailing stop distance in points. 0 = disabled.', 1e7),
    breakEvenPips: numberField(
      'Profit in pips at which the stop loss moves to the entry price. 0 = disabled.',
      1e6,
    ),
    riskPercentage: numberField(
      'Percentage of balance to risk; sizes the lot from the stop loss (needs slpoint). Overrides lot when above 0.',
      100,
    ),
    platform: z
      .preprocess(
        (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toLowerCase()) : v),
        z.enum(['mt4', 'mt5'], { error: 'must be mt4 or mt5' }).optional(),
      )
      .describe('mt5 or mt4: only terminals of that platform receive the signal. Omit for all.'),
    alertId: z
      .preprocess(
        (v) => (typeof v === 'number' ? String(v) : blankToUndefined(v)),
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
    senderPlatform: z
      .string({ error: 'must be a string' })
      .trim()
      .max(64, 'is too long')
      .refine(noNul, 'must not contain NUL characters')
      .optional()
      .describe('Free label of the sender, e.g. TradingView.'),
    isTest: z
      .preprocess(
        (v) => (v === 'true' ? true : v === 'false' ? false : v),
        z.boolean({ error: 'must be true or false' }).default(false),
      )
      .describe("true for the dashboard's test signals: the EA logs them and does not trade."),
  })
  .superRefine((alert, ctx) => {
    const opens = alert.position === 'buy' || alert.position === 'sell';
    if (opens && alert.symbol === '') {
      ctx.addIssue({ code: 'custom', path: ['symbol'], message: 'is required for buy and sell' });
    }
    if ((alert.position === 'closebuy' || alert.position === 'closesell') && alert.symbol === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['symbol'],
        message: `is required for ${alert.position}`,
      });
    }
    if (opens && alert.lot === 0 && alert.riskPercentage === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['lot'],
        message: 'must be greater than 0 for buy and sell (or set riskPercentage)',
      });
    }
    if (alert.riskPercentage > 0 && alert.slpoint === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['slpoint'],
        message:
          'must be greater than 0 when riskPercentage is set (the risk is measured to the stop loss)',
      });
    }
  });

export type WebhookAlert = z.infer<typeof webhookAlertSchema>;

export const webhookReplySchema = z.object({
  ok: z.literal(true),
  signalId: z.string(),
  status: z.string(),
  delivered: z.boolean(),
  duplicate: z.boolean().optional(),
});
export type WebhookReply = z.infer<typeof webhookReplySchema>;

/** Signal History filters (spec section 9), all optional; the dashboard pages on the server. */
export const historyPeriods = ['all', '24h', '7d', '30d'] as const;
export const historyStatuses = [
  'all',
  'success',
  'failed',
  'pending',
  'quota_blocked',
  'error',
  'test_success',
] as const;
export const historyPageSizes = [20, 50, 100] as const;

export const signalHistoryQuerySchema = z.object({
  licenseNumber: z.string({ error: 'is required' }).trim().min(1, 'is required').max(128),
  period: z.enum(historyPeriods).default('all'),
  status: z.enum(historyStatuses).default('all'),
  platform: z.enum(['all', 'mt4', 'mt5']).default('all'),
  sort: z.enum(['desc', 'asc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (historyPageSizes as readonly number[]).includes(n), 'must be 20, 50 or 100')
    .default(100),
});
export type SignalHistoryQuery = z.infer<typeof signalHistoryQuerySchema>;

export const signalStatsQuerySchema = z.object({
  licenseNumber: z.string({ error: 'is required' }).trim().min(1, 'is required').max(128),
  days: z.coerce.number().int().min(1).max(90).default(14),
});

/** What the EA (or the expiry job) made of a signal, as stored. */
export const signalStatuses = ['pending', 'success', 'error', 'failed', 'quota_blocked'] as const;
export type SignalStatus = (typeof signalStatuses)[number];

/** Spec section 4: the status the dashboard shows (test signals and blocks told apart). */
export const displayStatuses = [
  'success',
  'error',
  'failed',
  'pending',
  'quota_blocked',
  'test_success',
] as const;
export type DisplayStatus = (typeof displayStatuses)[number];

/**
 * The terminal a signal was delivered to, as the dashboard names it in the signal's journey:
 * the one that executed it, else the first that received it. `transport` is how that
 * terminal was connected (its latest connection, for a signal read back from history).
 */
export type SignalDelivery = {
  account: string;
  broker: string;
  platform: 'mt4' | 'mt5';
  transport: 'ws' | 'poll' | null;
  eaVersion: string | null;
};

/**
 * The signal as the dashboard reads it (spec section 3, plus hop timings, its expiry and the
 * terminal it was delivered to; null while no terminal has it).
 */
export type SignalView = {
  _id: string;
  id: string;
  symbol: string;
  position: (typeof webhookPositions)[number] | null;
  status: SignalStatus;
  displayStatus: DisplayStatus;
  isTest: boolean;
  receivedAt: string;
  expiresAt: string;
  deliveredAt: string | null;
  executedAt: string | null;
  timings: { deliveryMs: number | null; executionMs: number | null };
  price: number;
  lot: number;
  slpoint: number;
  tppoint: number;
  trailingStop: number;
  breakEvenPips: number;
  riskPercentage: number;
  sender: string | null;
  senderPlatform: string | null;
  platform: 'mt4' | 'mt5' | null;
  errorMessage: string | null;
  ticket: string | null;
  executedPrice: number | null;
  executedVolume: number | null;
  resultMessage: string | null;
  retcode: number | null;
  /** Set on an alert refused for its content: the body as received (first 4 KB). */
  rawBody: string | null;
  delivery: SignalDelivery | null;
};
