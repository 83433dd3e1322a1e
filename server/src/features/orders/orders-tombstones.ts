import { and, inArray, lt, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/db.ts';
import { orders, orderTombstones } from '../../db/schema/orders.ts';
import { ofTerminal, type Terminal } from './orders-terminal.ts';

const day = 24 * 60 * 60 * 1000;
/** The OrderTracker reconciles 90 days; a tombstone outlives the last mention by more. */
const tombstoneDays = 100;
const pruneBatch = 2000;

/**
 * Tickets the user deleted (orders-delete.ts writes them): reports of them are ignored, so a
 * deleted order stays deleted while the tracker keeps sending it.
 */
export function createOrderTombstones({ db, now }: { db: Db; now: () => number }) {
  return {
    /** Which of `tickets` were deleted; keeps their tombstones alive (one write a day at most). */
    async deletedAmong(terminal: Terminal, tickets: string[]): Promise<Set<string>> {
      if (tickets.length === 0) return new Set();
      const of = and(
        ofTerminal(orderTombstones, terminal),
        inArray(orderTombstones.ticket, tickets),
      );
      const rows = await db
        .select({ ticket: orderTombstones.ticket, seenAt: orderTombstones.seenAt })
        .from(orderTombstones)
        .where(of);
      const at = now();
      if (rows.some((row) => row.seenAt.getTime() < at - day)) {
        await db
          .update(orderTombstones)
          .set({ seenAt: new Date(at) })
          .where(and(of, lt(orderTombstones.seenAt, new Date(at - day))));
      }
      return new Set(rows.map((row) => row.ticket));
    },

    /** Deletes the terminal's orders among `tickets` that have a tombstone; returns how many. */
    async purgeRevived(terminal: Terminal, tickets: string[]): Promise<number> {
      const deleted = await db
        .delete(orders)
        .where(
          and(
            ofTerminal(orders, terminal),
            inArray(orders.ticket, tickets),
            inArray(
              orders.ticket,
              db
                .select({ ticket: orderTombstones.ticket })
                .from(orderTombstones)
                .where(
                  and(
                    ofTerminal(orderTombstones, terminal),
                    inArray(orderTombstones.ticket, tickets),
                  ),
                ),
            ),
          ),
        )
        .returning({ id: orders.id });
      return deleted.length;
    },

    /** Drops tombstones no report has mentioned for `tombstoneDays`. */
    async prune(): Promise<number> {
      const cutoff = new Date(now() - tombstoneDays * day);
      let total = 0;
      for (;;) {
        const deleted = await db.execute(sql`
          delete from ${orderTombstones} where ctid in (
            select ctid from ${orderTombstones} where ${orderTombstones.seenAt} < ${cutoff}
            limit ${pruneBatch})
          returning 1`);
        const count = rowsOf(deleted).length;
        total += count;
        if (count < pruneBatch) return total;
      }
    },
  };
}

export type OrderTombstones = ReturnType<typeof createOrderTombstones>;
