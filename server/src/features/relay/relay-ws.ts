import { randomUUID } from 'node:crypto';
import {
  closeCodes,
  eaFrameSchema,
  type errorCodes,
  type HealthIssue,
  type Hello,
} from '@signalrelay/contracts/ea-protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { type LicenseDirectory, unverifiedLicenseMessage } from '../../core/license-directory.ts';
import type { PublishLive } from '../../core/live-events.ts';
import type { RelayHub } from '../../core/relay-hub.ts';
import { toEaSignal } from '../../core/signal-rows.ts';
import type { TerminalRef } from '../../core/signal-store.ts';
import { AppError } from '../../errors.ts';
import type { ExecutorGate, HeldLease } from './relay-executors.ts';
import type { EaLimits } from './relay-limits.ts';
import type { RelayService } from './relay-service.ts';
import type { RelayTerminal, TerminalRegistry } from './relay-terminals.ts';

export const heartbeatMs = 2000;
const helloTimeoutMs = 10_000;
/** A socket whose unsent data exceeds this is a slow consumer: drop it, replay on reconnect. */
const maxBufferedBytes = 1024 * 1024;
/**
 * Frames read but not yet handled on one connection beyond which we stop reading from it, so
 * an EA sending faster than we can store holds its data in TCP buffers, not in our memory.
 */
const maxQueuedFrames = 64;

type Deps = {
  licenses: LicenseDirectory;
  terminals: TerminalRegistry;
  hub: RelayHub;
  relay: RelayService;
  limits: EaLimits;
  executors: ExecutorGate;
  publishLive: PublishLive;
  now: () => number;
  log: FastifyBaseLogger;
};

type Connection = {
  socket: WebSocket;
  openedAt: number;
  lastFrameAt: number;
  terminal: RelayTerminal | null;
  /** As sent in the hello: re-checked when the owner's licence changes. */
  licenseNumber: string | null;
  /** This connection, as a session of its EA instance. */
  session: string;
  /** The right to trade its account, when the EA named its instance (v2). */
  lease: HeldLease | null;
};

/** How long a WebSocket's executor lease lasts unless renewed: the silence that closes it. */
const leaseTtlMs = 3 * heartbeatMs;

/**
 * Transport A of ea/PROTOCOL.md. Each connection: hello → welcome → replay of what the
 * terminal has not received → live signals; received/result/ping from the EA. A sweep closes
 * connections that never said hello or went silent for three heartbeats.
 */
export function createWsGateway(deps: Deps) {
  const { licenses, terminals, hub, relay, limits, executors, publishLive, now, log } = deps;
  const connections = new Set<Connection>();

  // Leases of live connections are renewed together, once per heartbeat period. A lease lost
  // meanwhile (another copy holds it now) stops this connection from trading.
  const renewal = setInterval(() => {
    const held = [...connections].filter((c) => c.lease && c.socket.readyState === c.socket.OPEN);
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
  }, heartbeatMs);
  renewal.unref();

  /** Another copy of the EA trades this account: say so, and close with 4409. */
  function refuseExecutor(c: Connection, message: string) {
    c.lease = null;
    sendError(c.socket, 'EXECUTOR_TAKEN', message);
    c.socket.close(closeCodes.executorTaken, 'another EA trades this account');
  }
  const sweep = setInterval(() => {
    const t = now();
    for (const c of connections) {
      if (!c.terminal && t - c.openedAt > helloTimeoutMs) {
        sendError(c.socket, 'BAD_REQUEST', 'No hello within 10 s.');
        c.socket.close(closeCodes.badRequest, 'hello timeout');
      } else if (c.terminal && t - c.lastFrameAt > 3 * heartbeatMs) {
        // Heartbeats run from the welcome on; before the hello, the 10 s hello deadline rules.
        c.socket.terminate();
      }
    }
  }, 1000);
  sweep.unref();

  /**
   * Every frame we send goes through here: a socket that has more than the cap waiting (an EA
   * that stopped reading) is dropped instead of buffered without end; it replays on reconnect.
   */
  function send(socket: WebSocket, text: string): boolean {
    if (socket.readyState !== socket.OPEN) return false;
    if (socket.bufferedAmount > maxBufferedBytes) {
      socket.terminate();
      return false;
    }
    socket.send(text);
    return true;
  }

  function sendError(socket: WebSocket, code: (typeof errorCodes)[number], message: string) {
    send(socket, JSON.stringify({ type: 'error', code, message }));
  }

  /** Over a budget: say so, and close with 1013 so the EA retries later with its backoff. */
  function refuse(c: Connection, retryAfterSeconds: number) {
    sendError(
      c.socket,
      'RATE_LIMITED',
      `Too many connection attempts. Retry in ${retryAfterSeconds} s.`,
    );
    c.socket.close(closeCodes.tryAgainLater, 'rate limited');
  }

  /** Sends what this terminal should have and was not sent on this socket yet. */
  async function replay(c: Connection, terminal: TerminalRef, sent: Set<string>) {
    for (const row of await relay.pendingFor(terminal)) {
      if (sent.has(row.id)) continue;
      if (!send(c.socket, JSON.stringify({ type: 'signal', signal: toEaSignal(row, now()) }))) {
        return;
      }
      sent.add(row.id);
    }
  }

  async function hello(c: Connection, frame: Hello, sent: Set<string>, ip: string) {
    const owner = await licenses.lookup(frame.licenseNumber);
    if (!owner) {
      const miss = limits.miss(ip);
      if (!miss.allowed) return refuse(c, miss.retryAfterSeconds);
      sendError(
        c.socket,
        'LICENSE_INVALID',
        'Unknown licence number. Copy it again from your dashboard.',
      );
      c.socket.close(closeCodes.licenseInvalid, 'licence invalid');
      return;
    }
    if (!owner.verified) {
      sendError(c.socket, 'LICENSE_INVALID', unverifiedLicenseMessage);
      c.socket.close(closeCodes.licenseInvalid, 'e-mail not verified');
      return;
    }
    const forLicense = limits.helloForLicense(owner.userId);
    if (!forLicense.allowed) return refuse(c, forLicense.retryAfterSeconds);
    const terminal = await terminals
      .resolve(owner.userId, frame, { ...frame, transport: 'ws' })
      .catch((err: unknown) => {
        if (!(err instanceof AppError && err.code === 'LIMIT_REACHED')) throw err;
        // Not fatal: the trader may free a place (ea/PROTOCOL.md, "Limits"), so retry later.
        // A v1 EA knows only v1's codes: RATE_LIMITED with 1013 means the same to it.
        sendError(c.socket, frame.v >= 2 ? 'LIMIT_REACHED' : 'RATE_LIMITED', err.message);
        c.socket.close(closeCodes.tryAgainLater, 'terminal limit');
        return null;
      });
    if (!terminal || c.socket.readyState !== c.socket.OPEN) return;
    const admission = await executors.admit(terminal, frame, c.session, leaseTtlMs);
    if (admission.refused) return refuseExecutor(c, admission.message);
    if (c.socket.readyState !== c.socket.OPEN) {
      if (admission.lease) await executors.release(admission.lease);
      return;
    }
    c.lease = admission.lease;
    if (c.lease) replaceOlderSessions(c, c.lease);
    c.terminal = terminal;
    c.licenseNumber = frame.licenseNumber;
    const unregister = await hub.register(owner.userId, {
      terminalId: terminal.id,
      platform: terminal.platform,
      push(item, wire) {
        if (sent.has(item.signal.id)) return c.socket.readyState === c.socket.OPEN;
        if (!send(c.socket, wire)) return false;
        sent.add(item.signal.id);
        return true;
      },
      resync: () => replay(c, terminal, sent),
    });
    c.socket.once('close', () => {
      unregister();
      relay.disconnected(terminal).catch((err) => log.warn({ err }, 'presence leave failed'));
      if (c.lease) {
        executors.release(c.lease).catch((err) => log.warn({ err }, 'lease release failed'));
      }
    });
    // Answered in the EA's own version: it is sent nothing that version does not define.
    send(c.socket, JSON.stringify({ type: 'welcome', v: frame.v, heartbeatMs, serverTime: now() }));
    await replay(c, terminal, sent);
    await relay.connected(terminal);
  }

  /**
   * The same EA instance reconnected (its old socket may not have noticed the network go):
   * the new connection replaces the old one at once instead of waiting for its silence.
   */
  function replaceOlderSessions(c: Connection, lease: HeldLease) {
    for (const other of connections) {
      if (other === c || other.lease?.key !== lease.key) continue;
      if (other.lease.instanceId !== lease.instanceId) continue;
      other.lease = null;
      other.socket.close(1000, 'replaced by a newer connection of this EA');
    }
  }

  async function health(terminal: TerminalRef, issues: HealthIssue[]) {
    await terminals.recordHealth(terminal, issues);
    publishLive(terminal.userId, { type: 'terminals' });
  }

  return {
    /** `ip`: the client's address as the app sees it (request.ip), for the miss budget. */
    handle(socket: WebSocket, ip: string) {
      const c: Connection = {
        socket,
        openedAt: now(),
        lastFrameAt: now(),
        terminal: null,
        licenseNumber: null,
        session: randomUUID(),
        lease: null,
      };
      connections.add(c);
      /** Ids already sent on this socket and not yet acknowledged: no double push. */
      const sent = new Set<string>();
      // Until the hello is handled, frames wait behind it (a `received` must not overtake it).
      // After it, each frame is handled at once: a ping must never wait for database writes,
      // nor one result for the one before (a burst of signals would starve the heartbeat).
      let beforeHello: Promise<void> = Promise.resolve();
      let inFlight = 0;

      socket.on('message', (data, isBinary) => {
        const at = now();
        c.lastFrameAt = at;
        if (++inFlight >= maxQueuedFrames) socket.pause();
        const handle = () =>
          onFrame(isBinary ? null : data.toString(), at)
            .catch((err) => log.error({ err }, 'EA frame handling failed'))
            .finally(() => {
              if (--inFlight === maxQueuedFrames / 2) socket.resume();
            });
        if (c.terminal) void handle();
        else beforeHello = beforeHello.then(handle);
      });
      socket.on('close', () => connections.delete(c));
      socket.on('error', (err) => log.debug({ err: err.message }, 'EA socket error'));

      async function onFrame(text: string | null, at: number) {
        let json: unknown;
        try {
          json = text === null ? undefined : JSON.parse(text);
        } catch {
          json = undefined;
        }
        const parsed = eaFrameSchema.safeParse(json);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
          return reject(
            json === undefined ? 'Frames must be JSON text.' : `${where}${issue?.message}`,
          );
        }
        const frame = parsed.data;
        if (frame.type === 'hello') {
          if (c.terminal) return reject('hello was already received on this connection.');
          return limits.hellos(() => hello(c, frame, sent, ip));
        }
        const terminal = c.terminal;
        if (!terminal) return reject('The first frame must be a hello.');
        switch (frame.type) {
          case 'ping':
            send(socket, JSON.stringify({ type: 'pong', t: frame.t }));
            relay.beat(terminal);
            return;
          case 'received':
            sent.delete(frame.id);
            return relay.received(terminal, frame.id, at, 'ws');
          case 'result': {
            sent.delete(frame.id);
            const { type: _type, ...result } = frame;
            return relay.result(terminal, result, at);
          }
          case 'health':
            return health(terminal, frame.issues);
        }
      }

      function reject(message: string) {
        sendError(socket, 'BAD_REQUEST', message);
        if (!c.terminal) socket.close(closeCodes.badRequest, 'bad request');
      }
    },

    /** Closes this user's connections whose licence no longer belongs to them (regenerated). */
    async recheck(userId: string) {
      for (const c of connections) {
        if (c.terminal?.userId !== userId || !c.licenseNumber) continue;
        const owner = await licenses.lookup(c.licenseNumber);
        if (owner?.userId === userId) continue;
        sendError(
          c.socket,
          'LICENSE_INVALID',
          'This licence number was replaced. Enter the new one from your dashboard.',
        );
        c.socket.close(closeCodes.licenseInvalid, 'licence replaced');
      }
    },

    close() {
      clearInterval(sweep);
      clearInterval(renewal);
    },
  };
}

export type WsGateway = ReturnType<typeof createWsGateway>;
