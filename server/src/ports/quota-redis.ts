import type { Redis, Result } from 'ioredis';
import type { Quota } from './quota.ts';
import { redisBatches } from './redis-batches.ts';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    quotaIncrement(key: string, expiresAt: number): Result<number, Context>;
    quotaDecrement(key: string): Result<number, Context>;
  }
}

// INCR and PEXPIREAT in one script: a counter can never be left without its expiry (a crash
// between two round trips would otherwise keep a day's count forever). Setting the expiry on
// every call is idempotent for a given instant.
const incrementScript = `
local value = redis.call('INCR', KEYS[1])
redis.call('PEXPIREAT', KEYS[1], ARGV[1])
return value`;

// DECR keeps the key's expiry; the guard keeps an absent or spent counter at 0.
const decrementScript = `
local value = tonumber(redis.call('GET', KEYS[1]) or '0')
if value <= 0 then return 0 end
return redis.call('DECR', KEYS[1])`;

/**
 * Counters in Redis, shared by every instance. Keys live under `quota:`; the connection's
 * `keyPrefix`, if any, comes in front (tests use it for isolation).
 */
export function createRedisQuota(redis: Redis): Quota {
  redis.defineCommand('quotaIncrement', { numberOfKeys: 1, lua: incrementScript });
  redis.defineCommand('quotaDecrement', { numberOfKeys: 1, lua: decrementScript });
  const keyOf = (key: string) => `quota:${key}`;
  // Every counted alert increments, and each one past the limit decrements at once: both on
  // the request path's batches (a flood of blocked alerts is a flood of both).
  const send = redisBatches(redis);

  return {
    increment(key, expiresAt) {
      return send((target) => target.quotaIncrement(keyOf(key), Math.floor(expiresAt)));
    },
    decrement(key) {
      return send((target) => target.quotaDecrement(keyOf(key)));
    },
    async get(key) {
      return Number((await redis.get(keyOf(key))) ?? 0);
    },
    // The connection belongs to whoever opened it (open-deps closes it).
    async close() {},
  };
}
