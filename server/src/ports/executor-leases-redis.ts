import type { Redis, Result } from 'ioredis';
import type { ExecutorLeases, LeaseClaim, LeaseHolder } from './executor-leases.ts';
import { redisBatches } from './redis-batches.ts';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    executorClaim(
      numberOfKeys: number,
      ...keysThenArgs: (string | number)[]
    ): Result<string[], Context>;
    executorRelease(key: string, session: string): Result<number, Context>;
  }
}

// A lease is one string, "instance\tsession\tchart", expiring with PX. For each key, ARGV has
// instance, session, chart, ttl and fresh ("1"/"0"); the answer per key is "" when granted,
// else the holder's value. Expired keys are gone, so an absent key is free.
const claimScript = `
local out = {}
for i = 1, #KEYS do
  local instance, session, chart = ARGV[5 * i - 4], ARGV[5 * i - 3], ARGV[5 * i - 2]
  local ttl, fresh = ARGV[5 * i - 1], ARGV[5 * i]
  local held = redis.call('GET', KEYS[i])
  local holder = held and string.match(held, '^([^\\t]*)')
  if held and holder ~= instance then
    out[i] = held
  elseif held and fresh == '0' then
    redis.call('PEXPIRE', KEYS[i], ttl)
    out[i] = ''
  else
    redis.call('SET', KEYS[i], instance .. '\\t' .. session .. '\\t' .. chart, 'PX', ttl)
    out[i] = ''
  end
end
return out`;

const releaseScript = `
local held = redis.call('GET', KEYS[1])
if held and string.match(held, '^[^\\t]*\\t([^\\t]*)') == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

/**
 * Leases in Redis, shared by every instance. Keys live under `executor:`; the connection's
 * `keyPrefix`, if any, comes in front.
 */
/**
 * Leases per script call. A renewal covers every live connection of this server (10,000 EAs
 * and more); one call with all of them overflows ioredis's key scan (a RangeError that took the
 * server down at 10,000 EAs), so they go in calls of this size, pipelined together.
 */
const claimsPerScript = 500;

export function createRedisExecutorLeases(redis: Redis): ExecutorLeases {
  redis.defineCommand('executorClaim', { lua: claimScript });
  redis.defineCommand('executorRelease', { numberOfKeys: 1, lua: releaseScript });
  // Each long-poll claims at every poll, each WebSocket at every renewal: on the request
  // path's batches.
  const send = redisBatches(redis);

  /** One script call: each claim's answer, null where the lease is (now) the claimant's. */
  async function claimChunk(claims: readonly LeaseClaim[]): Promise<(LeaseHolder | null)[]> {
    const keys = claims.map((c) => c.key);
    const args = claims.flatMap((c) => [
      c.instanceId,
      c.session,
      // The separator cannot appear inside a field.
      c.chart.replaceAll('\t', ' '),
      Math.max(1, Math.round(c.ttlMs)),
      c.fresh ? '1' : '0',
    ]);
    const answers = await send<string[]>((target) =>
      target.executorClaim(keys.length, ...keys, ...args),
    );
    return answers.map((held) => {
      if (held === '') return null;
      const [instanceId = '', , chart = ''] = held.split('\t');
      return { instanceId, chart };
    });
  }

  return {
    async claim(claims) {
      const chunks: LeaseClaim[][] = [];
      for (let i = 0; i < claims.length; i += claimsPerScript) {
        chunks.push(claims.slice(i, i + claimsPerScript));
      }
      return (await Promise.all(chunks.map(claimChunk))).flat();
    },
    async release(key, session) {
      await redis.executorRelease(key, session);
    },
  };
}
