import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const probe = fileURLToPath(new URL('../test/pretenuring-probe.ts', import.meta.url));

/** V8's pretenuring decisions in a run of the probe, as its trace prints them. */
function pretenuringDecisions(...args: string[]): string[] {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--trace-pretenuring-statistics', probe, ...args],
    { cwd: path.dirname(probe), encoding: 'utf8', timeout: 60_000 },
  );
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain('probe done');
  return run.stdout.split('\n').filter((line) => line.includes('=> tenure'));
}

describe('keepNewObjectsYoung', () => {
  it('leaves V8 pretenuring a literal whose objects outlive scavenges, by default', () => {
    expect(pretenuringDecisions().length).toBeGreaterThan(0);
  });

  it('stops V8 from pretenuring any literal once called', () => {
    expect(pretenuringDecisions('young')).toEqual([]);
  });
});
