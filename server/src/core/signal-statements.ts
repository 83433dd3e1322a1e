import { alertNumberFields } from '@signalrelay/contracts/signals';
import { signals } from '../db/schema/signals.ts';

/**
 * The relay's hottest statements as raw SQL, each run as a named statement (parsed and
 * planned once per connection): planning them costs Postgres more than running them.
 * Those that give signals back give each as one JSON column, `signal` (see `signalRowOf`).
 */

/** The commands beyond the spec (issue 22) as intake stores them, and who may run them. */
export const commandColumns = [
  'expiry',
  'side',
  'closePercent',
  'closeOpposite',
  'slpips',
  'tppips',
  'slprice',
  'tpprice',
  'tps',
  'riskAmount',
  'maxSpread',
  'deviation',
  'comment',
  'magic',
  'account',
  'minProtocol',
] as const;

/** The columns intake sets on a new signal (the id comes first, see `insertSql`). */
export const insertedColumns = [
  'userId',
  'symbol',
  'position',
  ...alertNumberFields,
  ...commandColumns,
  'isTest',
  'senderPlatform',
  'platform',
  'status',
  'alertId',
  'receivedAt',
  'expiresAt',
] as const;

/**
 * The intake's INSERT of a batch of signals (see `coalesce`), in one round trip
 * (`Database.inTime`: $1 is its deadline, and past it the statement fails with SQLSTATE
 * SR408, migration 0011); the other parameters are one array per column, the ids first.
 * Written out from the schema rather than built by drizzle on every call; named, like the
 * statements below. A row whose alertId the user already has is skipped. Only the ids come
 * back: the rest of each row is what we sent (see `insertedRowOf`).
 */
export const insertSql = `
  insert into signals (${insertedNames()})
  select * from ${insertedArrays()}
  where (select in_time($1::timestamptz))
  on conflict do nothing
  returning id`;

/**
 * What a batch whose INSERT was given up on (its webhooks answered 503) leaves behind: each
 * signal stored as `failed`, with $1 as the reason. Where that INSERT did store a signal, its
 * row is failed instead, unless it has moved on already (delivered, blocked): the conflict on
 * the id waits for the INSERT's transaction to end, so the row cannot be missed while it
 * commits, and the users' delivery gates are closed first (before any row is written), so no
 * terminal reads such a row before it is failed. The rows it fails are taken in the order
 * of their ids, as `lockedSignals` takes them: a terminal that read one before the gate
 * closed may be acknowledging it. The other parameters are `insertSql`'s, without its
 * deadline.
 */
export const givenUpSql = `
  insert into signals (${insertedNames()}, error_message)
  select *, $1::text from ${insertedArrays()}
  where (select close_signal_gates($${insertedColumns.indexOf('userId') + 3}::uuid[]))
  order by 1
  on conflict (id) do update set status = 'failed', alert_id = null,
    error_message = excluded.error_message
  where signals.status = 'pending' and signals.delivered_at is null
  returning to_json(signals.*) as signal`;

/**
 * `insertSql` for a batch of one, most of them at a steady rate: one parameter per column
 * instead of one array per column, so neither we nor Postgres build and take apart 41
 * one-element arrays for it.
 */
export const insertOneSql = `
  insert into signals (${insertedNames()})
  select ${insertedValues()}
  where (select in_time($1::timestamptz))
  on conflict do nothing
  returning id`;

function insertedColumnsWithId() {
  return ['id' as const, ...insertedColumns].map((key) => signals[key]);
}

function insertedNames() {
  return insertedColumnsWithId()
    .map((c) => c.name)
    .join(', ');
}

/** One parameter per column, from $2 on. */
function insertedValues() {
  return insertedColumnsWithId()
    .map((c, i) => `$${i + 2}::${c.getSQLType()}`)
    .join(', ');
}

/** One array parameter per column, from $2 on. */
function insertedArrays() {
  const arrays = insertedColumnsWithId().map((c, i) => `$${i + 2}::${c.getSQLType()}[]`);
  return `unnest(${arrays.join(', ')})`;
}

/**
 * What a terminal should have and has not acknowledged, oldest first: read at every long-poll
 * and every (re)connection, so named like the writes below. Signals that need a later
 * protocol than the terminal's are read too (the relay fails those no terminal has), and
 * signals failed before their time (only older EAs could have had them) are not. Read
 * through the delivery gate (migrations/0010_signal_delivery_gate.sql, where the query is),
 * which `givenUpSql` closes.
 */
export const pendingForSql = `
  select signal from signals_pending_for(
    $1::uuid, $2::timestamptz, $3::text, $4::uuid, $5::integer, $6::text) as signal`;

/**
 * The signals that match `condition`, locked for an update in the order of their ids: the
 * statements below update many signals at once, and the same ones may be written at the same
 * moment by another (a basket's hand-over marks, its acknowledgements, its results, its
 * expiry). Rows locked in whatever order each statement's plan visits them deadlock, and
 * Postgres breaks a deadlock only after `deadlock_timeout` (1 s), failing one of them. Locked
 * in one order, the second statement waits for the first and then runs. Each statement takes
 * these locks before it writes anything else about those signals (their delivery rows).
 */
const lockedSignals = (condition: string) => `
  locked as (
    select id from signals where ${condition}
    order by id for no key update
  )`;

/**
 * Long-poll replies' signals, each handed to its terminal's connection at its time: their
 * delivery time where none is set yet. Those of many replies go together (`markDelivered`).
 */
export const markDeliveredSql = `
  with ${lockedSignals('id = any($1::uuid[]) and delivered_at is null')}
  update signals s set delivered_at = h.at
  from unnest($1::uuid[], $2::timestamptz[]) as h(id, at)
  where s.id = h.id and s.delivered_at is null and s.id in (select id from locked)
  returning to_json(s.*) as signal`;

/**
 * Acknowledgements, many in one statement: each terminal's delivery row, and the signal's
 * delivery time when a terminal is the first to have it. Ids that are not the terminal
 * user's signals match nothing. Named (prepared once per connection): planning it costs
 * Postgres more than running it.
 */
export const recordReceivedSql = `
  with ${lockedSignals('id = any($1::uuid[]) and user_id = any($2::uuid[])')},
  acks as (
    select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[])
      as a(signal_id, user_id, terminal_id, received_at)
  ),
  ins as (
    insert into signal_deliveries (signal_id, terminal_id, received_at)
    select s.id, a.terminal_id, a.received_at
    from acks a join locked l on l.id = a.signal_id
      join signals s on s.id = a.signal_id and s.user_id = a.user_id
    order by s.id, a.terminal_id
    on conflict do nothing
    returning signal_id, received_at
  ),
  first as (select signal_id, min(received_at) as at from ins group by signal_id)
  update signals set delivered_at = first.at
  from first
  where signals.id = first.signal_id and signals.delivered_at is null
  returning to_json(signals.*) as signal`;

/**
 * A batch of results (see `coalesce`), at most one per signal: first result per terminal
 * wins (EAs may resend); the signal is success if any terminal succeeded, else the latest
 * error (with the account rule a v3 EA named, if any). `received_at` is when the terminal acknowledged the signal, for a result that
 * arrives before its acknowledgement was written. Each returned signal names the terminal
 * whose result this statement stored. Named, like the acknowledgements; `id = any($1)`
 * keeps its one plan on the primary key however small the table was when it was planned.
 */
export const recordResultSql = `
  with ${lockedSignals('id = any($1::uuid[]) and user_id = any($2::uuid[])')},
  r as (
    select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::text[],
        $6::text[], $7::integer[], $8::text[], $9::double precision[], $10::timestamptz[],
        $11::text[], $12::timestamptz[], $13::double precision[], $14::text[])
      as r(signal_id, user_id, terminal_id, at, result_status, message, retcode, ticket, price,
        executed_at, status, received_at, volume, rule)
  ),
  d as (
    insert into signal_deliveries
      (signal_id, terminal_id, received_at, result_status, result_message, retcode, ticket, price,
        volume, executed_at)
    select s.id, r.terminal_id, r.received_at, r.result_status, r.message, r.retcode, r.ticket,
      r.price, r.volume, r.executed_at
    from r join locked l on l.id = r.signal_id
      join signals s on s.id = r.signal_id and s.user_id = r.user_id
    where s.id = any($1::uuid[])
    order by s.id, r.terminal_id
    on conflict (signal_id, terminal_id) do update set
      result_status = excluded.result_status, result_message = excluded.result_message,
      retcode = excluded.retcode, ticket = excluded.ticket, price = excluded.price,
      volume = excluded.volume, executed_at = excluded.executed_at
    where signal_deliveries.result_status is null
    returning signal_id
  )
  update signals set
    status = case when signals.status = 'success' then 'success' else r.status end,
    error_message = case when signals.status = 'success' or r.status = 'success'
      then signals.error_message else coalesce(r.message, 'The terminal refused the order.') end,
    rule = case when signals.status = 'success' or r.status = 'success'
      then signals.rule else r.rule end,
    delivered_at = coalesce(signals.delivered_at, r.received_at),
    executed_at = coalesce(signals.executed_at, r.at),
    ticket = coalesce(signals.ticket, r.ticket),
    executed_price = coalesce(signals.executed_price, r.price),
    executed_volume = coalesce(signals.executed_volume, r.volume),
    result_message = case when signals.status <> 'success' and r.status = 'success'
      then r.message else signals.result_message end,
    retcode = coalesce(signals.retcode, r.retcode)
  from r
  where signals.id = any($1::uuid[]) and signals.id = r.signal_id
    and r.signal_id in (select signal_id from d)
  returning to_json(signals.*) as signal, r.terminal_id as applied_terminal_id`;

/**
 * Expiry, first: signals due by $1 that no terminal acknowledged become `failed` ("Signal Not
 * Transferred"). Read by when they are due, locked by id (`lockedSignals`). An acknowledgement
 * stored while expiry waited for its signal's lock is not in this statement's snapshot: only
 * `signal_acknowledged`, asked once the lock is held, sees it (migrations/0012).
 */
export const expireUnreceivedSql = `
  with ${lockedSignals(`status = 'pending' and expires_at <= $1::timestamptz
    and not exists (select 1 from signal_deliveries d where d.signal_id = signals.id)`)},
  unreceived as (select id from locked where not signal_acknowledged(id))
  update signals s set status = 'failed'
  from unreceived
  where s.id = unreceived.id
  returning to_json(s.*) as signal`;

/** Expiry, then: signals due by $1 that a terminal has and never answered are an `error` ($2). */
export const expireUnansweredSql = `
  with ${lockedSignals(`status = 'pending' and expires_at <= $1::timestamptz`)}
  update signals s set status = 'error', error_message = $2::text
  from locked
  where s.id = locked.id
  returning to_json(s.*) as signal`;
