import { z } from 'zod';

/**
 * EA protocol: the executable form of ea/PROTOCOL.md. Server, reference EA and the MQL
 * sources' field check all import these schemas. Change only by adding optional fields and
 * new versions. Objects are non-strict: unknown fields are ignored by both sides.
 */
/** The latest version, the one this package's EA speaks. */
export const protocolVersion = 3;
/**
 * Every version the server speaks. An EA names its own in `v`; the server answers in that
 * version and never sends it anything that version does not define.
 */
export const protocolVersionSchema = z.literal([1, 2, 3]);
export type ProtocolVersion = z.infer<typeof protocolVersionSchema>;

export const platforms = ['mt4', 'mt5'] as const;
export const platformSchema = z.enum(platforms);
export type Platform = z.infer<typeof platformSchema>;

export const positions = ['buy', 'sell', 'closebuy', 'closesell', 'closeall'] as const;
/** v3: pending orders, and the commands that act on this EA's orders without opening. */
export const pendingPositions = ['buylimit', 'selllimit', 'buystop', 'sellstop'] as const;
export const positionsV3 = [...positions, ...pendingPositions, 'cancel', 'modify'] as const;
export const positionSchema = z.enum(positionsV3);
export type Position = z.infer<typeof positionSchema>;

/** `account` and `ticket` are strings of digits so 64-bit values survive JSON. */
const digits = z.string().regex(/^\d{1,20}$/, 'must be a string of digits');
const shortText = (max: number) => z.string().max(max);

/**
 * Numbers bounded to the columns that store them, so what the schema accepts the database
 * takes (ea/PROTOCOL.md, "Number ranges"): int4 codes, timestamps up to the year 9999, prices
 * and money below 1e12 (a sum of such values still fits a double without overflowing).
 */
const int4 = z
  .number()
  .int()
  .min(-(2 ** 31))
  .max(2 ** 31 - 1);
const maxTimeMs = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z
const timeMs = z.number().int().min(0).max(maxTimeMs);
const price = z.number().min(0).max(1e12);
const money = z.number().min(-1e12).max(1e12);

// ── Signal (server → EA) ────────────────────────────────────────────────────────────────────

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

export const resultSchema = z.object({
  id: z.string().min(1).max(64),
  status: z.enum(resultStatuses),
  ticket: z.union([digits, z.literal('')]).optional(),
  price: price.optional(),
  message: shortText(1000).optional(),
  retcode: int4.optional(),
  executedAt: timeMs.optional(),
  /** v2: lots actually filled (opened or closed); less than asked on a partial fill. */
  volume: z.number().min(0).max(1_000_000).optional(),
  /** v3: the account rule that refused the signal (with status `error`). */
  rule: z.enum(['maxLot', 'maxOpenPositions', 'maxDailyLoss']).optional(),
});
export type SignalResult = z.infer<typeof resultSchema>;

// ── Terminal identity ───────────────────────────────────────────────────────────────────────

export const terminalIdentitySchema = z.object({
  licenseNumber: z.string().min(1).max(128),
  platform: platformSchema,
  account: digits,
  broker: shortText(128),
});
export type TerminalIdentity = z.infer<typeof terminalIdentitySchema>;

// ── Transport A: WebSocket frames ───────────────────────────────────────────────────────────

/**
 * v2: which copy of the EA is speaking. `instanceId` is made once when the EA starts on a
 * chart and kept until it stops; the server lets one instance at a time trade a license +
 * platform + account (ea/PROTOCOL.md, "One executor per account"). `chart` names where that
 * copy runs ("EURUSD,H1"), so the one refused can say which chart already trades.
 */
const instanceFields = {
  instanceId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _')
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

export const pollRequestSchema = terminalIdentitySchema.extend({
  v: protocolVersionSchema,
  eaVersion: shortText(32).optional(),
  terminalBuild: int4.min(0).optional(),
  ...instanceFields,
  /** v2: the terminal's health, sent when it changed (absent = unchanged). */
  health: healthList.optional(),
  received: z.array(z.string().min(1).max(64)).max(1000).default([]),
  results: z.array(resultSchema).max(1000).default([]),
  /**
   * Optional (added after v1's first draft): the longest the EA wants this poll held. MQL's
   * WebRequest blocks the EA, so MT4 asks for about 2 s to keep managing stops between polls.
   * The server holds for min(waitMs, its own limit) and echoes the value it used.
   */
  waitMs: z.number().int().min(0).max(25_000).optional(),
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

// ── Orders report (OrderTracker → server) ───────────────────────────────────────────────────

export const orderTypes = ['buy', 'sell', 'buylimit', 'selllimit', 'buystop', 'sellstop'] as const;

export const reportedOrderSchema = z.object({
  ticket: digits,
  symbol: shortText(64).min(1),
  orderType: z.enum(orderTypes),
  lots: z.number().nonnegative().max(1_000_000),
  openPrice: price,
  closePrice: price.optional(),
  stopLoss: price.default(0),
  takeProfit: price.default(0),
  profit: money.default(0),
  commission: money.default(0),
  swap: money.default(0),
  magicNumber: z.number().int().default(0),
  comment: shortText(256).default(''),
  status: z.enum(['open', 'closed']),
  openTime: timeMs.positive(),
  closeTime: timeMs.optional(),
});
export type ReportedOrder = z.input<typeof reportedOrderSchema>;

export const maxOrdersPerReport = 500;

export const ordersReportSchema = terminalIdentitySchema.extend({
  v: protocolVersionSchema,
  orders: z.array(z.unknown()).max(maxOrdersPerReport),
});

export const ordersReportReplySchema = z.object({ accepted: z.number().int().nonnegative() });

/**
 * Added to v1 (optional to read): a report with bad rows is answered 400 BAD_REQUEST whose
 * `message` names the first bad row (`orders[3].lots: …`). The good rows of that report were
 * stored: `accepted` counts them and `rejected` lists every bad row. Resending the same rows
 * stores nothing new until they are fixed.
 */
export const ordersReportRejectionSchema = z.object({
  code: z.literal('BAD_REQUEST'),
  message: z.string(),
  accepted: z.number().int().nonnegative(),
  rejected: z.array(
    z.object({ index: z.number().int().nonnegative(), field: z.string(), message: z.string() }),
  ),
});

// ── HTTP errors ─────────────────────────────────────────────────────────────────────────────

export const httpErrorSchema = z.object({ code: z.string(), message: z.string() });
