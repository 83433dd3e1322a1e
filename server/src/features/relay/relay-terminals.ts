import type {
  HealthIssue,
  ProtocolVersion,
  TerminalIdentity,
} from '@signalrelay/contracts/ea-protocol';
import type { SignalDelivery } from '@signalrelay/contracts/signals';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { setNewest } from '../../core/bounded-map.ts';
import { cachedTerminals, licenseCaps } from '../../core/license-caps.ts';
import type { TerminalRef } from '../../core/signal-store.ts';
import type { Db } from '../../db/db.ts';
import { type ExecutorRefusal, terminals } from '../../db/schema/signals.ts';
import { AppError } from '../../errors.ts';

/** Refresh a known terminal's row (last seen, EA version) at most this often. */
const refreshMs = 60_000;

/**
 * A connected terminal: the relay's reference, the account it trades and the protocol version
 * it speaks (what it may be sent), and how the dashboard names it in the journey of the
 * signals it receives over this connection.
 */
export type RelayTerminal = TerminalRef & {
  account: string;
  protocol: ProtocolVersion;
  delivery: SignalDelivery;
};

type Details = {
  /** The version of its hello or poll; absent on a bare result, which keeps the stored one. */
  v?: ProtocolVersion | undefined;
  eaVersion?: string | undefined;
  terminalBuild?: number | undefined;
  transport: 'ws' | 'poll';
};

const activeDays = licenseCaps.terminalActiveMs / (24 * 60 * 60 * 1000);
/** Why a new terminal is refused (HTTP 409 LIMIT_REACHED, or the WebSocket's error frame). */
export const terminalLimitMessage = `This license already has ${licenseCaps.terminals} terminals seen in the last ${activeDays} days, the most it can serve. Remove the EA from terminals you no longer use: a terminal stops counting ${activeDays} days after it was last seen.`;

/**
 * Terminal rows keyed by license owner + platform + account + broker. Long-poll EAs call in
 * every few seconds, so known terminals are served from memory (the least recently used
 * dropped past `cachedTerminals`) and written back only once a minute. A license gets at most
 * `licenseCaps.terminals` active terminals: hellos naming made-up accounts add no rows.
 */
export function createTerminalRegistry({ db, now }: { db: Db; now: () => number }) {
  const known = new Map<string, { ref: RelayTerminal; writtenAt: number }>();

  /** Refuses a terminal the license does not have yet once it has its active maximum. */
  async function admit(userId: string, identity: TerminalIdentity, broker: string) {
    const isThis = and(
      eq(terminals.userId, userId),
      eq(terminals.platform, identity.platform),
      eq(terminals.account, identity.account),
      eq(terminals.broker, broker),
    );
    const activeSince = new Date(now() - licenseCaps.terminalActiveMs);
    const [row] = await db
      .select({
        exists: sql<boolean>`exists (${db.select({ one: sql`1` }).from(terminals).where(isThis)})`,
        active: count(),
      })
      .from(terminals)
      .where(and(eq(terminals.userId, userId), gt(terminals.lastSeenAt, activeSince)));
    // Hellos of two new terminals at once may both pass: the cap is exceeded by at most the
    // hellos handled together, never without end.
    if (!row?.exists && (row?.active ?? 0) >= licenseCaps.terminals) {
      throw new AppError('LIMIT_REACHED', terminalLimitMessage);
    }
  }

  return {
    async resolve(
      userId: string,
      identity: TerminalIdentity,
      details: Details,
    ): Promise<RelayTerminal> {
      // Postgres text cannot hold NUL: dropped, the same way for every hello of this terminal.
      const broker = identity.broker.replaceAll('\u0000', '');
      const eaVersion = details.eaVersion?.replaceAll('\u0000', '') ?? null;
      const key = `${userId}|${identity.platform}|${identity.account}|${broker}|${details.transport}|${details.v ?? ''}`;
      const cached = known.get(key);
      if (cached && now() - cached.writtenAt < refreshMs) {
        // Re-inserted at the end: the Map's first key is always the least recently used.
        known.delete(key);
        known.set(key, cached);
        return cached.ref;
      }
      if (!cached) await admit(userId, identity, broker);
      const at = new Date(now());
      const rows = await db
        .insert(terminals)
        .values({
          userId,
          platform: identity.platform,
          account: identity.account,
          broker,
          eaVersion,
          ...(details.v ? { protocol: details.v } : {}),
          terminalBuild: details.terminalBuild ?? null,
          transport: details.transport,
          lastSeenAt: at,
        })
        .onConflictDoUpdate({
          target: [terminals.userId, terminals.platform, terminals.account, terminals.broker],
          set: {
            lastSeenAt: at,
            eaVersion: sql`coalesce(excluded.ea_version, ${terminals.eaVersion})`,
            terminalBuild: sql`coalesce(excluded.terminal_build, ${terminals.terminalBuild})`,
            transport: details.transport,
            ...(details.v ? { protocol: details.v } : {}),
          },
        })
        .returning({ id: terminals.id, protocol: terminals.protocol });
      const ref: RelayTerminal = {
        id: rows[0]!.id,
        userId,
        platform: identity.platform,
        account: identity.account,
        protocol: rows[0]!.protocol as ProtocolVersion,
        delivery: {
          account: identity.account,
          broker,
          platform: identity.platform,
          transport: details.transport,
          eaVersion,
        },
      };
      setNewest(known, key, { ref, writtenAt: now() }, cachedTerminals);
      return ref;
    },

    /** The EA's current list of problems, replacing the one before (protocol v2 `health`). */
    async recordHealth(terminal: TerminalRef, issues: HealthIssue[]) {
      await db
        .update(terminals)
        .set({ health: issues, healthAt: new Date(now()) })
        .where(and(eq(terminals.id, terminal.id), eq(terminals.userId, terminal.userId)));
    },

    /** A copy of the EA was refused on this terminal because another one trades the account. */
    async recordRefusal(terminal: TerminalRef, refusal: ExecutorRefusal) {
      await db
        .update(terminals)
        .set({ refusal })
        .where(and(eq(terminals.id, terminal.id), eq(terminals.userId, terminal.userId)));
    },
  };
}

export type TerminalRegistry = ReturnType<typeof createTerminalRegistry>;
