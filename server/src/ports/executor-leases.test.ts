import { describe, expect, it, onTestFinished } from 'vitest';
import { createTestRedis } from '../../test/services.ts';
import { requestPathRedisOptions } from '../open-deps.ts';
import type { ExecutorLeases, LeaseClaim } from './executor-leases.ts';
import { createMemoryExecutorLeases } from './executor-leases-memory.ts';
import { createRedisExecutorLeases } from './executor-leases-redis.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function claim(over: Partial<LeaseClaim>): LeaseClaim {
  return {
    key: 'executor:user:mt5:5012345',
    instanceId: 'instance-a',
    session: 'session-1',
    chart: 'EURUSD,H1',
    ttlMs: 10_000,
    fresh: true,
    ...over,
  };
}

function leasesContract(name: string, make: () => Promise<ExecutorLeases>) {
  describe(`ExecutorLeases contract: ${name}`, () => {
    it('grants a free lease, and refuses another instance while it is held, naming the holder', async () => {
      const leases = await make();
      expect(await leases.claim([claim({})])).toEqual([null]);
      expect(
        await leases.claim([
          claim({ instanceId: 'instance-b', session: 's2', chart: 'GBPUSD,M5' }),
        ]),
      ).toEqual([{ instanceId: 'instance-a', chart: 'EURUSD,H1' }]);
      // Another account of the same license is a different lease.
      expect(
        await leases.claim([claim({ key: 'executor:user:mt5:777', instanceId: 'instance-b' })]),
      ).toEqual([null]);
    });

    it('lets a new session of the same instance take over, and a superseded one not take it back', async () => {
      const leases = await make();
      await leases.claim([claim({ session: 'old' })]);
      expect(await leases.claim([claim({ session: 'new' })])).toEqual([null]);
      // The old connection's renewal extends, but the lease stays the new session's …
      expect(await leases.claim([claim({ session: 'old', fresh: false })])).toEqual([null]);
      // … so when the old one closes, its release changes nothing.
      await leases.release('executor:user:mt5:5012345', 'old');
      expect(await leases.claim([claim({ instanceId: 'instance-b', session: 'x' })])).toEqual([
        { instanceId: 'instance-a', chart: 'EURUSD,H1' },
      ]);
      await leases.release('executor:user:mt5:5012345', 'new');
      expect(await leases.claim([claim({ instanceId: 'instance-b', session: 'x' })])).toEqual([
        null,
      ]);
    });

    it('renews the leases of ten thousand connections in one call', async () => {
      const leases = await make();
      const many = Array.from({ length: 10_000 }, (_, i) =>
        claim({ key: `executor:user:mt5:${i}`, session: `s${i}` }),
      );
      expect(await leases.claim(many)).toEqual(many.map(() => null));
      const renewals = many.map((c) => ({ ...c, fresh: false }));
      renewals[9_999] = { ...renewals[9_999]!, instanceId: 'instance-b', chart: 'GBPUSD,M5' };
      const answers = await leases.claim(renewals);
      expect(answers.filter((a) => a !== null)).toEqual([
        { instanceId: 'instance-a', chart: 'EURUSD,H1' },
      ]);
      expect(answers[9_999]).toEqual({ instanceId: 'instance-a', chart: 'EURUSD,H1' });
    });

    it('hands over once the holder stops renewing', async () => {
      const leases = await make();
      await leases.claim([claim({ ttlMs: 60 })]);
      await sleep(30);
      expect(await leases.claim([claim({ fresh: false, ttlMs: 60 })])).toEqual([null]);
      await sleep(40);
      // Renewed 40 ms ago with 60 ms: still held.
      expect(
        (await leases.claim([claim({ instanceId: 'instance-b', session: 'x' })]))[0],
      ).not.toBeNull();
      await sleep(80);
      expect(await leases.claim([claim({ instanceId: 'instance-b', session: 'x' })])).toEqual([
        null,
      ]);
    });

    it('answers a batch in order', async () => {
      const leases = await make();
      await leases.claim([claim({ key: 'k1', instanceId: 'held-by-other' })]);
      expect(
        await leases.claim([claim({ key: 'k1' }), claim({ key: 'k2' }), claim({ key: 'k3' })]),
      ).toEqual([{ instanceId: 'held-by-other', chart: 'EURUSD,H1' }, null, null]);
    });
  });
}

// With the server's own options: auto-pipelining is where one call with every lease broke.
leasesContract('redis', async () => {
  const { redis, close } = await createTestRedis(undefined, requestPathRedisOptions);
  onTestFinished(close);
  return createRedisExecutorLeases(redis);
});

leasesContract('memory', async () => createMemoryExecutorLeases(Date.now));
