import type { Redis, Result } from 'ioredis';
import { type Presence, presencePruneAfterMs, presenceRetentionMs } from './presence.ts';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    presenceBeat(
      numberOfKeys: number,
      ...keysThenArgs: (string | number)[]
    ): Result<number, Context>;
    presenceLeave(
      members: string,
      last: string,
      at: number,
      member: string,
      retentionMs: number,
    ): Result<number, Context>;
  }
}

// One round trip for a batch of heartbeats: KEYS are each beat's members and last-seen keys,
// ARGV the retention then each beat's time, member and prune limit. ZADD GT keeps the newest
// time when beats race across instances; the owner's last-seen time lives in its own key so
// that `leave` can drop the member yet keep it.
const beatScript = `
local retention = ARGV[1]
for i = 1, #KEYS / 2 do
  local members, lastKey = KEYS[2 * i - 1], KEYS[2 * i]
  local at, member, pruneBefore = ARGV[3 * i - 1], ARGV[3 * i], ARGV[3 * i + 1]
  redis.call('ZADD', members, 'GT', at, member)
  redis.call('ZREMRANGEBYSCORE', members, '-inf', '(' .. pruneBefore)
  redis.call('PEXPIRE', members, retention)
  local last = tonumber(redis.call('GET', lastKey) or '0')
  if tonumber(at) > last then redis.call('SET', lastKey, at) end
  redis.call('PEXPIRE', lastKey, retention)
end
return 1`;

/**
 * Beats per script call: a script holds Redis for its whole run (about 6 µs a beat), so a
 * big batch is split and other clients' commands run between the parts.
 */
const beatsPerCall = 100;

const leaveScript = `
redis.call('ZREM', KEYS[1], ARGV[2])
local last = tonumber(redis.call('GET', KEYS[2]) or '0')
if tonumber(ARGV[1]) > last then redis.call('SET', KEYS[2], ARGV[1]) end
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1`;

/**
 * Presence in Redis: a sorted set per owner (member → last beat) plus a last-seen key. Keys
 * live under `presence:`; the connection's `keyPrefix`, if any, comes in front.
 */
export function createRedisPresence(redis: Redis): Presence {
  redis.defineCommand('presenceBeat', { lua: beatScript });
  redis.defineCommand('presenceLeave', { numberOfKeys: 2, lua: leaveScript });
  const membersKey = (owner: string) => `presence:${owner}:members`;
  const lastKey = (owner: string) => `presence:${owner}:last`;

  return {
    async beat(beats) {
      const calls = [];
      for (let start = 0; start < beats.length; start += beatsPerCall) {
        const batch = beats.slice(start, start + beatsPerCall);
        const keys = batch.flatMap(({ owner }) => [membersKey(owner), lastKey(owner)]);
        const args = batch.flatMap(({ member, at }) => [at, member, at - presencePruneAfterMs]);
        calls.push(redis.presenceBeat(keys.length, ...keys, presenceRetentionMs, ...args));
      }
      await Promise.all(calls);
    },
    async leave(owner, member, at) {
      await redis.presenceLeave(membersKey(owner), lastKey(owner), at, member, presenceRetentionMs);
    },
    async lastSeen(owner) {
      const value = await redis.get(lastKey(owner));
      return value === null ? null : Number(value);
    },
    async members(owner, since) {
      return redis.zrangebyscore(membersKey(owner), since, '+inf');
    },
    // The connection belongs to whoever opened it (open-deps closes it).
    async close() {},
  };
}
