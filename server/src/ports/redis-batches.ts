import type { ChainableCommander, Redis } from 'ioredis';
import { coalesce } from '../lib/coalesce.ts';

/** Queues one command on a pipeline, or sends it on the connection (answering a promise). */
export type RedisCommand = (target: Redis | ChainableCommander) => unknown;

type Send = <O>(command: RedisCommand) => Promise<O>;

const batchesByConnection = new WeakMap<Redis, Send>();

/**
 * The request path's commands on `redis` (one sender per connection), sent as cheaply as the
 * moment allows: alone and at once while the connection is idle; those issued meanwhile, or
 * in the same event-loop turn, together in one pipeline (one write), whichever port issued
 * them. ioredis's auto-pipelining batches the same way but builds a Pipeline object for every
 * turn's flush, which at one alert per turn cost the server about a sixth of its CPU per
 * webhook (load-tests/RESULTS.md, 2026-11-27, tenth session): the request-path connection has
 * it off. Each call answers with its own command's reply or error, as if sent alone.
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
