import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { adminDatabaseUrl } from './bench-services.ts';
import { sleep } from './clock.ts';
import { formatDiskFlushes, watchDiskFlushes } from './disk-flushes.ts';

const probeFile = `sr-bench-disk-${process.pid}.tmp`;
const probing = () => readdirSync(tmpdir()).includes(probeFile);

describe('the bench’s disk probe', () => {
  it('times real flushes beside the database and leaves no file behind', async () => {
    const watch = await watchDiskFlushes(adminDatabaseUrl, 10);
    expect(probing()).toBe(true);
    await sleep(400);
    const disk = await watch.stop();

    expect(probing()).toBe(false);
    // One flush every 10 ms at most (fewer when the disk stalls, as some VMs' do).
    expect(disk.flushes!.count).toBeGreaterThanOrEqual(1);
    expect(disk.flushes!.count).toBeLessThanOrEqual(41);
    // Stopped twice (a scenario's clean-up after its report), it answers the same.
    expect(await watch.stop()).toBe(disk);
    expect(disk.flushes!.min).toBeGreaterThan(0);
    expect(disk.stalls > 0).toBe(disk.flushes!.max > 50);
    // The test's Postgres is local and its user a superuser: it says where its data is.
    expect(typeof disk.databaseDisk).toBe('boolean');
    expect(formatDiskFlushes(disk)).toMatch(
      /^disk flushes \(8 kB fdatasync every 10 ms, (NOT )?the database’s disk\): \d+, p50 [\d.]+ ms, p99 [\d.]+ ms, max [\d.]+ ms; \d+ over 50 ms$/,
    );
  });

  it('says so when Postgres will not tell where its data is', async () => {
    const watch = await watchDiskFlushes('postgres://nobody@127.0.0.1:1/none', 10);
    const disk = await watch.stop();
    expect(disk.databaseDisk).toBeNull();
    expect(formatDiskFlushes(disk)).toContain('the database’s disk unknown');
  });
});
