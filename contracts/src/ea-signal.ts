/** The signal the server sends an EA, and the result the EA answers with (ea/PROTOCOL.md). */
import { z } from 'zod';
import {
  digits,
  int4,
  positionSchema,
  positions,
  price,
  shortText,
  timeMs,
} from './ea-protocol-values.ts';

/** v3: one of up to three take-profit levels; exactly one of points, pips or price. */
export const takeProfitLevelSchema = z.object({
  points: z.number().positive().optional(),
  pips: z.number().positive().optional(),
  price: z.number().positive().optional(),
  percent: z.number().positive().max(100),
});
export type TakeProfitLevel = z.infer<typeof takeProfitLevelSchema>;

/**
 * v3 signal fields (ea/PROTOCOL.md, "Version 3"): sent only to v3 EAs, and only with a value
 * other than their default. Absent, 0 or false means "not used".
 */
const signalFieldsV3 = {
  expiryMinutes: z.number().int().nonnegative().optional(),
  side: z.enum(['buy', 'sell']).optional(),
  closePercent: z.number().positive().max(100).optional(),
  closeOpposite: z.boolean().optional(),
  slpips: z.number().nonnegative().optional(),
  tppips: z.number().nonnegative().optional(),
  slprice: z.number().nonnegative().optional(),
  tpprice: z.number().nonnegative().optional(),
  tps: z.array(takeProfitLevelSchema).max(3).optional(),
  riskAmount: z.number().nonnegative().optional(),
  maxSpread: z.number().nonnegative().optional(),
  deviation: z.number().nonnegative().optional(),
};

export const signalSchema = z.object({
  id: z.string().min(1).max(64),
  symbol: shortText(64),
  position: positionSchema,
  lot: z.number().nonnegative(),
  slpoint: z.number().nonnegative(),
  tppoint: z.number().nonnegative(),
  trailingStop: z.number().nonnegative(),
  breakEvenPips: z.number().nonnegative(),
  riskPercentage: z.number().nonnegative(),
  isTest: z.boolean(),
  receivedAt: z.number().int(),
  ttlMs: z.number().int(),
  orderType: z.enum(['market']).optional(),
  price: z.number().optional(),
  comment: shortText(256).optional(),
  magic: z.number().int().optional(),
  ...signalFieldsV3,
});
export type Signal = z.infer<typeof signalSchema>;

/** The v3 signal fields, and the alert field each one comes from where the names differ. */
const v3FieldWords: Record<string, string> = {
  ...Object.fromEntries(Object.keys(signalFieldsV3).map((field) => [field, field])),
  expiryMinutes: 'expiry',
  comment: 'comment',
  magic: 'magic',
};

/**
 * The first thing in a signal that needs a v3 EA, in the alert's own words (`buylimit`,
 * `closePercent`, `expiry`), or null when every EA can run it (ea/PROTOCOL.md, "What the
 * server sends to whom"): a v3 position, or a v3 field with a value other than its default.
 */
export function v3FeatureOf(signal: Partial<Signal>): string | null {
  if (signal.position && !(positions as readonly string[]).includes(signal.position)) {
    return signal.position;
  }
  for (const [field, word] of Object.entries(v3FieldWords)) {
    const value = (signal as Record<string, unknown>)[field];
    if (value === true || (typeof value === 'number' && value !== 0)) return word;
    if ((typeof value === 'string' || Array.isArray(value)) && value.length > 0) return word;
  }
  return null;
}

// ── Result (EA → server) ────────────────────────────────────────────────────────────────────

export const resultStatuses = ['success', 'error', 'skipped'] as const;
/** v3: the account rules an EA refuses a signal for. */
export const resultRules = ['maxLot', 'maxOpenPositions', 'maxDailyLoss'] as const;
/** The most lots a result may report. */
export const maxResultVolume = 1_000_000;

export const resultSchema = z.object({
  id: z.string().min(1).max(64),
  status: z.enum(resultStatuses),
  ticket: z.union([digits, z.literal('')]).optional(),
  price: price.optional(),
  message: shortText(1000).optional(),
  retcode: int4.optional(),
  executedAt: timeMs.optional(),
  /** v2: lots actually filled (opened or closed); less than asked on a partial fill. */
  volume: z.number().min(0).max(maxResultVolume).optional(),
  /** v3: the account rule that refused the signal (with status `error`). */
  rule: z.enum(resultRules).optional(),
});
export type SignalResult = z.infer<typeof resultSchema>;
