import { z } from 'zod';

import { platformSchema, positionSchema, takeProfitLevelSchema } from './ea-protocol.ts';

export {
  type AlertPosition,
  alertNumberFields,
  readPlainAlert,
  specPositions,
  type WebhookAlert,
  webhookAlertSchema,
  webhookPositions,
} from './alert.ts';

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

/** The daily quota now (spec section 6); `resetsAt`: the next New York midnight, in ms. */
export const quotaViewSchema = z.object({
  used: z.number(),
  limit: z.number(),
  remaining: z.number(),
  resetsAt: z.number(),
});
export type QuotaView = z.infer<typeof quotaViewSchema>;

/** One New York day of `GET /api/webhook/signalStats`: outcomes and delivery latency. */
export const dailyStatsSchema = z.object({
  day: z.string(),
  total: z.number(),
  successful: z.number(),
  failed: z.number(),
  blocked: z.number(),
  /** Test signals the EA processed. */
  tests: z.number(),
  /** Still waiting for an EA: with the four above, every signal of the day. */
  pending: z.number(),
  p50DeliveryMs: z.number().nullable(),
  p95DeliveryMs: z.number().nullable(),
});
export type DailyStats = z.infer<typeof dailyStatsSchema>;
export const signalStatsReplySchema = z.object({ days: z.array(dailyStatsSchema) });
export type SignalStatsReply = z.infer<typeof signalStatsReplySchema>;

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
export const signalDeliverySchema = z.object({
  account: z.string(),
  broker: z.string(),
  platform: platformSchema,
  transport: z.enum(['ws', 'poll']).nullable(),
  eaVersion: z.string().nullable(),
});
export type SignalDelivery = z.infer<typeof signalDeliverySchema>;

/**
 * The commands beyond the spec an alert may carry (issue 22), as stored and shown: 0, false,
 * null or [] means "not used". `expiry` is in minutes.
 */
const signalCommandFieldsSchema = z.object({
  expiry: z.number(),
  side: z.enum(['buy', 'sell']).nullable(),
  closePercent: z.number(),
  closeOpposite: z.boolean(),
  slpips: z.number(),
  tppips: z.number(),
  slprice: z.number(),
  tpprice: z.number(),
  tps: z.array(takeProfitLevelSchema),
  riskAmount: z.number(),
  maxSpread: z.number(),
  deviation: z.number(),
  comment: z.string().nullable(),
  magic: z.number(),
  account: z.string().nullable(),
});
export type SignalCommandFields = z.infer<typeof signalCommandFieldsSchema>;

/** An ISO 8601 time as the server writes it (`Date.prototype.toISOString`). */
const isoTime = z.iso.datetime();

/**
 * The signal as the dashboard reads it (spec section 3, plus hop timings, its expiry and the
 * terminal it was delivered to; null while no terminal has it).
 */
export const signalViewSchema = signalCommandFieldsSchema.extend({
  _id: z.string(),
  id: z.string(),
  symbol: z.string(),
  position: positionSchema.nullable(),
  status: z.enum(signalStatuses),
  displayStatus: z.enum(displayStatuses),
  isTest: z.boolean(),
  receivedAt: isoTime,
  expiresAt: isoTime,
  deliveredAt: isoTime.nullable(),
  executedAt: isoTime.nullable(),
  timings: z.object({ deliveryMs: z.number().nullable(), executionMs: z.number().nullable() }),
  price: z.number(),
  lot: z.number(),
  slpoint: z.number(),
  tppoint: z.number(),
  trailingStop: z.number(),
  breakEvenPips: z.number(),
  riskPercentage: z.number(),
  sender: z.string().nullable(),
  senderPlatform: z.string().nullable(),
  platform: platformSchema.nullable(),
  errorMessage: z.string().nullable(),
  ticket: z.string().nullable(),
  executedPrice: z.number().nullable(),
  executedVolume: z.number().nullable(),
  resultMessage: z.string().nullable(),
  retcode: z.number().nullable(),
  /** Set on an alert refused for its content: the body as received (first 4 KB). */
  rawBody: z.string().nullable(),
  /** The account rule that stopped it, at intake or in a v3 EA (contracts/rules `RuleName`). */
  rule: z.string().nullable(),
  delivery: signalDeliverySchema.nullable(),
});
export type SignalView = z.infer<typeof signalViewSchema>;

/** `GET /api/webhook/signalHistory`: the filtered page, the summary cards and the quota. */
export const signalHistoryReplySchema = z.object({
  signals: z.array(signalViewSchema),
  /** Signals matching the filters, over every page. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  summary: z.object({
    total: z.number(),
    successful: z.number(),
    /** The Failed and Error filters' signals together, refused alerts included. */
    failed: z.number(),
    /** Since midnight ET, tests and refused alerts included. */
    today: z.number(),
    /** Of today's signals, those the daily quota counted: what its `used` should say. */
    countedToday: z.number(),
  }),
  quota: quotaViewSchema,
});
export type SignalHistoryReply = z.infer<typeof signalHistoryReplySchema>;
