import { setNewest } from './bounded-map.ts';

/**
 * In-process throttles for the hot paths (webhook, EA gateway): no round trip to Redis for
 * valid traffic. Each instance counts on its own, so with n instances behind a balancer a
 * client gets up to n times the budget; the budgets below are sized with that in mind.
 */

export type RateLimit = {
  /** Requests allowed at once (bucket size). */
  burst: number;
  /** Requests per second the bucket refills by. */
  perSecond: number;
};

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Most keys a limiter tracks: a flood of distinct keys evicts the stalest, memory stays flat. */
const defaultMaxKeys = 50_000;

/**
 * A token bucket per key (a license hash, an IP address). `take(key)` spends one token and
 * says whether the request may proceed; `peek` says whether it could, without spending.
 */
export function createRateLimiter(
  limit: RateLimit,
  { now, maxKeys = defaultMaxKeys }: { now: () => number; maxKeys?: number },
) {
  const buckets = new Map<string, { tokens: number; at: number }>();

  function refill(key: string) {
    const t = now();
    const bucket = buckets.get(key);
    if (!bucket) return { tokens: limit.burst, at: t };
    const tokens = Math.min(
      limit.burst,
      bucket.tokens + ((t - bucket.at) / 1000) * limit.perSecond,
    );
    return { tokens, at: t };
  }

  function verdict(tokens: number): Verdict {
    if (tokens >= 1) return { allowed: true };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / limit.perSecond)),
    };
  }

  return {
    take(key: string): Verdict {
      const bucket = refill(key);
      const result = verdict(bucket.tokens);
      if (result.allowed) bucket.tokens -= 1;
      // Re-inserted at the end: the Map's first key is always the least recently used.
      setNewest(buckets, key, bucket, maxKeys);
      return result;
    },
    peek(key: string): Verdict {
      return verdict(refill(key).tokens);
    },
    get size() {
      return buckets.size;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Runs at most `concurrency` tasks at once; the others wait their turn in order. */
export function createConcurrencyLimit(concurrency: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/**
 * Counts requests that named no known license, per source IP. Within its budget an IP gets
 * the usual 401; past it, 429 with Retry-After, and one warning names the IP (never the
 * license tried). The lookup itself always runs, so a valid license sent from a throttled IP,
 * e.g. one of TradingView's four shared addresses, is still served.
 */
export function createMissGuard({
  limit,
  now,
  warn,
}: {
  limit: RateLimit;
  now: () => number;
  warn: (fields: { ip: string; refused: number }, message: string) => void;
}) {
  const limiter = createRateLimiter(limit, { now });
  const refusedByIp = new Map<string, number>();
  return {
    /** Records a miss from `ip`; `allowed: false` means answer 429 instead of 401. */
    miss(ip: string): Verdict {
      const verdict = limiter.take(ip);
      if (verdict.allowed) {
        refusedByIp.delete(ip);
        return verdict;
      }
      const refused = (refusedByIp.get(ip) ?? 0) + 1;
      setNewest(refusedByIp, ip, refused, defaultMaxKeys);
      // The first refusal, then every hundredth: enough to alert on, not a log flood.
      if (refused === 1 || refused % 100 === 0) {
        warn({ ip, refused }, 'unknown license numbers throttled');
      }
      return verdict;
    },
  };
}

export type MissGuard = ReturnType<typeof createMissGuard>;
