import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SignalResult } from '@signalrelay/contracts/ea-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDedupe } from './dedupe.ts';

const result = (id: string, ticket = '1'): SignalResult => ({
  id,
  status: 'success',
  ticket,
  retcode: 10009,
  executedAt: 1,
});

describe('dedupe', () => {
  it('returns the in-flight promise, then the first result', async () => {
    const dedupe = createDedupe();
    let finish!: (r: SignalResult) => void;
    const outcome = new Promise<SignalResult>((resolve) => {
      finish = resolve;
    });
    dedupe.remember('a', outcome);
    expect(dedupe.lookup('a')).toBe(outcome);
    finish(result('a', '7'));
    await outcome;
    expect(dedupe.lookup('a')).toEqual(result('a', '7'));
    expect(dedupe.lookup('b')).toBeUndefined();
  });

  it('keeps at least the newest 1,000 ids', async () => {
    const dedupe = createDedupe({ capacity: 10 });
    for (let i = 0; i < 1005; i++) dedupe.remember(`id-${i}`, Promise.resolve(result(`id-${i}`)));
    expect(dedupe.size).toBe(1000);
    expect(dedupe.lookup('id-4')).toBeUndefined();
    expect(dedupe.lookup('id-5')).toBeDefined();
    expect(dedupe.lookup('id-1004')).toBeDefined();
  });

  it('forgets an id whose execution failed without a result', async () => {
    const dedupe = createDedupe();
    const failed = Promise.reject(new Error('boom'));
    dedupe.remember('x', failed);
    await failed.catch(() => undefined);
    await Promise.resolve();
    expect(dedupe.lookup('x')).toBeUndefined();
  });

  describe('with a file', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'dedupe-'));
    });
    afterEach(() => rm(dir, { recursive: true, force: true }));

    it('remembers results across a restart and skips a torn line', async () => {
      const file = path.join(dir, 'nested', 'results.jsonl');
      const first = createDedupe({ file });
      const outcome = Promise.resolve(result('a', '11'));
      first.remember('a', outcome);
      await outcome;
      await Promise.resolve();
      await writeFile(file, `${await readFile(file, 'utf8')}{"id":"b","sta`);
      const second = createDedupe({ file });
      expect(second.lookup('a')).toEqual(result('a', '11'));
      expect(second.lookup('b')).toBeUndefined();
    });

    it('compacts the file to the ids it keeps', async () => {
      const file = path.join(dir, 'results.jsonl');
      const dedupe = createDedupe({ file });
      for (let i = 0; i < 2100; i++) {
        const outcome = Promise.resolve(result(`id-${i}`));
        dedupe.remember(`id-${i}`, outcome);
        await outcome;
      }
      await Promise.resolve();
      const lines = (await readFile(file, 'utf8')).trim().split('\n');
      expect(lines.length).toBeLessThan(2000);
      const reloaded = createDedupe({ file });
      expect(reloaded.size).toBe(1000);
      expect(reloaded.lookup('id-2099')).toBeDefined();
      expect(reloaded.lookup('id-1099')).toBeUndefined();
    });
  });
});
