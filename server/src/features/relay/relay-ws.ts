import type { Socket } from 'node:net';
import { closeCodes, type HealthIssue } from '@signalrelay/contracts/ea-protocol';
import { slicedInterval } from '@signalrelay/contracts/sliced-interval';
import type { WebSocket } from 'ws';
import type { PublishLive } from '../../core/live-events.ts';
import type { TerminalRef } from '../../core/signal-store.ts';
import {
  type Connection,
  heartbeatMs,
  isOpen,
  leaseTtlMs,
  newConnection,
  refuseExecutor,
  send,
  sendError,
} from './relay-ws-connection.ts';
import { parseEaFrame } from './relay-ws-frames.ts';
import { createHello, type HelloDeps } from './relay-ws-hello.ts';

const helloTimeoutMs = 10_000;
/** Lease renewals per heartbeat period: one slice of the connections every 100 ms. */
const renewalSlices = 20;
/**
 * Frames read but not yet handled on one connection beyond which we stop reading from it, so
 * an EA sending faster than we can store holds its data in TCP buffers, not in our memory.
 */
const maxQueuedFrames = 64;

type Deps = HelloDeps & { publishLive: PublishLive };

/**
 * Transport A of ea/PROTOCOL.md. Each connection: hello → welcome → replay of what the
 * terminal has not received → live signals; received/result/ping from the EA. A sweep closes
 * connections that never said hello or went silent for three heartbeats.
 */
export function createWsGateway(deps: Deps) {
  const { licenses, terminals, relay, limits, executors, publishLive, now, log } = deps;
  const connections = new Set<Connection>();
  const hello = createHello(deps, connections);

  // Each live connection's lease is renewed once per heartbeat period, a slice of them at a
  // time (`slicedInterval`): renewed all together, 10,000 leases took the server 45–90 ms
  // and Redis its share every period, and alerts waited meanwhile. A lease lost meanwhile
  // (another copy holds it now) stops this connection from trading.
  const renewals = slicedInterval<Connection>(heartbeatMs, renewalSlices, (members) => {
    const held = [...members].filter((c) => c.lease && isOpen(c));
    if (held.length === 0) return;
    executors
      .renew(
        held.map((c) => c.lease!),
        leaseTtlMs,
      )
      .then((refusals) => {
        refusals.forEach((message, i) => {
          if (message) refuseExecutor(held[i]!, message);
        });
      })
      .catch((err) => log.warn({ err }, 'executor lease renewal failed'));
  });

  const sweep = setInterval(() => {
    const t = now();
    for (const c of connections) {
      if (!c.terminal && t - c.openedAt > helloTimeoutMs) {
        sendError(c, 'BAD_REQUEST', 'No hello within 10 s.');
        c.socket.close(closeCodes.badRequest, 'hello timeout');
      } else if (c.terminal && t - c.lastFrameAt > 3 * heartbeatMs) {
        // Heartbeats run from the welcome on; before the hello, the 10 s hello deadline rules.
        c.socket.terminate();
      }
    }
  }, 1000);
  sweep.unref();

  async function health(terminal: TerminalRef, issues: HealthIssue[]) {
    await terminals.recordHealth(terminal, issues);
    publishLive(terminal.userId, { type: 'terminals' });
  }

  /** A frame was refused: say why; before the hello, that ends the connection. */
  function reject(c: Connection, message: string) {
    sendError(c, 'BAD_REQUEST', message);
    if (!c.terminal) c.socket.close(closeCodes.badRequest, 'bad request');
  }

  /** One frame from the EA; `at` is when it reached us. */
  async function onFrame(c: Connection, text: string | null, at: number) {
    const { frame, error } = parseEaFrame(text);
    if (!frame) return reject(c, error);
    if (frame.type === 'hello') {
      if (c.terminal) return reject(c, 'hello was already received on this connection.');
      return limits.hellos(() => hello(c, frame));
    }
    const terminal = c.terminal;
    if (!terminal) return reject(c, 'The first frame must be a hello.');
    switch (frame.type) {
      case 'ping':
        // As JSON.stringify would write it: `t` came from JSON.parse, so it is finite.
        send(c, `{"type":"pong","t":${frame.t}}`);
        relay.beat(terminal);
        return;
      case 'received':
        c.sent.delete(frame.id);
        return relay.received(terminal, frame.id, at, 'ws');
      case 'result': {
        c.sent.delete(frame.id);
        const { type: _type, ...result } = frame;
        return relay.result(terminal, result, at);
      }
      case 'health':
        return health(terminal, frame.issues);
    }
  }

  /**
   * Until the hello is handled, frames wait behind it (a `received` must not overtake it).
   * After it, each frame is handled at once: a ping must never wait for database writes, nor
   * one result for the one before (a burst of signals would starve the heartbeat).
   */
  function listen(c: Connection) {
    const { socket } = c;
    let beforeHello: Promise<void> = Promise.resolve();
    let inFlight = 0;
    socket.on('message', (data, isBinary) => {
      const at = now();
      c.lastFrameAt = at;
      if (++inFlight >= maxQueuedFrames) socket.pause();
      const handle = () =>
        onFrame(c, isBinary ? null : data.toString(), at)
          .catch((err) => log.error({ err }, 'EA frame handling failed'))
          .finally(() => {
            if (--inFlight === maxQueuedFrames / 2) socket.resume();
          });
      if (c.terminal) void handle();
      else beforeHello = beforeHello.then(handle);
    });
    socket.on('close', () => {
      connections.delete(c);
      renewals.delete(c);
    });
    socket.on('error', (err) => log.debug({ err: err.message }, 'EA socket error'));
  }

  return {
    /**
     * `tcp`: the connection's TCP socket (the upgraded request's); `ip`: the client's address
     * as the app sees it (request.ip), for the miss budget.
     */
    handle(socket: WebSocket, tcp: Socket, ip: string) {
      const c = newConnection(socket, tcp, ip, now());
      connections.add(c);
      renewals.add(c);
      listen(c);
    },

    /** Closes this user's connections whose license no longer belongs to them (regenerated). */
    async recheck(userId: string) {
      for (const c of connections) {
        if (c.terminal?.userId !== userId || !c.licenseNumber) continue;
        const owner = await licenses.lookup(c.licenseNumber);
        if (owner?.userId === userId) continue;
        sendError(
          c,
          'LICENSE_INVALID',
          'This license number was replaced. Enter the new one from your dashboard.',
        );
        c.socket.close(closeCodes.licenseInvalid, 'license replaced');
      }
    },

    close() {
      clearInterval(sweep);
      renewals.stop();
    },
  };
}

export type WsGateway = ReturnType<typeof createWsGateway>;
