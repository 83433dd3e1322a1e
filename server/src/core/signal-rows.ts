/** A signal's shapes: its row as features see it, what intake stores, what an EA gets. */
import { isSet } from '@signalrelay/contracts/alert-rules';
import { type Signal as EaSignal, v3FeatureOf } from '@signalrelay/contracts/ea-protocol';
import { getTableColumns } from 'drizzle-orm';
import { signals } from '../db/schema/signals.ts';
import type { commandColumns, insertedColumns } from './signal-statements.ts';

export type SignalRow = typeof signals.$inferSelect;
/** What intake stores: every column it sets, the id and result columns excepted. */
export type NewSignal = Pick<SignalRow, (typeof insertedColumns)[number]>;

const signalColumns = Object.entries(getTableColumns(signals));

/**
 * A `signals` row from raw SQL in the shape drizzle's own queries give, so an update can
 * return the row instead of being followed by a select (one round trip less per
 * acknowledgement and per result). The row comes as Postgres's `to_json(signals.*)`
 * (snake_case names, JSON values, timestamps as text): one column the driver parses with
 * `JSON.parse`, where `signals.*` made it describe and parse all 44 columns of every row,
 * which cost the driver about twice the CPU per returned signal.
 */
export function signalRowOf(raw: unknown): SignalRow {
  const json = raw as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of signalColumns) {
    const value = json[column.name];
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
  // The spread comes last: properties added after a spread of this many took V8 (Node 20)
  // 24 µs per row, 0.9 µs this way round.
  return {
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
    ...values,
  } satisfies SignalRow;
}

/** A signal using none of the commands beyond the spec: what the columns hold by default. */
export const noCommands = {
  expiry: 0,
  side: null,
  closePercent: 0,
  closeOpposite: false,
  slpips: 0,
  tppips: 0,
  slprice: 0,
  tpprice: 0,
  tps: [],
  riskAmount: 0,
  maxSpread: 0,
  deviation: 0,
  comment: null,
  magic: 0,
  account: null,
  minProtocol: 1,
} satisfies Pick<SignalRow, (typeof commandColumns)[number]>;

/** The v3 command fields an EA is sent, in the order it gets them, and the column of each. */
const commandFields = [
  ['expiryMinutes', 'expiry'],
  ['side', 'side'],
  ['closePercent', 'closePercent'],
  ['closeOpposite', 'closeOpposite'],
  ['slpips', 'slpips'],
  ['tppips', 'tppips'],
  ['slprice', 'slprice'],
  ['tpprice', 'tpprice'],
  ['tps', 'tps'],
  ['riskAmount', 'riskAmount'],
  ['maxSpread', 'maxSpread'],
  ['deviation', 'deviation'],
  ['comment', 'comment'],
  ['magic', 'magic'],
] as const satisfies readonly (readonly [
  keyof EaSignal,
  Exclude<(typeof commandColumns)[number], 'minProtocol'>,
])[];

/**
 * The v3 command fields an EA is sent: only those in use, so a spec alert's signal is v1's.
 * A loop over a table rather than an object filtered through its entries: this runs twice
 * per signal (intake's protocol check, the EA's frame).
 */
function commandFieldsOf(
  row: Pick<SignalRow, Exclude<(typeof commandColumns)[number], 'minProtocol'>>,
): Partial<EaSignal> {
  const fields: Record<string, unknown> = {};
  for (const [field, column] of commandFields) {
    const value = row[column];
    if (isSet(value)) fields[field] = value;
  }
  return fields as Partial<EaSignal>;
}

/**
 * The first thing in a signal only a v3 EA runs, in the alert's words (`buylimit`,
 * `closePercent`), or null: see `v3FeatureOf`.
 */
export function v3FeatureOfRow(
  row: Pick<SignalRow, 'position' | Exclude<(typeof commandColumns)[number], 'minProtocol'>>,
): string | null {
  return v3FeatureOf({ position: row.position ?? undefined, ...commandFieldsOf(row) });
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
    ...commandFieldsOf(row),
  };
}

/** The signal as sent to an EA: ttlMs is what is left of its TTL at sending time. */
export function toEaSignal(row: SignalRow, now: number): EaSignal {
  return { ...eaSignalOf(row), ttlMs: row.expiresAt.getTime() - now };
}
