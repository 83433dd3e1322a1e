import { z } from 'zod';

import type { AlertPosition } from './alert.ts';
import type { TakeProfitLevel } from './ea-protocol.ts';

export {
  type AlertPosition,
  alertNumberFields,
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

/** `GET /api/webhook/signalHistory`: the filtered page, the summary cards and the quota. */
export const signalHistoryReplySchema = z.object({
  signals: z.array(z.custom<SignalView>()),
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
export type SignalDelivery = {
  account: string;
  broker: string;
  platform: 'mt4' | 'mt5';
  transport: 'ws' | 'poll' | null;
  eaVersion: string | null;
};

/**
 * The commands beyond the spec an alert may carry (issue 22), as stored and shown: 0, false,
 * null or [] means "not used". `expiry` is in minutes.
 */
export type SignalCommandFields = {
  expiry: number;
  side: 'buy' | 'sell' | null;
  closePercent: number;
  closeOpposite: boolean;
  slpips: number;
  tppips: number;
  slprice: number;
  tpprice: number;
  tps: TakeProfitLevel[];
  riskAmount: number;
  maxSpread: number;
  deviation: number;
  comment: string | null;
  magic: number;
  account: string | null;
};

/**
 * The signal as the dashboard reads it (spec section 3, plus hop timings, its expiry and the
 * terminal it was delivered to; null while no terminal has it).
 */
export type SignalView = SignalCommandFields & {
  _id: string;
  id: string;
  symbol: string;
  position: AlertPosition | null;
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
  /** The account rule that stopped it, at intake or in a v3 EA (contracts/rules `RuleName`). */
  rule: string | null;
  delivery: SignalDelivery | null;
};
