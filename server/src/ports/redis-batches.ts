import type { ChainableCommander, Redis } from 'ioredis';
import { coalesce } from '../lib/coalesce.ts';

/** Queues one command on a pipeline, or sends it on the connection (answering a promise). */
export type RedisCommand = (target: Redis | ChainableCommander) => unknown;

type Send = <O>(command: RedisCommand) => Promise<O>;

const batchesByConnection = new WeakMap<Redis, Send>();
const urgentByConnection = new WeakMap<Redis, Send>();

/**
 * The request path's commands on `redis` (one sender per connection and kind, whichever port
 * issues them), coalesced (lib/coalesce.ts): the commands of one event-loop turn, and those
 * issued while two batches are in flight, leave together in one pipeline (one write); a
 * command with none beside it goes alone, without a pipeline. ioredis's auto-pipelining
 * batches by turn too but builds a Pipeline object for every flush: at one alert per turn,
 * turning it off saved 13 % of the server's CPU per webhook (load-tests/RESULTS.md,
 * 2026-11-27, tenth session), so the request-path connection has it off. Each call answers
 * with its own command's reply or error, as if sent alone. `urgent` commands (see `coalesce`)
 * have a sender of their own, which waits neither for the turn nor for the pipelines in
 * flight.
 */
export function redisBatches(redis: Redis, { urgent = false } = {}): Send {
  const senders = urgent ? urgentByConnection : batchesByConnection;
  let send = senders.get(redis);
  if (!send) {
    send = sender(redis, urgent);
    senders.set(redis, send);
  }
  return send;
}

function sender(redis: Redis, urgent: boolean): Send {
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
    { concurrency: 2, urgent },
  );
  return async <O>(command: RedisCommand) => {
    const [err, reply] = await write(command);
    if (err) throw err;
    return reply as O;
  };
}
