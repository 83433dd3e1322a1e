import type { Redis } from 'ioredis';
import { coalesce } from '../lib/coalesce.ts';

/** Sends one command on the connection, answering its reply (a promise). */
export type RedisCommand = (redis: Redis) => unknown;

type Send = <O>(command: RedisCommand) => Promise<O>;

const batchesByConnection = new WeakMap<Redis, Send>();
const urgentByConnection = new WeakMap<Redis, Send>();

/**
 * The request path's commands on `redis` (one sender per connection and kind, whichever port
 * issues them), coalesced (lib/coalesce.ts): the commands of one event-loop turn, and those
 * issued while two batches are in flight, leave together in one write (`sendTogether`).
 * ioredis's auto-pipelining batches by turn too but builds a Pipeline object for every flush:
 * at one alert per turn, turning it off saved 13 % of the server's CPU per webhook
 * (load-tests/RESULTS.md, 2026-11-27, tenth session), so the request-path connection has it
 * off. Each call answers with its own command's reply or error, as if sent alone. `urgent`
 * commands (see `coalesce`) have a sender of their own, which waits neither for the turn nor
 * for the batches in flight.
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
    (commands) => sendTogether(redis, commands),
    { concurrency: 2, urgent },
  );
  return async <O>(command: RedisCommand) => {
    const [err, reply] = await write(command);
    if (err) throw err;
    return reply as O;
  };
}

/**
 * Sends `commands` on the connection one after another, its socket corked so that they leave
 * in one write, each answering with its own reply or error. Not in an ioredis `Pipeline`: each
 * Pipeline defines an accessor of its own (`length`), which gives it a hidden class of its
 * own, made in the old generation and pointing at the accessor's closure. Every young object
 * the Pipeline reaches (its commands and replies, the promises waiting on them and what they
 * hold) then outlived the scavenges until the next full collection: about a third of what the
 * server promoted (load-tests/RESULTS.md, thirty-fifth session).
 */
function sendTogether(redis: Redis, commands: RedisCommand[]): Promise<[Error | null, unknown][]> {
  // Not connected, there is no socket to cork: each command is queued or refused as one sent alone.
  const socket = redis.status === 'ready' ? redis.stream : undefined;
  socket?.cork();
  const replies = commands.map((command) => {
    try {
      return Promise.resolve(command(redis)).then(
        (reply): [null, unknown] => [null, reply],
        (err: Error): [Error, null] => [err, null],
      );
    } catch (err) {
      return Promise.resolve<[Error, null]>([err as Error, null]);
    }
  });
  socket?.uncork();
  return Promise.all(replies);
}
