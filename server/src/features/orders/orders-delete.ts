import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PublishLive } from '../../core/live-events.ts';
import { type Db, rowsOf } from '../../db/db.ts';
import { orders, orderTombstones } from '../../db/schema/orders.ts';
import { AppError } from '../../errors.ts';
import { markStatisticsStale } from './orders-statistics.ts';

/** Rows per statement, so deleting 100k orders never meets the statement timeout. */
const deleteBatch = 5000;

/**
 * Order deletion from the dashboard (spec section 4, "Order delete"). Each deleted order
 * leaves a tombstone, so the OrderTracker's next reconciliation does not bring it back.
 */
export function createOrderDeletion({
  db,
  publishLive,
  now,
}: {
  db: Db;
  publishLive: PublishLive;
  now: () => number;
}) {
  /** Deletes up to `deleteBatch` matching orders and tombstones them; returns how many. */
  async function deleteSome(where: SQL | undefined): Promise<number> {
    const result = await db.execute(sql`
      with gone as (
        delete from ${orders} where ${orders.id} in (
          select ${orders.id} from ${orders} where ${where} limit ${deleteBatch})
        returning user_id, platform, account, ticket
      )
      insert into ${orderTombstones} (user_id, platform, account, ticket, seen_at)
      select user_id, platform, account, ticket, ${new Date(now())} from gone
      on conflict (user_id, platform, account, ticket) do update set seen_at = excluded.seen_at
      returning 1`);
    return rowsOf(result).length;
  }

  async function deleteAll(where: SQL | undefined): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await deleteSome(where);
      total += count;
      if (count < deleteBatch) return total;
    }
  }

  async function changed(userId: string, count: number) {
    await markStatisticsStale(db, userId);
    publishLive(userId, { type: 'orders', changed: count });
  }

  return {
    async deleteHistory(userId: string): Promise<number> {
      const count = await deleteAll(eq(orders.userId, userId));
      if (count > 0) await changed(userId, count);
      return count;
    },

    /** 404 when the user has no such ticket (on that platform and account, when given). */
    async deleteTicket(
      userId: string,
      ticket: string,
      where: { platform?: 'mt4' | 'mt5' | undefined; account?: string | undefined },
    ): Promise<number> {
      const count = await deleteAll(
        and(
          eq(orders.userId, userId),
          eq(orders.ticket, ticket),
          where.platform ? eq(orders.platform, where.platform) : undefined,
          where.account ? eq(orders.account, where.account) : undefined,
        ),
      );
      if (count === 0) {
        throw new AppError('NOT_FOUND', `Order #${ticket} was not found in your order history.`);
      }
      await changed(userId, count);
      return count;
    },
  };
}

export type OrderDeletion = ReturnType<typeof createOrderDeletion>;
