import type { Redis, Result } from 'ioredis';
import type { RecordQueue } from './record-queue.ts';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    recordsPush(key: string, max: number, ...records: string[]): Result<number, Context>;
    recordsTake(
      waiting: string,
      holds: string,
      heldPrefix: string,
      count: number,
      leaseMs: number,
    ): Result<string[], Context>;
    recordsSettle(
      waiting: string,
      holds: string,
      held: string,
      id: string,
      max: number,
      ...failed: string[]
    ): Result<number, Context>;
  }
}

/** Drops the oldest records past ARGV[max] and answers how many (the scripts' last step). */
const trim = (max: string) => `
local over = redis.call('LLEN', KEYS[1]) - tonumber(${max})
if over <= 0 then return 0 end
redis.call('LTRIM', KEYS[1], over, -1)
return over`;

// Adds and trims in one step, so that two instances adding at once cannot both see room.
const pushScript = `
for i = 2, #ARGV do redis.call('RPUSH', KEYS[1], ARGV[i]) end
${trim('ARGV[1]')}`;

// Puts back the holds whose lease ended, the earliest taken in front (it took the oldest
// records; ids count up), then holds up to ARGV[1] records under a new id until Redis's clock
// passes now + ARGV[2]. Answers the id, then the records. A hold's list is named from
// KEYS[3], so the key prefix of the connection applies to it too.
const takeScript = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local expired = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)
table.sort(expired, function(a, b) return tonumber(a) < tonumber(b) end)
for i = #expired, 1, -1 do
  local held = KEYS[3] .. expired[i]
  local records = redis.call('LRANGE', held, 0, -1)
  for j = #records, 1, -1 do redis.call('LPUSH', KEYS[1], records[j]) end
  redis.call('DEL', held)
  redis.call('ZREM', KEYS[2], expired[i])
end
local records = redis.call('LPOP', KEYS[1], tonumber(ARGV[1]))
if not records then return {} end
local id = tostring(redis.call('INCR', KEYS[3] .. 'ids'))
redis.call('RPUSH', KEYS[3] .. id, unpack(records))
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), id)
table.insert(records, 1, id)
return records`;

// Ends hold ARGV[1] unless its lease already ended (then a take has put its records back):
// drops its list, puts ARGV[3…] back in front in their order, and trims past ARGV[2].
const settleScript = `
if redis.call('ZREM', KEYS[2], ARGV[1]) == 0 then return 0 end
redis.call('DEL', KEYS[3])
for i = #ARGV, 3, -1 do redis.call('LPUSH', KEYS[1], ARGV[i]) end
${trim('ARGV[2]')}`;

/**
 * Records in Redis: they outlive the process, and any instance writes them. Each queue's keys
 * start with its `name` (under the connection's key prefix): the waiting list, the holds (a
 * sorted set of take ids by the end of their lease) and each hold's records, in a list named
 * by that prefix and its id.
 */
export function createRedisRecordQueue(redis: Redis, name = 'records'): RecordQueue {
  const waitingKey = `${name}:waiting`;
  const holdsKey = `${name}:holds`;
  const heldPrefix = `${name}:held:`;
  redis.defineCommand('recordsPush', { numberOfKeys: 1, lua: pushScript });
  redis.defineCommand('recordsTake', { numberOfKeys: 3, lua: takeScript });
  redis.defineCommand('recordsSettle', { numberOfKeys: 3, lua: settleScript });
  return {
    async push(records, max) {
      if (records.length === 0) return 0;
      return redis.recordsPush(waitingKey, max, ...records);
    },
    async take(count, leaseMs) {
      const [id, ...records] = await redis.recordsTake(
        waitingKey,
        holdsKey,
        heldPrefix,
        count,
        leaseMs,
      );
      return {
        records,
        async settle(failed, max) {
          if (id === undefined) return 0;
          return redis.recordsSettle(waitingKey, holdsKey, heldPrefix + id, id, max, ...failed);
        },
      };
    },
  };
}
