import { describe, expect, it } from 'vitest';
import { isPermanent } from '../../db/db-errors.ts';
import { createWriteRetry, maxAgeMs } from './relay-retry.ts';

/** A write that fails `failures` times, then records itself. */
function flaky(log: string[], name: string, failures: number) {
  let left = failures;
  return async () => {
    if (left-- > 0) throw new Error(`${name} failed`);
    log.push(name);
  };
}

describe('write retry', () => {
  it('keeps failed writes and stores them, in order, once the database answers', async () => {
    const log: string[] = [];
    const retry = createWriteRetry({ now: Date.now, onGiveUp: () => undefined, everyMs: 20 });
    expect(await retry.run(flaky(log, 'ok', 0))).toBe(true);
    expect(await retry.run(flaky(log, 'received', 2))).toBe(false);
    expect(await retry.run(flaky(log, 'result', 1))).toBe(false);
    expect(retry.waiting).toBe(2);
    await expect.poll(() => log).toEqual(['ok', 'received', 'result']);
    expect(retry.waiting).toBe(0);
    retry.close();
  });

  it('gives up writes that kept failing past the maximum age, and says how many', async () => {
    let clock = 0;
    const givenUp: number[] = [];
    const retry = createWriteRetry({
      now: () => clock,
      onGiveUp: (_err, count) => givenUp.push(count),
      everyMs: 10,
    });
    await retry.run(flaky([], 'old', 1000));
    await retry.run(flaky([], 'older', 1000));
    clock = maxAgeMs + 1;
    await retry.run(flaky([], 'new', 1000));
    await expect.poll(() => givenUp).toEqual([2]);
    expect(retry.waiting).toBe(1);
    retry.close();
  });

  it('gives up at once on data Postgres refuses, without holding up the writes behind it', async () => {
    const log: string[] = [];
    const givenUp: number[] = [];
    const retry = createWriteRetry({
      now: Date.now,
      onGiveUp: (_err, count) => givenUp.push(count),
      everyMs: 20,
    });
    const refused = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    expect(await retry.run(flaky(log, 'down', 1))).toBe(false);
    expect(
      await retry.run(async () => {
        throw new Error('Failed query', { cause: refused });
      }),
    ).toBe(false);
    expect(givenUp).toEqual([1]);
    await expect.poll(() => log).toEqual(['down']);
    expect(retry.waiting).toBe(0);
    expect(isPermanent(new Error('Connection terminated'))).toBe(false);
    expect(isPermanent(Object.assign(new Error('unique'), { code: '23505' }))).toBe(true);
    retry.close();
  });
});
