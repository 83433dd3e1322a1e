import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * What the floor must add to become a relay that keeps SignalRelay's promises, and nothing
 * more: the alert is counted against a quota in one Redis script and committed to Postgres
 * before it is answered or pushed (the reply means "stored"; pushing first could trade a
 * signal that a crash then loses, and TradingView's resend would trade it again), and the
 * EA's `received` and `result` frames are stored. When its clients send heartbeats, each
 * license's last one is written to Redis, all of them in one command every 100 ms (as the
 * server's presence is), so that "EA connected" can be told within seconds. Each kind of
 * write goes one statement per event-loop turn (group commit), prepared once per connection;
 * the table has only its key and the alertId dedupe index. It is the lower bound a relay on
 * this stack (Node, pg, ioredis) and this machine can reach, measured by the `floors` scenario.
 */
export type DurableFloor = {
  /** Counts and stores one alert; resolves with its id once committed. */
  admit(license: string, body: string, alertId: string | null): Promise<string>;
  /** Stores an EA frame about a signal: its acknowledgement, or its result's status. */
  record(id: string, status: string | null): Promise<void>;
  /** A heartbeat from the license's client, written with the others. */
  seen(license: string): void;
  close(): Promise<void>;
};

const schema = `
  create table if not exists floor_signals (
    id uuid primary key,
    license text not null,
    alert_id text,
    body text not null,
    received_at timestamptz not null default now(),
    delivered_at timestamptz,
    result text,
    result_at timestamptz,
    unique (license, alert_id)
  )`;

const insertSql = `
  insert into floor_signals (id, license, alert_id, body)
  select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[])
  on conflict do nothing`;

const recordSql = `
  update floor_signals s set
    delivered_at = coalesce(s.delivered_at, now()),
    result = coalesce(r.status, s.result),
    result_at = case when r.status is null then s.result_at else now() end
  from unnest($1::uuid[], $2::text[]) as r(id, status)
  where s.id = r.id`;

/** INCR with the day's expiry on first use: the quota check as one round trip. */
const quotaScript = `
  local n = redis.call('INCR', KEYS[1])
  if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
  return n`;

const presenceKey = 'floor:presence';

/** Items added in one event-loop turn go to `write` together, once the turn's I/O has run. */
function perTurn<T>(write: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let batch: { item: T; done: (err?: unknown) => void }[] = [];
  const flush = () => {
    const taken = batch;
    batch = [];
    write(taken.map((b) => b.item)).then(
      () => {
        for (const b of taken) b.done();
      },
      (err: unknown) => {
        for (const b of taken) b.done(err);
      },
    );
  };
  return (item) =>
    new Promise<void>((resolve, reject) => {
      if (batch.length === 0) setImmediate(flush);
      batch.push({ item, done: (err) => (err ? reject(err) : resolve()) });
    });
}

export async function openDurableFloor(o: {
  databaseUrl: string;
  redisUrl: string;
}): Promise<DurableFloor> {
  const pool = new pg.Pool({ connectionString: o.databaseUrl, max: 4 });
  await pool.query(schema);
  const redis = new Redis(o.redisUrl, { enableAutoPipelining: true });
  const quotaSha = String(await redis.script('LOAD', quotaScript));
  const dayMs = 86_400_000;
  const quotaKeys = new Set<string>();

  const insert = perTurn<{ id: string; license: string; alertId: string | null; body: string }>(
    async (rows) => {
      await pool.query({
        name: 'floor_insert',
        text: insertSql,
        values: [
          rows.map((r) => r.id),
          rows.map((r) => r.license),
          rows.map((r) => r.alertId),
          rows.map((r) => r.body),
        ],
      });
    },
  );
  const frames = perTurn<{ id: string; status: string | null }>(async (rows) => {
    // An UPDATE joins each row once: a signal's two frames in one turn become one entry.
    const byId = new Map<string, string | null>();
    for (const { id, status } of rows) byId.set(id, status ?? byId.get(id) ?? null);
    await pool.query({
      name: 'floor_record',
      text: recordSql,
      values: [[...byId.keys()], [...byId.values()]],
    });
  });

  const lastSeen = new Map<string, number>();
  const presence = setInterval(() => {
    if (lastSeen.size === 0) return;
    const beats = [...lastSeen].flat();
    lastSeen.clear();
    redis
      .hset(presenceKey, ...beats)
      .catch((err: unknown) => console.error('floor: presence', err));
  }, 100);

  return {
    async admit(license, body, alertId) {
      const key = `floor:quota:${license}`;
      quotaKeys.add(key);
      await redis.evalsha(quotaSha, 1, key, dayMs);
      const id = randomUUID();
      await insert({ id, license, alertId, body });
      return id;
    },
    record(id, status) {
      return frames({ id, status });
    },
    seen(license) {
      lastSeen.set(license, Date.now());
    },
    async close() {
      clearInterval(presence);
      await redis.del(presenceKey);
      if (quotaKeys.size > 0) await redis.del(...quotaKeys);
      redis.disconnect();
      await pool.end();
    },
  };
}
