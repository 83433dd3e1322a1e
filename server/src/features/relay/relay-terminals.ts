import type { HealthIssue, TerminalIdentity } from '@signalrelay/bridge/protocol';
import { and, eq, sql } from 'drizzle-orm';
import type { TerminalRef } from '../../core/signal-store.ts';
import type { Db } from '../../db/db.ts';
import { type ExecutorRefusal, terminals } from '../../db/schema/signals.ts';

/** Refresh a known terminal's row (last seen, EA version) at most this often. */
const refreshMs = 60_000;

type Details = {
  eaVersion?: string | undefined;
  terminalBuild?: number | undefined;
  transport: 'ws' | 'poll';
};

/**
 * Terminal rows keyed by licence owner + platform + account + broker. Long-poll EAs call in
 * every few seconds, so known terminals are served from memory and written back only once a
 * minute.
 */
export function createTerminalRegistry({ db, now }: { db: Db; now: () => number }) {
  const known = new Map<string, { ref: TerminalRef; writtenAt: number }>();

  return {
    async resolve(
      userId: string,
      identity: TerminalIdentity,
      details: Details,
    ): Promise<TerminalRef> {
      // Postgres text cannot hold NUL: dropped, the same way for every hello of this terminal.
      const broker = identity.broker.replaceAll('\u0000', '');
      const eaVersion = details.eaVersion?.replaceAll('\u0000', '') ?? null;
      const key = `${userId}|${identity.platform}|${identity.account}|${broker}|${details.transport}`;
      const cached = known.get(key);
      if (cached && now() - cached.writtenAt < refreshMs) return cached.ref;
      const at = new Date(now());
      const rows = await db
        .insert(terminals)
        .values({
          userId,
          platform: identity.platform,
          account: identity.account,
          broker,
          eaVersion,
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
          },
        })
        .returning({ id: terminals.id });
      const ref = { id: rows[0]!.id, userId, platform: identity.platform };
      known.set(key, { ref, writtenAt: now() });
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
