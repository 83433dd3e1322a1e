import type {
  HealthIssue,
  ProtocolVersion,
  TerminalIdentity,
} from '@signalrelay/contracts/ea-protocol';
import type { SignalDelivery } from '@signalrelay/contracts/signals';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { setNewest } from '../../core/bounded-map.ts';
import { cachedTerminals, licenseCaps } from '../../core/license-caps.ts';
import type { TerminalRef } from '../../core/signal-store.ts';
import type { Database } from '../../db/db.ts';
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
 * A terminal's row, written at each hello or poll not served from memory: inserted (with id
 * $12), or its last sight updated (a `null` parameter keeps what is stored). A terminal the
 * license does not have yet is inserted only while the license has fewer than $11 seen since
 * $10; refused, the statement returns no row. Hellos of two new terminals at once may both
 * pass: the cap is exceeded by at most the hellos handled together, never without end. One
 * named statement, planned once per connection (the cap's check and the write were two
 * statements built by drizzle at each hello): a reconnect storm after a restart runs it for
 * every EA.
 */
const terminalSeenSql = `
  insert into terminals
    (id, user_id, platform, account, broker, ea_version, protocol, terminal_build, transport,
     last_seen_at)
  select $12::uuid, $1::uuid, $2::text, $3::text, $4::text, $5::text, coalesce($6::smallint, 1),
    $7::integer, $8::text, $9::timestamptz
  where exists (
      select 1 from terminals
      where user_id = $1 and platform = $2 and account = $3 and broker = $4)
    or (select count(*) from terminals where user_id = $1 and last_seen_at > $10::timestamptz)
      < $11::integer
  on conflict (user_id, platform, account, broker) do update set
    last_seen_at = excluded.last_seen_at,
    ea_version = coalesce(excluded.ea_version, terminals.ea_version),
    terminal_build = coalesce(excluded.terminal_build, terminals.terminal_build),
    transport = excluded.transport,
    protocol = coalesce($6::smallint, terminals.protocol)
  returning id, protocol`;

/**
 * Terminal rows keyed by license owner + platform + account + broker. Long-poll EAs call in
 * every few seconds, so known terminals are served from memory (the least recently used
 * dropped past `cachedTerminals`) and written back only once a minute. A license gets at most
 * `licenseCaps.terminals` active terminals: hellos naming made-up accounts add no rows.
 */
export function createTerminalRegistry({
  database,
  now,
}: {
  database: Database;
  now: () => number;
}) {
  const { db } = database;
  const known = new Map<string, { ref: RelayTerminal; writtenAt: number }>();

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
      const at = now();
      const [row] = await database.prepared('terminal_seen', terminalSeenSql, [
        userId,
        identity.platform,
        identity.account,
        broker,
        eaVersion,
        details.v ?? null,
        details.terminalBuild ?? null,
        details.transport,
        new Date(at),
        new Date(at - licenseCaps.terminalActiveMs),
        licenseCaps.terminals,
        uuidv7(),
      ]);
      if (!row) throw new AppError('LIMIT_REACHED', terminalLimitMessage);
      const ref: RelayTerminal = {
        id: row.id as string,
        userId,
        platform: identity.platform,
        account: identity.account,
        protocol: row.protocol as ProtocolVersion,
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
