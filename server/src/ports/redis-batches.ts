import type { ChainableCommander, Redis } from 'ioredis';
import { coalesce } from '../lib/coalesce.ts';

/** Queues one command on a pipeline, or sends it on the connection (answering a promise). */
export type RedisCommand<I> = (target: Redis | ChainableCommander, item: I) => unknown;

/**
 * One kind of request-path command, sent as cheaply as the moment allows: alone and at once
 * while no other of its kind is in flight; those issued meanwhile, or in the same event-loop
 * turn, go together in one pipeline (one write). ioredis's auto-pipelining batches the same
 * way but builds a Pipeline object for every turn's flush, which at one alert per turn cost
 * the server about 14 % of its CPU per webhook (load-tests/RESULTS.md, 2026-11-27, tenth
 * session); the request-path connection has it off. Each call answers with its own command's
 * reply or error, as if sent alone.
 */
export function redisBatches<I, O>(
  redis: Redis,
  command: RedisCommand<I>,
  concurrency = 2,
): (item: I) => Promise<O> {
  const send = coalesce<I, [Error | null, unknown]>(
    async (items) => {
      if (items.length === 1) {
        try {
          return [[null, await command(redis, items[0]!)]];
        } catch (err) {
          return [[err as Error, null]];
        }
      }
      const pipeline = redis.pipeline();
      for (const item of items) command(pipeline, item);
      const replies = await pipeline.exec();
      if (!replies) throw new Error('the Redis pipeline was discarded');
      return replies;
    },
    { concurrency },
  );
  return async (item) => {
    const [err, reply] = await send(item);
    if (err) throw err;
    return reply as O;
  };
}
