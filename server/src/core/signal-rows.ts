/** A signal's shapes: its row as features see it, what intake stores, what an EA gets. */
import type { Signal as EaSignal } from '@signalrelay/contracts/ea-protocol';
import { getTableColumns } from 'drizzle-orm';
import { signals } from '../db/schema/signals.ts';
import type { insertedColumns } from './signal-statements.ts';

export type SignalRow = typeof signals.$inferSelect;
/** What intake stores: every column it sets, the id and result columns excepted. */
export type NewSignal = Pick<SignalRow, (typeof insertedColumns)[number]>;

const signalColumns = Object.entries(getTableColumns(signals));

/**
 * A `signals` row from raw SQL (`returning signals.*`: snake_case names, driver values) in the
 * shape drizzle's own queries give, so an update can return the row instead of being
 * followed by a select (one round trip less per acknowledgement and per result).
 */
export function signalRowOf(raw: Record<string, unknown>): SignalRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of signalColumns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as SignalRow;
}

/**
 * A new signal's row as Postgres stored it, without reading it back: intake sets every column
 * but the id and those only a terminal's result fills (parsing `returning *` cost more than
 * the INSERT's other work in the driver).
 */
export function insertedRowOf(id: string, values: NewSignal): SignalRow {
  return {
    ...values,
    id,
    errorMessage: null,
    deliveredAt: null,
    executedAt: null,
    ticket: null,
    executedPrice: null,
    executedVolume: null,
    resultMessage: null,
    retcode: null,
    rawBody: null,
    rule: null,
  } satisfies SignalRow;
}

/** The signal as sent to an EA, without its remaining TTL (which depends on sending time). */
export function eaSignalOf(row: SignalRow): Omit<EaSignal, 'ttlMs'> {
  // Only accepted alerts are ever pending, and intake refuses one without a position: a row
  // without one reaching this point is a bug to stop at, never a trade to guess.
  if (!row.position) throw new Error(`signal ${row.id} has no position and cannot be sent`);
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
