import { maxOrdersPerReport, ordersReportSchema } from '@signalrelay/contracts/ea-protocol';
import { and, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { licenseCaps } from '../../core/license-caps.ts';
import { type LicenseDirectory, unverifiedLicenseMessage } from '../../core/license-directory.ts';
import type { PublishLive } from '../../core/live-events.ts';
import type { Db } from '../../db/db.ts';
import { orders } from '../../db/schema/orders.ts';
import type { Plan } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import {
  hasNul,
  type RejectedRow,
  toColumns,
  type ValidRow,
  validRows,
} from './orders-report-rows.ts';
import { retentionCutoff } from './orders-retention.ts';
import { markStatisticsStale } from './orders-statistics.ts';
import { ofTerminal, type Terminal } from './orders-terminal.ts';
import type { OrderTombstones } from './orders-tombstones.ts';

export type ReportOutcome = {
  accepted: number;
  rejected: RejectedRow[];
  changed: number;
  /** New orders not stored because the license holds `licenseCaps.orders` already. */
  overLimit: number;
};

/** Why new orders are refused (409 LIMIT_REACHED; ea/PROTOCOL.md, "Limits"). */
export function ordersLimitMessage(overLimit: number) {
  return `This license already stores ${licenseCaps.orders.toLocaleString('en-US')} orders, the most it keeps: ${overLimit} new orders were not stored (changes to stored ones were). Delete old orders in Order History to make room.`;
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
      .where(and(ofTerminal(orders, terminal), inArray(orders.ticket, tickets)));
    return new Map(rows.map((row) => [row.ticket, row]));
  }

  async function storedOrders(userId: string) {
    const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
    return row?.n ?? 0;
  }

  /**
   * The rows that fit: every row of a stored order, and new ones while the license holds
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

  /**
   * The rows to write and the tickets to remove: tickets deleted by the trader stay deleted;
   * closed rows already past the owner's retention would only be pruned again, and a stored
   * copy that has just closed past the window is removed instead.
   */
  async function sortOut(
    terminal: Terminal,
    plan: Plan,
    byTicket: Map<string, ValidRow>,
    at: number,
  ) {
    const deleted = await tombstones.deletedAmong(terminal, [...byTicket.keys()]);
    const cutoff = retentionCutoff(plan, at)?.getTime() ?? null;
    const expired = (row: ValidRow) =>
      cutoff !== null && row.status === 'closed' && row.openTime < cutoff;
    // In ticket order, so two reports of the same tickets lock their rows in the same order
    // (no deadlock between a trade event's report and a reconciliation).
    const wanted = [...byTicket.values()]
      .filter((row) => !deleted.has(row.ticket))
      .sort((a, b) => (a.ticket < b.ticket ? -1 : a.ticket > b.ticket ? 1 : 0));
    return {
      keep: wanted.filter((row) => !expired(row)),
      expiredTickets: wanted.filter(expired).map((row) => row.ticket),
    };
  }

  /** Writes the rows that fit under the license's cap; says what changed. */
  async function store(terminal: Terminal, broker: string, keep: ValidRow[], at: number) {
    if (keep.length === 0) return { changed: 0, statsChanged: false, overLimit: 0 };
    const old = await before(
      terminal,
      keep.map((row) => row.ticket),
    );
    const { fit, overLimit } = await withinCap(terminal.userId, keep, old);
    if (fit.length === 0) return { changed: 0, statsChanged: false, overLimit };
    const written = await upsert(terminal, broker, fit, old, at);
    // A deletion that committed between the tombstone check and the upsert: undo the rows
    // this report brought back.
    const revived = await tombstones.purgeRevived(
      terminal,
      fit.map((row) => row.ticket),
    );
    return {
      changed: written.changed,
      statsChanged: written.statsChanged || revived > 0,
      overLimit,
    };
  }

  /** Removes stored copies of orders that closed past the retention window; how many. */
  async function removeExpired(terminal: Terminal, tickets: string[]) {
    if (tickets.length === 0) return 0;
    const removed = await db
      .delete(orders)
      .where(and(ofTerminal(orders, terminal), inArray(orders.ticket, tickets)))
      .returning({ id: orders.id });
    return removed.length;
  }

  /** The verified owner of the report's license, or the error the EA shows. */
  async function ownerOf(licenseNumber: string) {
    const owner = await licenses.lookup(licenseNumber);
    if (!owner) {
      throw new AppError(
        'LICENSE_INVALID',
        'Unknown license number. Copy it again from your dashboard.',
      );
    }
    if (!owner.verified) throw new AppError('LICENSE_INVALID', unverifiedLicenseMessage);
    return owner;
  }

  return {
    async report(body: unknown): Promise<ReportOutcome> {
      const report = parseReport(body);
      const owner = await ownerOf(report.licenseNumber);
      const at = now();
      const { byTicket, rejected } = validRows(report.orders, at);
      const terminal: Terminal = {
        userId: owner.userId,
        platform: report.platform,
        account: report.account,
      };
      const { keep, expiredTickets } = await sortOut(terminal, owner.plan, byTicket, at);
      const stored = await store(terminal, report.broker, keep, at);
      const removed = await removeExpired(terminal, expiredTickets);

      const changed = stored.changed + removed;
      if (stored.statsChanged || removed > 0) await markStatisticsStale(db, owner.userId);
      if (changed > 0) publishLive(owner.userId, { type: 'orders', changed });
      return {
        accepted: report.orders.length - rejected.length,
        rejected,
        changed,
        overLimit: stored.overLimit,
      };
    },
  };
}

/** The report's envelope: size first (before parsing thousands of rows), then the schema. */
function parseReport(body: unknown) {
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
  return report;
}

export type OrderReports = ReturnType<typeof createOrderReports>;
