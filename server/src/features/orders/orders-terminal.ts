import { and, eq } from 'drizzle-orm';
import type { orders, orderTombstones } from '../../db/schema/orders.ts';

/** The MetaTrader account an orders report comes from. */
export type Terminal = { userId: string; platform: 'mt4' | 'mt5'; account: string };

/** The rows of `table` (orders or their tombstones) that belong to `terminal`'s account. */
export function ofTerminal(table: typeof orders | typeof orderTombstones, terminal: Terminal) {
  return and(
    eq(table.userId, terminal.userId),
    eq(table.platform, terminal.platform),
    eq(table.account, terminal.account),
  );
}
