import type { ExecutorLeases, LeaseHolder } from './executor-leases.ts';

type Held = LeaseHolder & { session: string; expiresAt: number };

/** In-process leases for a single server; `now` is the app's clock. */
export function createMemoryExecutorLeases(now: () => number): ExecutorLeases {
  const leases = new Map<string, Held>();

  return {
    async claim(claims) {
      const t = now();
      return claims.map((claim) => {
        const held = leases.get(claim.key);
        const live = held && held.expiresAt > t ? held : undefined;
        if (live && live.instanceId !== claim.instanceId) {
          return { instanceId: live.instanceId, chart: live.chart };
        }
        if (live && !claim.fresh) {
          live.expiresAt = t + claim.ttlMs;
          return null;
        }
        leases.set(claim.key, {
          instanceId: claim.instanceId,
          chart: claim.chart,
          session: claim.session,
          expiresAt: t + claim.ttlMs,
        });
        return null;
      });
    },
    async release(key, session) {
      if (leases.get(key)?.session === session) leases.delete(key);
    },
  };
}
