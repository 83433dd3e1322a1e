import type { SignalResult } from '@signalrelay/contracts/ea-protocol';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/db.ts';
import { isPermanent } from '../db/db-errors.ts';
import { signals } from '../db/schema/signals.ts';
import { coalesce } from '../lib/coalesce.ts';
import type { RecordQueue } from '../ports/record-queue.ts';
import { createSignalInsert, type GivenUpListener } from './signal-insert.ts';
import { type SignalRow, signalRowOf } from './signal-rows.ts';
import {
  expireUnansweredSql,
  expireUnreceivedSql,
  markDeliveredSql,
  pendingForSql,
  recordReceivedSql,
  recordResultSql,
} from './signal-statements.ts';

/** A terminal as the relay knows it (id from the terminals table). */
export type TerminalRef = { id: string; userId: string; platform: 'mt4' | 'mt5' };

/** At most this many signals are read for a terminal at once (`pendingFor`), oldest first. */
export const pendingForLimit = 100;

/**
 * After this long past its TTL, a signal no terminal acknowledged is failed ("Signal Not
 * Transferred"). An EA that received it in the TTL's last moment acknowledges it across the
 * network, and the relay holds an acknowledgement up to `ackHoldMs` before writing it: failing
 * the signal at the TTL itself would call it not transferred, and tell its owner so, while the
 * EA trades it. Nothing is delivered in this grace: delivery stops at the TTL.
 */
export const receiptGraceMs = 2_000;

/** After this long past its TTL, a received signal with no result is marked as an error. */
export const resultGraceMs = 60_000;

/** Why a signal a terminal received is an error once `resultGraceMs` has gone by. */
const unansweredMessage = 'The EA received this signal but reported no result.';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** EAs send ids back to us; anything not shaped like ours cannot name a stored signal. */
export function isSignalId(id: string): boolean {
  return uuidPattern.test(id);
}

/** Stored status for an EA result: a test signal skipped by the EA counts as processed. */
function statusOfResult(result: SignalResult): 'success' | 'error' {
  return result.status === 'error' ? 'error' : 'success';
}

/** A result to store: `at` is when it reached us, `receivedAt` when its signal was acknowledged. */
type ResultWrite = { terminal: TerminalRef; result: SignalResult; at: number; receivedAt: number };

/** A terminal's acknowledgement of a signal; `at` is when it reached us. */
export type Ack = { terminal: TerminalRef; signalId: string; at: number };

/**
 * How long the hand-over marks of long-poll replies gather before they are written: one
 * statement for the replies of that long, where each reply ran its own (one per signal
 * delivered over long-poll). Off the delivery path; the dashboard shows "delivered" that much
 * later.
 */
const handOverGatherMs = 25;

/**
 * Signal persistence for the relay: intake (signal-insert.ts), replay, acknowledgements,
 * results and expiry.
 */
export function createSignalStore(
  database: Pick<Database, 'db' | 'inTime' | 'prepared' | 'settle'>,
  intake: { records: RecordQueue; givenUp?: GivenUpListener },
) {
  const { db, prepared } = database;
  const { insert, close } = createSignalInsert(database, intake);

  /** One statement for results of distinct signals (see `recordResultSql`). */
  async function writeResults(
    writes: ResultWrite[],
  ): Promise<{ row: SignalRow; terminalId: string }[]> {
    const column = <T>(of: (w: ResultWrite) => T) => writes.map(of);
    const rows = await prepared('signal_result', recordResultSql, [
      column((w) => w.result.id),
      column((w) => w.terminal.userId),
      column((w) => w.terminal.id),
      column((w) => new Date(w.at)),
      column((w) => w.result.status),
      // Postgres text cannot hold NUL; a broker message with one is still worth keeping.
      column((w) => w.result.message?.replaceAll('\u0000', '').trim() || null),
      column((w) => w.result.retcode ?? null),
      column((w) => w.result.ticket || null),
      column((w) => w.result.price ?? null),
      // Hop timings stay on the server's clock; the EA's own time is kept on its delivery row.
      column(
        (w) =>
          new Date(w.result.executedAt && w.result.executedAt > 0 ? w.result.executedAt : w.at),
      ),
      column((w) => statusOfResult(w.result)),
      column((w) => new Date(w.receivedAt)),
      column((w) => w.result.volume ?? null),
      column((w) => w.result.rule ?? null),
    ]);
    return rows.map((raw) => ({
      row: signalRowOf(raw.signal),
      terminalId: raw.applied_terminal_id as string,
    }));
  }

  /**
   * Results that arrive together are written together. Several terminals' results for one
   * signal go in successive statements, in arrival order, each seeing the one before; a
   * terminal's result sent twice is a resend, and only the first counts.
   */
  const resultCoalesced = coalesce(
    async (batch: ResultWrite[]): Promise<(SignalRow | null)[]> => {
      const keyOf = (w: ResultWrite) => `${w.terminal.id}:${w.result.id}`;
      const waves: ResultWrite[][] = [];
      const firsts = new Set<ResultWrite>();
      const seenKeys = new Set<string>();
      const perSignal = new Map<string, number>();
      for (const write of batch) {
        if (seenKeys.has(keyOf(write))) continue;
        seenKeys.add(keyOf(write));
        firsts.add(write);
        const wave = perSignal.get(write.result.id) ?? 0;
        perSignal.set(write.result.id, wave + 1);
        if (wave === waves.length) waves.push([]);
        waves[wave]!.push(write);
      }
      const stored = new Map<string, SignalRow>();
      for (const wave of waves) {
        for (const { row, terminalId } of await writeResults(wave)) {
          stored.set(`${terminalId}:${row.id}`, row);
        }
      }
      return batch.map((write) => (firsts.has(write) ? (stored.get(keyOf(write)) ?? null) : null));
    },
    { concurrency: 2, aloneOn: isPermanent },
  );

  /**
   * Each signal's hand-over time where none is set yet. A signal handed to two terminals
   * meanwhile takes the earlier time, and only that mark gets the row back (the delivery is
   * reported once, as when the later one found it set).
   */
  const handOverCoalesced = coalesce(
    async (marks: { id: string; at: number }[]) => {
      const first = new Map<string, { id: string; at: number }>();
      for (const mark of marks) {
        const seen = first.get(mark.id);
        if (!seen || mark.at < seen.at) first.set(mark.id, mark);
      }
      const firsts = [...first.values()];
      const rows = await prepared('signal_handed_over', markDeliveredSql, [
        firsts.map((mark) => mark.id),
        firsts.map((mark) => new Date(mark.at)),
      ]);
      const byId = new Map(rows.map((raw) => signalRowOf(raw.signal)).map((r) => [r.id, r]));
      return marks.map((mark) =>
        first.get(mark.id) === mark ? (byId.get(mark.id) ?? null) : null,
      );
    },
    { gatherMs: handOverGatherMs, aloneOn: isPermanent },
  );

  return {
    /** Stores a new signal (`createSignalInsert`). */
    insert,
    /** Stops writing the records that wait (they stay in the queue). */
    close,

    async findByAlertId(userId: string, alertId: string): Promise<SignalRow | null> {
      const rows = await db
        .select()
        .from(signals)
        .where(and(eq(signals.userId, userId), eq(signals.alertId, alertId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Frees an alertId older than the dedupe window so a new alert may reuse it. */
    async releaseAlertId(signalId: string): Promise<void> {
      await db.update(signals).set({ alertId: null }).where(eq(signals.id, signalId));
    },

    /**
     * Signals this terminal should have and has not acknowledged: same license, platform
     * matching (or unspecified), still within TTL, never blocked. Oldest first.
     */
    async pendingFor(
      terminal: TerminalRef & { account: string },
      now: number,
      limit = pendingForLimit,
    ): Promise<SignalRow[]> {
      const rows = await prepared('signal_pending_for', pendingForSql, [
        terminal.userId,
        new Date(now),
        terminal.platform,
        terminal.id,
        limit,
        terminal.account,
      ]);
      return rows.map((raw) => signalRowOf(raw.signal));
    },

    /**
     * Records that terminals have signals. Returns the signals this made delivered (their
     * first acknowledgement), so the caller can report delivery.
     */
    async recordReceived(acks: Ack[]): Promise<SignalRow[]> {
      const valid = acks.filter((ack) => isSignalId(ack.signalId));
      if (valid.length === 0) return [];
      const rows = await prepared('signal_received', recordReceivedSql, [
        valid.map((ack) => ack.signalId),
        valid.map((ack) => ack.terminal.userId),
        valid.map((ack) => ack.terminal.id),
        valid.map((ack) => new Date(ack.at)),
      ]);
      return rows.map((raw) => signalRowOf(raw.signal));
    },

    /**
     * Notes that signals were handed to a terminal's connection (a long-poll reply) at `at`,
     * for the hop timings. Replay still waits for the terminal's own acknowledgement.
     */
    async markDelivered(ids: string[], at: number): Promise<SignalRow[]> {
      const marked = await Promise.all(
        ids.filter(isSignalId).map((id) => handOverCoalesced({ id, at })),
      );
      return marked.filter((row) => row !== null);
    },

    /**
     * Stores a terminal's result (first result per terminal wins: EAs may resend) and updates
     * the signal: success if any terminal succeeded, else the latest error. Returns the
     * updated signal, or null when the id is unknown, foreign or already answered. Results
     * that arrive together are written together.
     */
    async recordResult(
      terminal: TerminalRef,
      result: SignalResult,
      at: number,
      /** When the terminal acknowledged the signal, if that is not stored yet. */
      receivedAt = at,
    ): Promise<SignalRow | null> {
      if (!isSignalId(result.id)) return null;
      return resultCoalesced({ terminal, result, at, receivedAt });
    },

    /**
     * Fails signals no terminal has received yet because only EAs too old to run them would
     * receive them (ea/PROTOCOL.md, "What the server sends to whom"). Returns those it failed.
     */
    async failForOlderEa(ids: string[], message: string): Promise<SignalRow[]> {
      const valid = ids.filter(isSignalId);
      if (valid.length === 0) return [];
      return db
        .update(signals)
        .set({ status: 'failed', errorMessage: message })
        .where(
          and(
            inArray(signals.id, valid),
            eq(signals.status, 'pending'),
            isNull(signals.deliveredAt),
          ),
        )
        .returning();
    },

    /**
     * Marks due signals: nobody acknowledged it `receiptGraceMs` after its TTL → failed
     * ("Signal Not Transferred"); received but no result long after the TTL → error. Returns
     * what changed.
     */
    async expireDue(now: number): Promise<SignalRow[]> {
      const failed = await prepared('signal_expire_unreceived', expireUnreceivedSql, [
        new Date(now - receiptGraceMs),
      ]);
      const silent = await prepared('signal_expire_unanswered', expireUnansweredSql, [
        new Date(now - resultGraceMs),
        unansweredMessage,
      ]);
      return [...failed, ...silent].map((raw) => signalRowOf(raw.signal));
    },
  };
}

export type SignalStore = ReturnType<typeof createSignalStore>;
