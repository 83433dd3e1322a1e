import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { terminals } from '../db/schema/signals.ts';
import type { Presence } from '../ports/presence.ts';
import { reaches } from './relay-hub.ts';
import { type SignalRow, v3FeatureOfRow } from './signal-rows.ts';

/** A terminal as the refusal names it. */
type OlderEa = { account: string; protocol: number };

/**
 * Why a signal was not sent (ea/PROTOCOL.md, "What the server sends to whom"): the EA that
 * would have received it speaks an older protocol than the signal's first v3 feature needs.
 */
export function olderEaMessage(terminal: OlderEa, row: SignalRow): string {
  const feature = v3FeatureOfRow(row) ?? row.position;
  return `The EA on account ${terminal.account} speaks protocol v${terminal.protocol}: update the EA to use ${feature}`;
}

/**
 * The connected terminals a new signal is for (license, platform, account), when every one of
 * them is too old to run it: the first of those, which the refusal names. Null when one can
 * run it, or when none is connected (the signal waits for one).
 */
export async function onlyOlderEas(
  { db, presence }: { db: Db; presence: Presence },
  row: SignalRow,
  connectedSince: number,
): Promise<OlderEa | null> {
  const online = await presence.members(row.userId, connectedSince);
  if (online.length === 0) return null;
  const connected = await db
    .select({
      platform: terminals.platform,
      account: terminals.account,
      protocol: terminals.protocol,
    })
    .from(terminals)
    .where(and(eq(terminals.userId, row.userId), inArray(terminals.id, online)));
  const target = { platform: row.platform, account: row.account, minProtocol: 0 };
  const meant = connected.filter((terminal) => reaches(target, terminal));
  if (meant.length === 0 || meant.some((t) => t.protocol >= row.minProtocol)) return null;
  return meant[0]!;
}
