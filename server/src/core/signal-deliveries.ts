import type { SignalDelivery } from '@signalrelay/contracts/signals';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { signalDeliveries, terminals } from '../db/schema/signals.ts';

/**
 * The terminal each of these signals was delivered to (see `SignalDelivery`), by signal id;
 * signals no terminal received are absent. When several terminals received one, the one
 * that executed it is named, else the first to receive it: the one whose outcome the
 * signal's row shows. Read off the hot path (history pages, expiry), one query per call.
 */
export async function findDeliveries(
  db: Db,
  signalIds: string[],
): Promise<Map<string, SignalDelivery>> {
  if (signalIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([signalDeliveries.signalId], {
      signalId: signalDeliveries.signalId,
      account: terminals.account,
      broker: terminals.broker,
      platform: terminals.platform,
      transport: terminals.transport,
      eaVersion: terminals.eaVersion,
    })
    .from(signalDeliveries)
    .innerJoin(terminals, eq(terminals.id, signalDeliveries.terminalId))
    .where(inArray(signalDeliveries.signalId, signalIds))
    .orderBy(
      signalDeliveries.signalId,
      desc(sql`coalesce(${signalDeliveries.resultStatus} = 'success', false)`),
      asc(signalDeliveries.receivedAt),
    );
  return new Map(rows.map(({ signalId, ...delivery }) => [signalId, delivery]));
}
