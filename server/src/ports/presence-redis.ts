import type { Redis, Result } from 'ioredis';
import { type Presence, presencePruneAfterMs, presenceRetentionMs } from './presence.ts';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    presenceBeat(
      members: string,
      last: string,
      at: number,
      member: string,
      pruneBefore: number,
      retentionMs: number,
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

// One round trip per heartbeat. ZADD GT keeps the newest time when beats race across
// instances; the owner's last-seen time lives in its own key so that `leave` can drop the
// member yet keep it.
const beatScript = `
redis.call('ZADD', KEYS[1], 'GT', ARGV[1], ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
local last = tonumber(redis.call('GET', KEYS[2]) or '0')
if tonumber(ARGV[1]) > last then redis.call('SET', KEYS[2], ARGV[1]) end
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 1`;

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
  redis.defineCommand('presenceBeat', { numberOfKeys: 2, lua: beatScript });
  redis.defineCommand('presenceLeave', { numberOfKeys: 2, lua: leaveScript });
  const membersKey = (owner: string) => `presence:${owner}:members`;
  const lastKey = (owner: string) => `presence:${owner}:last`;

  return {
    async beat(owner, member, at) {
      await redis.presenceBeat(
        membersKey(owner),
        lastKey(owner),
        at,
        member,
        at - presencePruneAfterMs,
        presenceRetentionMs,
      );
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
