import { describe, expect, it } from 'vitest';
import type { Quota } from './quota.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inOneHour = () => Date.now() + 3_600_000;

/** Counts `key` twice with an expiry 150 ms away, and returns that expiry. */
async function countTwiceExpiringSoon(quota: Quota, key: string) {
  const expiresAt = Date.now() + 150;
  await quota.increment(key, expiresAt);
  await quota.increment(key, expiresAt);
  return expiresAt;
}

/** Waits until 50 ms past `expiresAt`. */
const pastExpiry = (expiresAt: number) => sleep(expiresAt - Date.now() + 50);

/**
 * The behaviour every Quota adapter must have. `make` is called inside each test and must
 * give a quota that shares nothing with other tests (and uses the real clock).
 */
export function quotaContract(name: string, make: () => Promise<Quota>) {
  describe(`Quota contract: ${name}`, () => {
    it('counts up from 1 and reads the current value', async () => {
      const quota = await make();
      expect(await quota.get('user-1:day')).toBe(0);
      expect(await quota.increment('user-1:day', inOneHour())).toBe(1);
      expect(await quota.increment('user-1:day', inOneHour())).toBe(2);
      expect(await quota.get('user-1:day')).toBe(2);
    });

    it('keeps keys apart', async () => {
      const quota = await make();
      await quota.increment('a', inOneHour());
      await quota.increment('a', inOneHour());
      await quota.increment('b', inOneHour());
      expect([await quota.get('a'), await quota.get('b'), await quota.get('c')]).toEqual([2, 1, 0]);
    });

    it('gives every concurrent increment a distinct value (atomic)', async () => {
      const quota = await make();
      const values = await Promise.all(
        Array.from({ length: 50 }, () => quota.increment('burst', inOneHour())),
      );
      expect([...values].sort((x, y) => x - y)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
      expect(await quota.get('burst')).toBe(50);
    });

    it('forgets the count at the expiry instant', async () => {
      const quota = await make();
      const expiresAt = await countTwiceExpiringSoon(quota, 'short');
      expect(await quota.get('short')).toBe(2);
      await pastExpiry(expiresAt);
      expect(await quota.get('short')).toBe(0);
      expect(await quota.increment('short', inOneHour())).toBe(1);
    });

    it('returns 1 but keeps nothing when the expiry is already past', async () => {
      const quota = await make();
      expect(await quota.increment('past', Date.now() - 1000)).toBe(1);
      expect(await quota.get('past')).toBe(0);
    });

    it('takes back one, never below zero', async () => {
      const quota = await make();
      expect(await quota.decrement('never-used')).toBe(0);
      expect(await quota.get('never-used')).toBe(0);
      await quota.increment('k', inOneHour());
      await quota.increment('k', inOneHour());
      expect(await quota.decrement('k')).toBe(1);
      expect(await quota.decrement('k')).toBe(0);
      expect(await quota.decrement('k')).toBe(0);
      expect(await quota.get('k')).toBe(0);
      expect(await quota.increment('k', inOneHour())).toBe(1);
    });

    it('keeps the expiry when taking back', async () => {
      const quota = await make();
      const expiresAt = await countTwiceExpiringSoon(quota, 'd');
      expect(await quota.decrement('d')).toBe(1);
      await pastExpiry(expiresAt);
      expect(await quota.get('d')).toBe(0);
    });
  });
}
