import type { Redis, Result } from 'ioredis';
import type { ExecutorLeases } from './executor-leases.ts';

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
export function createRedisExecutorLeases(redis: Redis): ExecutorLeases {
  redis.defineCommand('executorClaim', { lua: claimScript });
  redis.defineCommand('executorRelease', { numberOfKeys: 1, lua: releaseScript });

  return {
    async claim(claims) {
      if (claims.length === 0) return [];
      const keys = claims.map((c) => c.key);
      const args = claims.flatMap((c) => [
        c.instanceId,
        c.session,
        // The separator cannot appear inside a field.
        c.chart.replaceAll('\t', ' '),
        Math.max(1, Math.round(c.ttlMs)),
        c.fresh ? '1' : '0',
      ]);
      const answers = await redis.executorClaim(keys.length, ...keys, ...args);
      return answers.map((held) => {
        if (held === '') return null;
        const [instanceId = '', , chart = ''] = held.split('\t');
        return { instanceId, chart };
      });
    },
    async release(key, session) {
      await redis.executorRelease(key, session);
    },
  };
}
