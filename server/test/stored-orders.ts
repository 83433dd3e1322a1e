/** Orders put straight into the database, for tests about what happens to many of them. */
import type { Db } from '../src/db/db.ts';
import { orders } from '../src/db/schema/orders.ts';

type StoredOrder = typeof orders.$inferInsert;

/**
 * Stores `count` EURUSD sells of one lot on mt4, tickets 1 to `count`, straight into the
 * table (the report route takes far fewer at once), in batches one INSERT can carry.
 */
export async function insertManyOrders(
  db: Db,
  count: number,
  fields: Pick<StoredOrder, 'userId' | 'account' | 'status' | 'openTime'> & Partial<StoredOrder>,
) {
  const rows = Array.from({ length: count }, (_, i) => ({
    platform: 'mt4' as const,
    ticket: String(i + 1),
    symbol: 'EURUSD',
    orderType: 'sell' as const,
    lots: 1,
    openPrice: 1,
    ...fields,
  }));
  for (let i = 0; i < rows.length; i += 1500)
    await db.insert(orders).values(rows.slice(i, i + 1500));
}
