import pg from 'pg';

/**
 * UUIDv7 as the app makes them (time-ordered): a v4 whose first 48 bits are the time `at`
 * (an SQL expression) gives.
 */
export const uuidv7Sql = (
  at: string,
) => `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing
  substring(int8send(floor(extract(epoch from ${at}) * 1000)::bigint) from 3) from 1 for 6),
  52, 1), 53, 1), 'hex')::uuid`;
const uuidv7 = uuidv7Sql('r.at');

/** Row i's time: i steps back from now ($3 = now in ms, $4 = step in ms). */
const rowTime = `cross join lateral (select to_timestamp(($3::bigint - i * $4::bigint) / 1000.0) as at) r`;

/**
 * `rows` signals and `rows` orders for one user, spread over the last 180 days with the mix a
 * busy account has (mostly successes, some errors, failures, blocks and tests; both
 * platforms; open and closed orders of every type), written by Postgres itself in one
 * statement per table. Runs on its own connection: the app's pool has a 1.5 s statement
 * timeout.
 */
export async function seedHistory(databaseUrl: string, userId: string, rows: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const params = [userId, rows, Date.now(), Math.floor((180 * 24 * 3600 * 1000) / rows)];
  try {
    await client.query(
      `insert into signals (id, user_id, symbol, position, lot, status, is_test, platform,
        sender_platform, error_message, received_at, expires_at, delivered_at, executed_at,
        ticket, executed_price, retcode)
      select ${uuidv7}, $1::uuid,
        (array['EURUSD','GBPUSD','USDJPY','XAUUSD','BTCUSD'])[1 + i % 5],
        (array['buy','sell','closebuy','closesell','closeall'])[1 + i % 5],
        0.01 * (1 + i % 10),
        s.status,
        i % 20 = 0,
        (array['mt4','mt5',null])[1 + i % 3],
        'TradingView',
        case when s.status = 'error' then 'Not enough money' end,
        r.at, r.at + interval '30 seconds',
        case when s.status in ('success','error') then r.at + interval '4 milliseconds' end,
        case when s.status in ('success','error') then r.at + interval '40 milliseconds' end,
        case when s.status = 'success' then (50000000 + i)::text end,
        case when s.status = 'success' then 1.08 end,
        case when s.status = 'success' then 10009 when s.status = 'error' then 10019 end
      from generate_series(1, $2::int) as i
      ${rowTime}
      cross join lateral (select case
        when i % 20 = 1 then 'error' when i % 20 = 2 then 'failed'
        when i % 20 = 3 then 'quota_blocked' else 'success' end as status) s`,
      params,
    );
    await client.query(
      `insert into orders (id, user_id, platform, account, broker, ticket, symbol, order_type,
        lots, open_price, close_price, profit, commission, swap, status, open_time, close_time)
      select ${uuidv7}, $1::uuid,
        (array['mt4','mt5'])[1 + i % 2], (5000000 + i % 3)::text, 'Bench-Demo',
        (60000000 + i)::text,
        (array['EURUSD','GBPUSD','USDJPY','XAUUSD','BTCUSD'])[1 + i % 5],
        (array['buy','sell','buy','sell','buylimit','sellstop'])[1 + i % 6],
        0.01 * (1 + i % 10), 1.08,
        case when i % 10 = 0 then null else 1.0812 end,
        case when i % 10 = 0 then 0 else ((i * 7919) % 2001 - 1000) / 10.0 end,
        -0.7, 0,
        case when i % 10 = 0 then 'open' else 'closed' end,
        r.at,
        case when i % 10 = 0 then null else r.at + interval '2 hours' end
      from generate_series(1, $2::int) as i
      ${rowTime}`,
      params,
    );
    await client.query('analyze signals');
    await client.query('analyze orders');
  } finally {
    await client.end();
  }
}
