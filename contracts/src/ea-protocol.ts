/**
 * EA protocol: the executable form of ea/PROTOCOL.md. Server, reference EA and the MQL
 * sources' field check all import its schemas from here: the transports are written below,
 * and this module re-exports the values (ea-protocol-values.ts), the signal and result
 * (ea-signal.ts) and the orders report (ea-orders-report.ts). Change only by adding optional
 * fields and new versions. Objects are non-strict: unknown fields are ignored by both sides.
 */
import { z } from 'zod';
import {
  int4,
  protocolVersionSchema,
  shortText,
  terminalIdentitySchema,
} from './ea-protocol-values.ts';
import { resultSchema, signalSchema } from './ea-signal.ts';

export * from './ea-orders-report.ts';
export {
  type Platform,
  type Position,
  type ProtocolVersion,
  pendingPositions,
  platformSchema,
  platforms,
  positionSchema,
  positions,
  positionsV3,
  protocolVersion,
  protocolVersionSchema,
  type TerminalIdentity,
  terminalIdentitySchema,
} from './ea-protocol-values.ts';
export * from './ea-signal.ts';

// ── Transport A: WebSocket frames ───────────────────────────────────────────────────────────

/**
 * v2: which copy of the EA is speaking. `instanceId` is made once when the EA starts on a
 * chart and kept until it stops; the server lets one instance at a time trade a license +
 * platform + account (ea/PROTOCOL.md, "One executor per account"). `chart` names where that
 * copy runs ("EURUSD,H1"), so the one refused can say which chart already trades.
 */
export const instanceIdPattern = /^[A-Za-z0-9_-]{8,64}$/;
const instanceFields = {
  instanceId: z
    .string()
    .regex(instanceIdPattern, 'must be 8 to 64 letters, digits, - or _')
    .optional(),
  chart: shortText(64).optional(),
};

/** v2: a problem the terminal sees that stops or may stop trading (ea/PROTOCOL.md, "Health"). */
export const healthCodes = [
  'AUTOTRADING_OFF',
  'ACCOUNT_TRADING_OFF',
  'URL_NOT_ALLOWED',
  'MARKET_CLOSED',
  /** v3: the rules' daily loss is reached; openings are refused until the broker's midnight. */
  'DAILY_LOSS_REACHED',
] as const;
export const healthIssueSchema = z.object({
  code: z.enum(healthCodes),
  message: shortText(300),
  symbol: shortText(64).optional(),
});
export type HealthIssue = z.infer<typeof healthIssueSchema>;
/** The whole current list, replacing the one sent before; empty = all well. */
const healthList = z.array(healthIssueSchema).max(20);

export const helloSchema = terminalIdentitySchema.extend({
  type: z.literal('hello'),
  v: protocolVersionSchema,
  eaVersion: shortText(32).optional(),
  terminalBuild: int4.min(0).optional(),
  ...instanceFields,
});
export type Hello = z.infer<typeof helloSchema>;

export const receivedSchema = z.object({ type: z.literal('received'), id: z.string().min(1) });
export const resultFrameSchema = resultSchema.extend({ type: z.literal('result') });
export const pingSchema = z.object({ type: z.literal('ping'), t: z.number() });
export const healthFrameSchema = z.object({ type: z.literal('health'), issues: healthList });

/** Every frame an EA may send on the WebSocket (`health` from v2 on). */
export const eaFrameSchema = z.discriminatedUnion('type', [
  helloSchema,
  receivedSchema,
  resultFrameSchema,
  pingSchema,
  healthFrameSchema,
]);
export type EaFrame = z.infer<typeof eaFrameSchema>;

export const welcomeSchema = z.object({
  type: z.literal('welcome'),
  /** The hello's own version. */
  v: protocolVersionSchema,
  heartbeatMs: z.number().int().positive(),
  serverTime: z.number().int(),
});
export const signalFrameSchema = z.object({ type: z.literal('signal'), signal: signalSchema });

/**
 * v3: the account rules the EA enforces, resolved for the account it trades
 * (ea/PROTOCOL.md, "Rules"). A rule left out, or 0, is off.
 */
export const eaRulesSchema = z.object({
  maxLot: z.number().nonnegative().optional(),
  maxOpenPositions: z.number().int().nonnegative().optional(),
  maxDailyLoss: z
    .object({
      amount: z.number().nonnegative().optional(),
      percent: z.number().nonnegative().max(100).optional(),
      closeAll: z.boolean().default(false),
    })
    .optional(),
});
export type EaRules = z.infer<typeof eaRulesSchema>;
/** v3: sent after `welcome` and whenever the rules change. `rulesId` is opaque. */
export const rulesFrameSchema = z.object({
  type: z.literal('rules'),
  rulesId: z.string().min(1).max(64),
  rules: eaRulesSchema,
});
export const pongSchema = z.object({ type: z.literal('pong'), t: z.number() });
/**
 * `EXECUTOR_TAKEN` and `LIMIT_REACHED` are v2: a v1 EA is refused with `RATE_LIMITED` instead
 * (close 1013), which means the same to it, and is never an executor refusal (it sends no
 * `instanceId`).
 */
export const errorCodes = [
  'LICENSE_INVALID',
  'BAD_REQUEST',
  'RATE_LIMITED',
  'EXECUTOR_TAKEN',
  'LIMIT_REACHED',
] as const;
export const errorFrameSchema = z.object({
  type: z.literal('error'),
  code: z.enum(errorCodes),
  message: z.string(),
});

/** Every frame the server may send on the WebSocket. */
export const serverFrameSchema = z.discriminatedUnion('type', [
  welcomeSchema,
  signalFrameSchema,
  pongSchema,
  errorFrameSchema,
  rulesFrameSchema,
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;

/** WebSocket close codes the server uses. */
export const closeCodes = {
  badRequest: 4400,
  licenseInvalid: 4401,
  /** Server restarting: reconnect (with jitter) to another instance. */
  serviceRestart: 1012,
  /**
   * Too many connections (error frame RATE_LIMITED) or terminals (LIMIT_REACHED): reconnect
   * later, with the usual backoff.
   */
  tryAgainLater: 1013,
  /** v2: another instance trades this account (error frame EXECUTOR_TAKEN); retry slowly. */
  executorTaken: 4409,
} as const;

/** v2: how long a refused instance waits before it asks again (the WebSocket's and the poll's). */
export const executorRetryMs = 15_000;

// ── Transport B: long-poll ──────────────────────────────────────────────────────────────────

/** The most acknowledgements, and the most results, one poll may carry. */
export const maxPollItems = 1000;
/** The longest hold a poll may ask for (`waitMs`). */
export const maxPollWaitMs = 25_000;

export const pollRequestSchema = terminalIdentitySchema.extend({
  v: protocolVersionSchema,
  eaVersion: shortText(32).optional(),
  terminalBuild: int4.min(0).optional(),
  ...instanceFields,
  /** v2: the terminal's health, sent when it changed (absent = unchanged). */
  health: healthList.optional(),
  received: z.array(z.string().min(1).max(64)).max(maxPollItems).default([]),
  results: z.array(resultSchema).max(maxPollItems).default([]),
  /**
   * Optional (added after v1's first draft): the longest the EA wants this poll held. MQL's
   * WebRequest blocks the EA, so MT4 asks for about 2 s to keep managing stops between polls.
   * The server holds for min(waitMs, its own limit) and echoes the value it used.
   */
  waitMs: z.number().int().min(0).max(maxPollWaitMs).optional(),
  /** v3: the rules the EA holds ("" or absent at start). */
  rulesId: z.string().max(64).optional(),
});
export type PollRequest = z.input<typeof pollRequestSchema>;

export const pollResponseSchema = z.object({
  signals: z.array(signalSchema),
  waitMs: z.number().int().nonnegative(),
  heartbeatMs: z.number().int().positive(),
  serverTime: z.number().int(),
  /** v3: present when the server's rules differ from the poll's `rulesId`. */
  rulesId: z.string().min(1).max(64).optional(),
  rules: eaRulesSchema.optional(),
});
export type PollResponse = z.infer<typeof pollResponseSchema>;

/** v2: a poll refused because another instance trades the account (HTTP 409). */
export const executorTakenSchema = z.object({
  code: z.literal('EXECUTOR_TAKEN'),
  message: z.string(),
  retryAfterMs: z.number().int().positive(),
});

export const resultRequestSchema = resultSchema.extend(terminalIdentitySchema.shape);
export type ResultRequest = z.infer<typeof resultRequestSchema>;

// ── HTTP errors ─────────────────────────────────────────────────────────────────────────────

export const httpErrorSchema = z.object({ code: z.string(), message: z.string() });
