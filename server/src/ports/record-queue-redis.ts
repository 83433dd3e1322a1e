import type { Redis, Result } from 'ioredis';
import type { RecordQueue } from './record-queue.ts';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    recordsAdd(
      key: string,
      side: 'back' | 'front',
      max: number,
      ...records: string[]
    ): Result<number, Context>;
  }
}

/** The list every instance shares (under the connection's key prefix). */
const recordsKey = 'records:waiting';

// Adds at one end and trims the oldest past the cap in one step, so that two instances adding
// at once cannot both see room. ARGV: the side, the cap, then the records in their order
// (LPUSH takes them reversed to keep that order at the front). Answers how many were dropped.
const addScript = `
local side, max = ARGV[1], tonumber(ARGV[2])
if side == 'back' then
  for i = 3, #ARGV do redis.call('RPUSH', KEYS[1], ARGV[i]) end
else
  for i = #ARGV, 3, -1 do redis.call('LPUSH', KEYS[1], ARGV[i]) end
end
local over = redis.call('LLEN', KEYS[1]) - max
if over <= 0 then return 0 end
redis.call('LTRIM', KEYS[1], over, -1)
return over`;

/** Records in a Redis list: they outlive the process, and any instance writes them. */
export function createRedisRecordQueue(redis: Redis): RecordQueue {
  redis.defineCommand('recordsAdd', { numberOfKeys: 1, lua: addScript });
  return {
    async push(records, max) {
      if (records.length === 0) return 0;
      return redis.recordsAdd(recordsKey, 'back', max, ...records);
    },
    async putBack(records, max) {
      if (records.length === 0) return 0;
      return redis.recordsAdd(recordsKey, 'front', max, ...records);
    },
    async take(count) {
      return (await redis.lpop(recordsKey, count)) ?? [];
    },
  };
}
