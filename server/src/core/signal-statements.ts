import { signals } from '../db/schema/signals.ts';

/**
 * The relay's hottest statements as raw SQL, each run as a named statement (parsed and
 * planned once per connection): planning them costs Postgres more than running them.
 */

/** The columns intake sets on a new signal (the id comes first, see `insertSql`). */
export const insertedColumns = [
  'userId',
  'symbol',
  'position',
  'lot',
  'price',
  'slpoint',
  'tppoint',
  'trailingStop',
  'breakEvenPips',
  'riskPercentage',
  'isTest',
  'senderPlatform',
  'platform',
  'status',
  'alertId',
  'receivedAt',
  'expiresAt',
] as const;

/**
 * The intake's INSERT, one round trip (`Database.inTime`: $1 is its deadline). Written out
 * from the schema rather than built by drizzle on every call; named, like the statements
 * below. With the user's alertId already taken it inserts nothing.
 */
export const insertSql = (() => {
  const columns = ['id' as const, ...insertedColumns].map((key) => signals[key]);
  return `
  insert into signals (${columns.map((c) => c.name).join(', ')})
  select ${columns.map((c, i) => `$${i + 2}::${c.getSQLType()}`).join(', ')}
  where statement_timestamp() < $1::timestamptz
  on conflict do nothing
  returning *`;
})();

/**
 * What a terminal should have and has not acknowledged, oldest first: read at every long-poll
 * and every (re)connection, so named like the writes below.
 */
export const pendingForSql = `
  select * from signals
  where user_id = $1 and expires_at > $2::timestamptz and status <> 'quota_blocked'
    and (platform is null or platform = $3)
    and not exists (select 1 from signal_deliveries d
      where d.signal_id = signals.id and d.terminal_id = $4)
  order by received_at
  limit $5`;

/**
 * Acknowledgements, many in one statement: each terminal's delivery row, and the signal's
 * delivery time when a terminal is the first to have it. Ids that are not the terminal
 * user's signals match nothing. Named (prepared once per connection): planning it costs
 * Postgres more than running it.
 */
export const recordReceivedSql = `
  with acks as (
    select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[])
      as a(signal_id, user_id, terminal_id, received_at)
  ),
  ins as (
    insert into signal_deliveries (signal_id, terminal_id, received_at)
    select s.id, a.terminal_id, a.received_at
    from acks a join signals s on s.id = a.signal_id and s.user_id = a.user_id
    on conflict do nothing
    returning signal_id, received_at
  ),
  first as (select signal_id, min(received_at) as at from ins group by signal_id)
  update signals set delivered_at = first.at
  from first
  where signals.id = first.signal_id and signals.delivered_at is null
  returning signals.*`;

/**
 * A result: first per terminal wins (EAs may resend); the signal is success if any terminal
 * succeeded, else the latest error. $12 is when the terminal acknowledged the signal, for a
 * result that arrives before its acknowledgement was written. Named, like the
 * acknowledgements.
 */
export const recordResultSql = `
  with s as (select id from signals where id = $1 and user_id = $2),
  d as (
    insert into signal_deliveries
      (signal_id, terminal_id, received_at, result_status, result_message, retcode, ticket, price, executed_at)
    select id, $3, $12::timestamptz, $5, $6, $7::integer, $8, $9::double precision, $10::timestamptz from s
    on conflict (signal_id, terminal_id) do update set
      result_status = excluded.result_status, result_message = excluded.result_message,
      retcode = excluded.retcode, ticket = excluded.ticket, price = excluded.price,
      executed_at = excluded.executed_at
    where signal_deliveries.result_status is null
    returning signal_id
  )
  update signals set
    status = case when signals.status = 'success' then 'success' else $11 end,
    error_message = case when signals.status = 'success' or $11 = 'success'
      then signals.error_message else coalesce($6, 'The terminal refused the order.') end,
    delivered_at = coalesce(signals.delivered_at, $12::timestamptz),
    executed_at = coalesce(signals.executed_at, $4::timestamptz),
    ticket = coalesce(signals.ticket, $8),
    executed_price = coalesce(signals.executed_price, $9::double precision),
    retcode = coalesce(signals.retcode, $7::integer)
  where id in (select signal_id from d)
  returning signals.*`;
