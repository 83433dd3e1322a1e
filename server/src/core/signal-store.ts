import type { Signal as EaSignal, SignalResult } from '@signalrelay/bridge/protocol';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../db/db.ts';
import { signals } from '../db/schema/signals.ts';
import {
  insertedColumns,
  insertSql,
  pendingForSql,
  recordReceivedSql,
  recordResultSql,
} from './signal-statements.ts';

export type SignalRow = typeof signals.$inferSelect;
/** What intake stores: every column it sets, the id and result columns excepted. */
export type NewSignal = Pick<SignalRow, (typeof insertedColumns)[number]>;

/** A terminal as the relay knows it (id from the terminals table). */
export type TerminalRef = { id: string; userId: string; platform: 'mt4' | 'mt5' };

/**
 * An insert not answered within this long is abandoned (the webhook answers 503), so that
 * with a full pool's wait it still answers inside TradingView's 3 s.
 */
const insertTimeoutMs = 1500;

/** New ids as drizzle's own inserts make them (the column's default: UUIDv7). */
const newSignalId = signals.id.defaultFn as () => string;

/** After this long past its TTL, a received signal with no result is marked as an error. */
export const resultGraceMs = 60_000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** EAs send ids back to us; anything not shaped like ours cannot name a stored signal. */
export function isSignalId(id: string): boolean {
  return uuidPattern.test(id);
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const signalColumns = Object.entries(getTableColumns(signals));

/**
 * A `signals` row from raw SQL (`returning signals.*`: snake_case names, driver values) in the
 * shape drizzle's own queries give, so an update can return the row instead of being
 * followed by a select (one round trip less per acknowledgement and per result).
 */
function signalRowOf(raw: Record<string, unknown>): SignalRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of signalColumns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as SignalRow;
}

/** The signal as sent to an EA, without its remaining TTL (which depends on sending time). */
export function eaSignalOf(row: SignalRow): Omit<EaSignal, 'ttlMs'> {
  return {
    id: row.id,
    symbol: row.symbol,
    position: row.position,
    lot: row.lot,
    slpoint: row.slpoint,
    tppoint: row.tppoint,
    trailingStop: row.trailingStop,
    breakEvenPips: row.breakEvenPips,
    riskPercentage: row.riskPercentage,
    isTest: row.isTest,
    receivedAt: row.receivedAt.getTime(),
    ...(row.price > 0 ? { price: row.price } : {}),
  };
}

/** The signal as sent to an EA: ttlMs is what is left of its TTL at sending time. */
export function toEaSignal(row: SignalRow, now: number): EaSignal {
  return { ...eaSignalOf(row), ttlMs: row.expiresAt.getTime() - now };
}

/** Stored status for an EA result: a test signal skipped by the EA counts as processed. */
function statusOfResult(result: SignalResult): 'success' | 'error' {
  return result.status === 'error' ? 'error' : 'success';
}

/** A terminal's acknowledgement of a signal; `at` is when it reached us. */
export type Ack = { terminal: TerminalRef; signalId: string; at: number };

/**
 * Signal persistence for the relay: intake, replay, acknowledgements, results and expiry.
 * `inTime` keeps a late INSERT from storing a signal we refused with 503 (db.ts).
 */
export function createSignalStore(database: Pick<Database, 'db' | 'inTime' | 'prepared'>) {
  const { db, inTime, prepared } = database;
  return {
    /**
     * Inserts; returns null instead when the user's alertId is already taken, or when the
     * INSERT reached Postgres too late to count (we had given up on it by then).
     */
    async insert(values: NewSignal): Promise<SignalRow | null> {
      const params: unknown[] = [newSignalId()];
      for (const key of insertedColumns) {
        const value = values[key];
        params.push(value === null ? null : signals[key].mapToDriverValue(value));
      }
      const rows = await inTime('signal_insert', insertSql, params, insertTimeoutMs);
      return rows[0] ? signalRowOf(rows[0]) : null;
    },

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
     * Signals this terminal should have and has not acknowledged: same licence, platform
     * matching (or unspecified), still within TTL, never blocked. Oldest first.
     */
    async pendingFor(terminal: TerminalRef, now: number, limit = 100): Promise<SignalRow[]> {
      const rows = await prepared('signal_pending_for', pendingForSql, [
        terminal.userId,
        new Date(now),
        terminal.platform,
        terminal.id,
        limit,
      ]);
      return rows.map(signalRowOf);
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
      return rows.map(signalRowOf);
    },

    /**
     * Notes that signals were handed to a terminal's connection (a long-poll reply) at `at`,
     * for the hop timings. Replay still waits for the terminal's own acknowledgement.
     */
    async markDelivered(ids: string[], at: number): Promise<SignalRow[]> {
      const valid = ids.filter(isSignalId);
      if (valid.length === 0) return [];
      return db
        .update(signals)
        .set({ deliveredAt: new Date(at) })
        .where(
          sql`${signals.id} in (${sql.join(
            valid.map((id) => sql`${id}`),
            sql`, `,
          )}) and ${signals.deliveredAt} is null`,
        )
        .returning();
    },

    /**
     * Stores a terminal's result (first result per terminal wins: EAs may resend) and updates
     * the signal: success if any terminal succeeded, else the latest error. Returns the
     * updated signal, or null when the id is unknown, foreign or already answered.
     */
    async recordResult(
      terminal: TerminalRef,
      result: SignalResult,
      at: number,
      /** When the terminal acknowledged the signal, if that is not stored yet. */
      receivedAt = at,
    ): Promise<SignalRow | null> {
      if (!isSignalId(result.id)) return null;
      const status = statusOfResult(result);
      const when = new Date(at);
      // Hop timings stay on the server's clock; the EA's own time is kept on its delivery row.
      const terminalTime = new Date(
        result.executedAt && result.executedAt > 0 ? result.executedAt : at,
      );

      // Postgres text cannot hold NUL; a broker message with one is still worth keeping.
      const text = result.message?.replaceAll('\u0000', '').trim();
      const message = text ? text : null;
      const ticket = result.ticket ? result.ticket : null;
      const rows = await prepared('signal_result', recordResultSql, [
        result.id,
        terminal.userId,
        terminal.id,
        when,
        result.status,
        message,
        result.retcode ?? null,
        ticket,
        result.price ?? null,
        terminalTime,
        status,
        new Date(receivedAt),
      ]);
      return rows[0] ? signalRowOf(rows[0]) : null;
    },

    /**
     * Marks due signals: nobody received it within its TTL → failed ("Signal Not
     * Transferred"); received but no result long after the TTL → error. Returns what changed.
     */
    async expireDue(now: number): Promise<SignalRow[]> {
      const failed = await db.execute(sql`
        update signals s set status = 'failed'
        where s.status = 'pending' and s.expires_at <= ${new Date(now)}
          and not exists (select 1 from signal_deliveries d where d.signal_id = s.id)
        returning id`);
      const silent = await db.execute(sql`
        update signals s set status = 'error',
          error_message = 'The EA received this signal but reported no result.'
        where s.status = 'pending' and s.expires_at <= ${new Date(now - resultGraceMs)}
        returning id`);
      const ids = [...rowsOf<{ id: string }>(failed), ...rowsOf<{ id: string }>(silent)].map(
        (r) => r.id,
      );
      if (ids.length === 0) return [];
      return db
        .select()
        .from(signals)
        .where(
          sql`${signals.id} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
    },
  };
}

export type SignalStore = ReturnType<typeof createSignalStore>;
