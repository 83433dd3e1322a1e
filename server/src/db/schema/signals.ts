import type { TakeProfitLevel } from '@signalrelay/contracts/ea-protocol';
import { signalStatuses, webhookPositions } from '@signalrelay/contracts/signals';
import type { TerminalHealthIssue } from '@signalrelay/contracts/terminals';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  boolean as pgBoolean,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, createdAt, idColumn } from './columns.ts';
import { ownerColumn } from './users.ts';

export const eaPlatforms = ['mt4', 'mt5'] as const;
export const eaTransports = ['ws', 'poll'] as const;

/** The MetaTrader account a row belongs to: its owner, the platform and the account login. */
export const eaAccountColumns = () => ({
  userId: ownerColumn(),
  platform: text('platform', { enum: eaPlatforms }).notNull(),
  account: text('account').notNull(),
});

/** `chart`: where the refused copy runs; `holderChart`: where the one trading runs. */
export type ExecutorRefusal = { at: number; chart: string; holderChart: string };

/** One MetaTrader terminal running our EA: license + platform + account + broker. */
export const terminals = pgTable(
  'terminals',
  {
    id: idColumn(),
    ...eaAccountColumns(),
    broker: text('broker').notNull(),
    eaVersion: text('ea_version'),
    /** The protocol version (`v`) of its latest hello or poll: what it may be sent. */
    protocol: smallint('protocol').notNull().default(1),
    terminalBuild: integer('terminal_build'),
    /** How it last connected: WebSocket or long-poll. */
    transport: text('transport', { enum: eaTransports }),
    firstSeenAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    /** The problems the EA last reported (protocol v2 `health`); empty = all well. */
    health: jsonb('health').$type<TerminalHealthIssue[]>().notNull().default([]),
    healthAt: at('health_at'),
    /** The latest copy of the EA refused because another one trades this account. */
    refusal: jsonb('refusal').$type<ExecutorRefusal>(),
  },
  (t) => [unique('terminals_identity').on(t.userId, t.platform, t.account, t.broker)],
);

export const signals = pgTable(
  'signals',
  {
    id: idColumn(),
    userId: ownerColumn(),
    symbol: text('symbol').notNull(),
    /** Null only on an alert refused for its content whose position was missing or unknown. */
    position: text('position', { enum: webhookPositions }),
    lot: doublePrecision('lot').notNull().default(0),
    price: doublePrecision('price').notNull().default(0),
    slpoint: doublePrecision('slpoint').notNull().default(0),
    tppoint: doublePrecision('tppoint').notNull().default(0),
    trailingStop: doublePrecision('trailing_stop').notNull().default(0),
    breakEvenPips: doublePrecision('break_even_pips').notNull().default(0),
    riskPercentage: doublePrecision('risk_percentage').notNull().default(0),
    // The commands beyond the spec (issue 22; SignalCommandFields): 0, false, null or [] = unused.
    expiry: integer('expiry').notNull().default(0),
    side: text('side', { enum: ['buy', 'sell'] }),
    closePercent: doublePrecision('close_percent').notNull().default(0),
    closeOpposite: pgBoolean('close_opposite').notNull().default(false),
    slpips: doublePrecision('slpips').notNull().default(0),
    tppips: doublePrecision('tppips').notNull().default(0),
    slprice: doublePrecision('slprice').notNull().default(0),
    tpprice: doublePrecision('tpprice').notNull().default(0),
    tps: jsonb('tps').$type<TakeProfitLevel[]>().notNull().default([]),
    riskAmount: doublePrecision('risk_amount').notNull().default(0),
    maxSpread: doublePrecision('max_spread').notNull().default(0),
    deviation: doublePrecision('deviation').notNull().default(0),
    comment: text('comment'),
    magic: integer('magic').notNull().default(0),
    /** Only the terminal logged in to this account receives it; null = every terminal. */
    account: text('account'),
    /** The lowest EA protocol version that can run it: 3 when it uses a v3 command. */
    minProtocol: smallint('min_protocol').notNull().default(1),
    isTest: pgBoolean('is_test').notNull().default(false),
    senderPlatform: text('sender_platform'),
    /** Target platform; null = every connected terminal of the license. */
    platform: text('platform', { enum: eaPlatforms }),
    status: text('status', { enum: signalStatuses }).notNull(),
    errorMessage: text('error_message'),
    /** Optional id from the alert; a repeat within 24 h returns the first signal. */
    alertId: text('alert_id'),
    receivedAt: at('received_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    deliveredAt: at('delivered_at'),
    executedAt: at('executed_at'),
    ticket: text('ticket'),
    executedPrice: doublePrecision('executed_price'),
    /** Lots filled by the first terminal that traded it (protocol v2 result `volume`). */
    executedVolume: doublePrecision('executed_volume'),
    /**
     * What that terminal said beside its status: on a success, what the trader should still
     * know ("… stop loss is not in place yet", "Closed 3 positions").
     */
    resultMessage: text('result_message'),
    retcode: integer('retcode'),
    /**
     * An alert refused for its content (bad JSON, unknown position …): its body as received,
     * first 4 KB, so the trader can see what TradingView sent and fix the alert.
     */
    rawBody: text('raw_body'),
    /**
     * The account rule that stopped it (contracts/rules `RuleName`): at intake (never sent), or
     * in a v3 EA (its result's `rule`).
     */
    rule: text('rule'),
  },
  (t) => [
    // Ascending: Postgres walks it backwards for newest-first pages; the id breaks ties.
    index('signals_user_received').on(t.userId, t.receivedAt, t.id),
    index('signals_user_expires').on(t.userId, t.expiresAt),
    uniqueIndex('signals_user_alert').on(t.userId, t.alertId).where(sql`${t.alertId} is not null`),
    // The expiry job's scan: only signals still waiting for a terminal.
    index('signals_pending_expires').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** Which terminal received a signal and what it answered: drives replay and dedupe. */
export const signalDeliveries = pgTable(
  'signal_deliveries',
  {
    signalId: uuid('signal_id')
      .notNull()
      .references(() => signals.id, { onDelete: 'cascade' }),
    terminalId: uuid('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    receivedAt: at('received_at').notNull(),
    resultStatus: text('result_status', { enum: ['success', 'error', 'skipped'] }),
    resultMessage: text('result_message'),
    retcode: integer('retcode'),
    ticket: text('ticket'),
    price: doublePrecision('price'),
    /** Lots filled, as the EA reported (protocol v2). */
    volume: doublePrecision('volume'),
    executedAt: at('executed_at'),
  },
  (t) => [primaryKey({ columns: [t.signalId, t.terminalId] })],
);
