import {
  maxOrdersPerReport,
  ordersReportSchema,
  reportedOrderSchema,
} from '@signalrelay/contracts/ea-protocol';
import { and, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { licenseCaps } from '../../core/license-caps.ts';
import { type LicenseDirectory, unverifiedLicenseMessage } from '../../core/license-directory.ts';
import type { PublishLive } from '../../core/live-events.ts';
import type { Db } from '../../db/db.ts';
import { orders } from '../../db/schema/orders.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { retentionCutoff } from './orders-retention.ts';
import { markStatisticsStale } from './orders-statistics.ts';
import type { OrderTombstones } from './orders-tombstones.ts';

/** Broker times before this are an EA sending seconds instead of milliseconds. */
const earliestTime = Date.UTC(1990, 0, 1);
/** Allows a broker clock a day ahead of ours (an EA that forgot to convert server time). */
const futureSlackMs = 24 * 60 * 60 * 1000;
const hasNul = (s: string) => s.includes('\u0000');

/**
 * One reported row, checked beyond the protocol schema for what Postgres would refuse (NUL in
 * text, out-of-range bigint or timestamp) and for what would make the history wrong.
 */
function rowSchema(now: number) {
  const timeMessage = 'must be milliseconds since 1970-01-01 UTC (not seconds, not in the future)';
  const inRange = (t: number) => t >= earliestTime && t <= now + futureSlackMs;
  return reportedOrderSchema.superRefine((row, ctx) => {
    const issue = (field: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [field], message });
    if (hasNul(row.symbol)) issue('symbol', 'must not contain NUL characters');
    if (hasNul(row.comment)) issue('comment', 'must not contain NUL characters');
    if (!Number.isSafeInteger(row.magicNumber)) {
      issue('magicNumber', `must be at most ${Number.MAX_SAFE_INTEGER} in size`);
    }
    if (!inRange(row.openTime)) issue('openTime', timeMessage);
    const closeTime = row.closeTime ?? 0;
    if (row.status === 'closed') {
      if (closeTime === 0) issue('closeTime', 'is required when status is closed');
      else if (!inRange(closeTime)) issue('closeTime', timeMessage);
      else if (closeTime < row.openTime) issue('closeTime', 'must not be before openTime');
    }
  });
}
type ValidRow = z.output<typeof reportedOrderSchema>;

export type RejectedRow = { index: number; field: string; message: string };
export type ReportOutcome = {
  accepted: number;
  rejected: RejectedRow[];
  changed: number;
  /** New orders not stored because the licence holds `licenseCaps.orders` already. */
  overLimit: number;
};

/** Why new orders are refused (409 LIMIT_REACHED; ea/PROTOCOL.md, "Limits"). */
export function ordersLimitMessage(overLimit: number) {
  return `This licence already stores ${licenseCaps.orders.toLocaleString('en-US')} orders, the most it keeps: ${overLimit} new orders were not stored (changes to stored ones were). Delete old orders in Order History to make room.`;
}

/** The `excluded` (proposed) value of a column in ON CONFLICT DO UPDATE. */
const excluded = (column: { name: string }) => sql.raw(`excluded."${column.name}"`);

const {
  id: _id,
  userId: _user,
  platform: _platform,
  account: _account,
  ticket: _ticket,
  updatedAt: _updatedAt,
  ...dataColumns
} = getTableColumns(orders);
const dataColumnList = Object.values(dataColumns);

type Terminal = { userId: string; platform: 'mt4' | 'mt5'; account: string };

/**
 * `POST /api/orders/report` (ea/PROTOCOL.md, Orders report). Rows are validated one by one: a
 * bad row is named in the outcome and the good rows of the same report are stored anyway, so
 * one odd order cannot hold back a trader's whole history. The batch is one upsert keyed by
 * owner + platform + account + ticket that writes only rows whose data changed, so the
 * tracker's reconciliation every 60 s costs no writes and no live events.
 */
export function createOrderReports({
  db,
  licenses,
  tombstones,
  publishLive,
  now,
}: {
  db: Db;
  licenses: LicenseDirectory;
  tombstones: OrderTombstones;
  publishLive: PublishLive;
  now: () => number;
}) {
  /** What each ticket was before this report: decides whether the statistics can change. */
  async function before(terminal: Terminal, tickets: string[]) {
    const rows = await db
      .select({ ticket: orders.ticket, status: orders.status, orderType: orders.orderType })
      .from(orders)
      .where(and(identity(terminal), inArray(orders.ticket, tickets)));
    return new Map(rows.map((row) => [row.ticket, row]));
  }

  async function storedOrders(userId: string) {
    const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
    return row?.n ?? 0;
  }

  /**
   * The rows that fit: every row of a stored order, and new ones while the licence holds
   * fewer than `licenseCaps.orders`. Two reports at once may both fit their last places: the
   * cap is exceeded by at most one report's rows.
   */
  async function withinCap(
    userId: string,
    rows: ValidRow[],
    old: Map<string, unknown>,
  ): Promise<{ fit: ValidRow[]; overLimit: number }> {
    const fresh = rows.filter((row) => !old.has(row.ticket));
    if (fresh.length === 0) return { fit: rows, overLimit: 0 };
    const room = Math.max(0, licenseCaps.orders - (await storedOrders(userId)));
    if (fresh.length <= room) return { fit: rows, overLimit: 0 };
    const refused = new Set(fresh.slice(room));
    return { fit: rows.filter((row) => !refused.has(row)), overLimit: refused.size };
  }

  async function upsert(
    terminal: Terminal,
    broker: string,
    rows: ValidRow[],
    old: Awaited<ReturnType<typeof before>>,
    at: number,
  ) {
    const written = await db
      .insert(orders)
      .values(rows.map((row) => ({ ...terminal, broker, ...toColumns(row) })))
      .onConflictDoUpdate({
        target: [orders.userId, orders.platform, orders.account, orders.ticket],
        set: {
          ...Object.fromEntries(
            Object.entries(dataColumns).map(([key, column]) => [key, excluded(column)]),
          ),
          updatedAt: new Date(at),
        },
        setWhere: sql`(${sql.join(dataColumnList, sql`, `)}) is distinct from (${sql.join(
          dataColumnList.map(excluded),
          sql`, `,
        )})`,
      })
      .returning({ ticket: orders.ticket, status: orders.status, orderType: orders.orderType });
    // Statistics count closed trades and open trades; an open position whose floating profit
    // moved (every report while it is open) leaves them as they were.
    const statsChanged = written.some((row) => {
      const was = old.get(row.ticket);
      return (
        !was ||
        row.status === 'closed' ||
        was.status !== row.status ||
        was.orderType !== row.orderType
      );
    });
    return { changed: written.length, statsChanged };
  }

  return {
    async report(body: unknown): Promise<ReportOutcome> {
      const rows = (body as { orders?: unknown } | null)?.orders;
      if (Array.isArray(rows) && rows.length > maxOrdersPerReport) {
        throw new AppError(
          'TOO_LARGE',
          `orders: at most ${maxOrdersPerReport} rows per report, got ${rows.length}. Send them in several reports.`,
        );
      }
      const report = parseInput(ordersReportSchema, body);
      if (hasNul(report.broker)) {
        throw new AppError('BAD_REQUEST', 'broker: must not contain NUL characters', {
          field: 'broker',
        });
      }
      const owner = await licenses.lookup(report.licenseNumber);
      if (!owner) {
        throw new AppError(
          'LICENSE_INVALID',
          'Unknown licence number. Copy it again from your dashboard.',
        );
      }
      if (!owner.verified) throw new AppError('LICENSE_INVALID', unverifiedLicenseMessage);

      const at = now();
      const schema = rowSchema(at);
      const rejected: RejectedRow[] = [];
      // Last one wins when a ticket repeats (an upsert cannot touch one row twice).
      const byTicket = new Map<string, ValidRow>();
      report.orders.forEach((raw, index) => {
        const parsed = schema.safeParse(raw);
        if (parsed.success) {
          byTicket.set(parsed.data.ticket, parsed.data);
          return;
        }
        const issue = parsed.error.issues[0];
        rejected.push({
          index,
          field: issue?.path.join('.') || '(row)',
          message: issue?.message ?? 'invalid',
        });
      });
      const accepted = report.orders.length - rejected.length;
      const terminal: Terminal = {
        userId: owner.userId,
        platform: report.platform,
        account: report.account,
      };

      const deleted = await tombstones.deletedAmong(terminal, [...byTicket.keys()]);
      // Closed rows already past the owner's retention would only be pruned again; a stored
      // copy that has just closed past the window is removed instead.
      const cutoff = retentionCutoff(owner.plan, at)?.getTime() ?? null;
      const expired = (row: ValidRow) =>
        cutoff !== null && row.status === 'closed' && row.openTime < cutoff;
      // In ticket order, so two reports of the same tickets lock their rows in the same order
      // (no deadlock between a trade event's report and a reconciliation).
      const wanted = [...byTicket.values()]
        .filter((row) => !deleted.has(row.ticket))
        .sort((a, b) => (a.ticket < b.ticket ? -1 : a.ticket > b.ticket ? 1 : 0));
      const keep = wanted.filter((row) => !expired(row));
      const expiredTickets = wanted.filter(expired).map((row) => row.ticket);

      const old =
        keep.length > 0
          ? await before(
              terminal,
              keep.map((row) => row.ticket),
            )
          : new Map();
      const { fit, overLimit } = await withinCap(owner.userId, keep, old);

      let changed = 0;
      let statsChanged = false;
      if (fit.length > 0) {
        const written = await upsert(terminal, report.broker, fit, old, at);
        changed += written.changed;
        statsChanged = written.statsChanged;
        // A deletion that committed between the tombstone check and the upsert: undo the
        // rows this report brought back.
        const revived = await tombstones.purgeRevived(
          terminal,
          fit.map((row) => row.ticket),
        );
        if (revived > 0) statsChanged = true;
      }
      if (expiredTickets.length > 0) {
        const removed = await db
          .delete(orders)
          .where(and(identity(terminal), inArray(orders.ticket, expiredTickets)))
          .returning({ id: orders.id });
        changed += removed.length;
        if (removed.length > 0) statsChanged = true;
      }
      if (statsChanged) await markStatisticsStale(db, owner.userId);
      if (changed > 0) publishLive(owner.userId, { type: 'orders', changed });
      return { accepted, rejected, changed, overLimit };
    },
  };
}

function identity(terminal: Terminal) {
  return and(
    eq(orders.userId, terminal.userId),
    eq(orders.platform, terminal.platform),
    eq(orders.account, terminal.account),
  );
}

/** A reported row as columns: open orders have no close price or time (the EA sends 0). */
function toColumns(row: ValidRow) {
  const closed = row.status === 'closed';
  return {
    ticket: row.ticket,
    symbol: row.symbol,
    orderType: row.orderType,
    lots: row.lots,
    openPrice: row.openPrice,
    closePrice: closed && row.closePrice ? row.closePrice : null,
    stopLoss: row.stopLoss,
    takeProfit: row.takeProfit,
    profit: row.profit,
    commission: row.commission,
    swap: row.swap,
    magicNumber: row.magicNumber,
    comment: row.comment,
    status: row.status,
    openTime: new Date(row.openTime),
    closeTime: closed && row.closeTime ? new Date(row.closeTime) : null,
  };
}

export type OrderReports = ReturnType<typeof createOrderReports>;
