import { orderStatuses, orderTypes } from '@signalrelay/contracts/orders';
import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { at, idColumn } from './columns.ts';
import { eaAccountColumns } from './signals.ts';
import { ownerKeyColumn } from './users.ts';

const filterColumns = <C>(t: { status: C; orderType: C; platform: C }) =>
  [t.status, t.orderType, t.platform] as const;

export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    ...eaAccountColumns(),
    broker: text('broker').notNull().default(''),
    ticket: text('ticket').notNull(),
    symbol: text('symbol').notNull(),
    orderType: text('order_type', { enum: orderTypes }).notNull(),
    lots: doublePrecision('lots').notNull(),
    openPrice: doublePrecision('open_price').notNull(),
    closePrice: doublePrecision('close_price'),
    stopLoss: doublePrecision('stop_loss').notNull().default(0),
    takeProfit: doublePrecision('take_profit').notNull().default(0),
    profit: doublePrecision('profit').notNull().default(0),
    commission: doublePrecision('commission').notNull().default(0),
    swap: doublePrecision('swap').notNull().default(0),
    magicNumber: bigint('magic_number', { mode: 'number' }).notNull().default(0),
    comment: text('comment').notNull().default(''),
    status: text('status', { enum: orderStatuses }).notNull(),
    openTime: at('open_time').notNull(),
    closeTime: at('close_time'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('orders_identity').on(t.userId, t.platform, t.account, t.ticket),
    // One index per Order History sort. Each also carries the filter and window columns, so
    // a filtered count, or the ids of a deep page, are read from the index alone.
    index('orders_user_open').on(t.userId, t.openTime, t.id, ...filterColumns(t)),
    index('orders_user_close').on(t.userId, t.closeTime, t.id, t.openTime, ...filterColumns(t)),
    index('orders_user_profit').on(t.userId, t.profit, t.id, t.openTime, ...filterColumns(t)),
    index('orders_user_symbol').on(t.userId, t.symbol, t.id, t.openTime, ...filterColumns(t)),
    index('orders_user_lots').on(t.userId, t.lots, t.id, t.openTime, ...filterColumns(t)),
    index('orders_user_ticket').on(
      t.userId,
      sql`(${t.ticket}::numeric)`,
      t.id,
      t.openTime,
      ...filterColumns(t),
    ),
  ],
);

/**
 * Orders the user deleted. The OrderTracker re-sends the last 90 days every minute, so
 * without these a deleted order would be back a minute later. A tombstone lives until
 * reports have stopped mentioning its ticket for longer than that reconciliation window.
 */
export const orderTombstones = pgTable(
  'order_tombstones',
  {
    ...eaAccountColumns(),
    ticket: text('ticket').notNull(),
    /** Deletion time, moved forward (at most daily) while reports still mention the ticket. */
    seenAt: at('seen_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.platform, t.account, t.ticket] }),
    index('order_tombstones_seen').on(t.seenAt),
  ],
);

/**
 * Order statistics per user, computed once per change: an equity curve with its drawdown
 * over 100k trades takes far longer than a dashboard call may. `version` moves on every
 * change that can alter the figures; the snapshot is valid while `statsVersion` equals it and
 * it was computed for the same retention cutoff.
 */
export const orderStats = pgTable('order_stats', {
  userId: ownerKeyColumn(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  statsVersion: bigint('stats_version', { mode: 'number' }),
  cutoff: at('cutoff'),
  stats: jsonb('stats'),
  computedAt: at('computed_at'),
});
