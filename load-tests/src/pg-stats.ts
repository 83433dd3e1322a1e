import pg from 'pg';

/**
 * What Postgres did for the bench database over a window (pg_stat_database): transactions,
 * rows, and how many connections the server opened. The per-signal figures show the cost of
 * the storage design (an explicit transaction is three round trips; a new connection is a
 * fork and an authentication).
 */
export type PostgresWork = {
  transactions: number;
  rollbacks: number;
  rowsInserted: number;
  rowsUpdated: number;
  rowsFetched: number;
  /** Backends of the bench database that started inside the window. */
  connectionsOpened: number;
};

type Counters = Omit<PostgresWork, 'connectionsOpened'>;

async function read(client: pg.Client, database: string): Promise<Counters> {
  const { rows } = await client.query(
    `select xact_commit + xact_rollback as transactions, xact_rollback as rollbacks,
       tup_inserted as inserted, tup_updated as updated, tup_fetched as fetched
     from pg_stat_database where datname = $1`,
    [database],
  );
  const r = rows[0] ?? {};
  return {
    transactions: Number(r.transactions ?? 0),
    rollbacks: Number(r.rollbacks ?? 0),
    rowsInserted: Number(r.inserted ?? 0),
    rowsUpdated: Number(r.updated ?? 0),
    rowsFetched: Number(r.fetched ?? 0),
  };
}

/** Starts counting; `stop()` returns the window's work. Statistics lag up to 0.5 s. */
export async function watchPostgres(url: string, database: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const startedAt = new Date();
  const before = await read(client, database);
  return {
    async stop(): Promise<PostgresWork> {
      try {
        // Backends report their counters when idle, at most every 500 ms.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const after = await read(client, database);
        const { rows } = await client.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1 and backend_start > $2',
          [database, startedAt],
        );
        return {
          transactions: after.transactions - before.transactions,
          rollbacks: after.rollbacks - before.rollbacks,
          rowsInserted: after.rowsInserted - before.rowsInserted,
          rowsUpdated: after.rowsUpdated - before.rowsUpdated,
          rowsFetched: after.rowsFetched - before.rowsFetched,
          connectionsOpened: Number(rows[0]?.n ?? 0),
        };
      } finally {
        await client.end();
      }
    },
  };
}
