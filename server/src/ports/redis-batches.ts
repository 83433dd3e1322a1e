import type { ChainableCommander, Redis } from 'ioredis';
import { coalesce } from '../lib/coalesce.ts';

/** Queues one command on a pipeline, or sends it on the connection (answering a promise). */
export type RedisCommand = (target: Redis | ChainableCommander) => unknown;

type Send = <O>(command: RedisCommand) => Promise<O>;

const batchesByConnection = new WeakMap<Redis, Send>();

/**
 * The request path's commands on `redis` (one sender per connection, whichever port issues
 * them), coalesced (lib/coalesce.ts): the commands of one event-loop turn, and those issued
 * while two batches are in flight, leave together in one pipeline (one write); a command with
 * none beside it goes alone, without a pipeline. ioredis's auto-pipelining batches by turn too
 * but builds a Pipeline object for every flush: at one alert per turn, turning it off saved
 * 13 % of the server's CPU per webhook (load-tests/RESULTS.md, 2026-11-27, tenth session), so
 * the request-path connection has it off. Each call answers with its own command's reply or
 * error, as if sent alone.
 */
export function redisBatches(redis: Redis): Send {
  let send = batchesByConnection.get(redis);
  if (!send) {
    send = sender(redis);
    batchesByConnection.set(redis, send);
  }
  return send;
}

function sender(redis: Redis): Send {
  const write = coalesce<RedisCommand, [Error | null, unknown]>(
    async (commands) => {
      if (commands.length === 1) {
        try {
          return [[null, await commands[0]!(redis)]];
        } catch (err) {
          return [[err as Error, null]];
        }
      }
      const pipeline = redis.pipeline();
      for (const command of commands) command(pipeline);
      const replies = await pipeline.exec();
      if (!replies) throw new Error('the Redis pipeline was discarded');
      return replies;
    },
    { concurrency: 2 },
  );
  return async <O>(command: RedisCommand) => {
    const [err, reply] = await write(command);
    if (err) throw err;
    return reply as O;
  };
}
