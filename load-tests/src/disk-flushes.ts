import { open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { monoNow, sleep } from './clock.ts';
import { type Summary, summarize } from './stats.ts';

/**
 * How long the machine's disk took to flush while a scenario was measured. Every commit waits
 * for the WAL's flush (fdatasync), so one stalled flush holds every alert of its moment, in
 * our server and in the durable floor alike: on the sixteenth session's VM, flushes of 8 kB
 * stalled for up to 830 ms with nothing else running. A run's tail is read against this line.
 */
export type DiskFlushes = {
  /** 8 kB written and flushed every `everyMs`; the flush times, in ms. */
  flushes: Summary | null;
  everyMs: number;
  /** Flushes slower than 50 ms. */
  stalls: number;
  /** Whether the probe's file is on the database's disk (null: Postgres would not say). */
  databaseDisk: boolean | null;
};

const blockBytes = 8192;
/** Blocks the probe cycles through, so its file stays small. */
const blocks = 128;
const stallMs = 50;

/** Where Postgres keeps its data, if it tells us (a superuser, or pg_read_all_settings). */
async function dataDirectory(databaseUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ dir: string }>(
      "select current_setting('data_directory') as dir",
    );
    return rows[0]?.dir ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Flushes 8 kB to a file in the temporary directory every `everyMs` until `stop()`: a few
 * percent of the flushes Postgres makes at 500 alerts/s, so it measures the disk without
 * loading it. The flush runs on libuv's thread pool; the bench's own process is idle while a
 * scenario is measured, so its event loop adds little to the times.
 */
export async function watchDiskFlushes(databaseUrl: string, everyMs = 20) {
  const dir = tmpdir();
  const dataDir = await dataDirectory(databaseUrl);
  const databaseDisk = dataDir
    ? await Promise.all([stat(dir), stat(dataDir)])
        .then(([probe, data]) => probe.dev === data.dev)
        .catch(() => null)
    : null;
  const file = path.join(dir, `sr-bench-disk-${process.pid}.tmp`);
  const handle = await open(file, 'w');
  const block = Buffer.alloc(blockBytes, 1);
  const times: number[] = [];
  let running = true;
  const probing = (async () => {
    for (let i = 0; running; i++) {
      await handle.write(block, 0, blockBytes, (i % blocks) * blockBytes);
      const started = monoNow();
      await handle.datasync();
      times.push(monoNow() - started);
      await sleep(everyMs);
    }
  })();
  let stopped: Promise<DiskFlushes> | undefined;
  return {
    /** Ends the probe and removes its file; a second call returns the first one's figures. */
    stop(): Promise<DiskFlushes> {
      running = false;
      stopped ??= probing
        .finally(async () => {
          await handle.close();
          await rm(file, { force: true });
        })
        .then(() => ({
          flushes: summarize(times),
          everyMs,
          stalls: times.filter((ms) => ms > stallMs).length,
          databaseDisk,
        }));
      return stopped;
    },
  };
}

/** One report line: `disk flushes (…): p50 …, p99 …, max … ms; N over 50 ms`. */
export function formatDiskFlushes(d: DiskFlushes): string {
  const where =
    d.databaseDisk === null
      ? 'the database’s disk unknown'
      : d.databaseDisk
        ? 'the database’s disk'
        : 'NOT the database’s disk';
  const f = d.flushes;
  return f
    ? `disk flushes (8 kB fdatasync every ${d.everyMs} ms, ${where}): ${f.count}, p50 ${f.p50} ms, p99 ${f.p99} ms, max ${f.max} ms; ${d.stalls} over ${stallMs} ms`
    : 'disk flushes: none measured';
}
