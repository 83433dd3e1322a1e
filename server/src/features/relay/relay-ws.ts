import { randomUUID } from 'node:crypto';
import {
  closeCodes,
  type EaFrame,
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
  /** As sent in the hello: re-checked when the owner's license changes. */
  licenseNumber: string | null;
  /** This connection, as a session of its EA instance. */
  session: string;
  /** The right to trade its account, when the EA named its instance (v2). */
  lease: HeldLease | null;
  /** Ids already sent on this socket and not yet acknowledged: no double push. */
  sent: Set<string>;
  /** The client's address as the app sees it, for the miss budget. */
  ip: string;
};

/** A frame as received: what it says, or why it is refused. */
type Parsed = { frame: EaFrame; error?: never } | { frame?: never; error: string };

/**
 * An EA's frame, checked against the protocol. Heartbeats (one per EA every 2 s, most of the
 * frames there are) take a shortcut where they are exactly `{"type":"ping","t":<number>}`,
 * which is what the schema would give back for them.
 */
export function parseEaFrame(text: string | null): Parsed {
  let json: unknown;
  try {
    json = text === null ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (isPlainPing(json)) return { frame: json };
  const parsed = eaFrameSchema.safeParse(json);
  if (parsed.success) return { frame: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return { error: json === undefined ? 'Frames must be JSON text.' : `${where}${issue?.message}` };
}

function isPlainPing(json: unknown): json is Extract<EaFrame, { type: 'ping' }> {
  if (typeof json !== 'object' || json === null) return false;
  const frame = json as Record<string, unknown>;
  if (frame.type !== 'ping' || typeof frame.t !== 'number') return false;
  let keys = 0;
  for (const _ in frame) keys++;
  return keys === 2;
}

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
  async function replay(c: Connection, terminal: RelayTerminal) {
    for (const row of await relay.pendingFor(terminal)) {
      if (c.sent.has(row.id)) continue;
      if (!send(c.socket, JSON.stringify({ type: 'signal', signal: toEaSignal(row, now()) }))) {
        return;
      }
      c.sent.add(row.id);
    }
  }

  /** Hello, step 1: the license's owner, or the refusal (closing the socket). */
  async function ownerFor(c: Connection, frame: Hello) {
    const owner = await licenses.lookup(frame.licenseNumber);
    if (!owner) {
      const miss = limits.miss(c.ip);
      if (!miss.allowed) return refuse(c, miss.retryAfterSeconds);
      sendError(
        c.socket,
        'LICENSE_INVALID',
        'Unknown license number. Copy it again from your dashboard.',
      );
      c.socket.close(closeCodes.licenseInvalid, 'license invalid');
      return;
    }
    if (!owner.verified) {
      sendError(c.socket, 'LICENSE_INVALID', unverifiedLicenseMessage);
      c.socket.close(closeCodes.licenseInvalid, 'e-mail not verified');
      return;
    }
    const forLicense = limits.helloForLicense(owner.userId);
    if (!forLicense.allowed) return refuse(c, forLicense.retryAfterSeconds);
    return owner;
  }

  /** Hello, step 2: the terminal (registered on first sight), or null when refused. */
  function terminalFor(c: Connection, userId: string, frame: Hello) {
    return terminals.resolve(userId, frame, { ...frame, transport: 'ws' }).catch((err: unknown) => {
      if (!(err instanceof AppError && err.code === 'LIMIT_REACHED')) throw err;
      // Not fatal: the trader may free a place (ea/PROTOCOL.md, "Limits"), so retry later.
      // A v1 EA knows only v1's codes: RATE_LIMITED with 1013 means the same to it.
      sendError(c.socket, frame.v >= 2 ? 'LIMIT_REACHED' : 'RATE_LIMITED', err.message);
      c.socket.close(closeCodes.tryAgainLater, 'terminal limit');
      return null;
    });
  }

  /** Hello, step 3: the right to trade the account; false when refused or closed meanwhile. */
  async function admitExecutor(c: Connection, terminal: TerminalRef, frame: Hello) {
    const admission = await executors.admit(terminal, frame, c.session, leaseTtlMs);
    if (admission.refused) {
      refuseExecutor(c, admission.message);
      return false;
    }
    if (c.socket.readyState !== c.socket.OPEN) {
      if (admission.lease) await executors.release(admission.lease);
      return false;
    }
    c.lease = admission.lease;
    if (c.lease) replaceOlderSessions(c, c.lease);
    return true;
  }

  /** Hello, step 4: live signals reach this socket from now on; its close undoes it all. */
  async function attach(c: Connection, userId: string, terminal: RelayTerminal) {
    const unregister = await hub.register(userId, {
      terminalId: terminal.id,
      platform: terminal.platform,
      account: terminal.account,
      protocol: terminal.protocol,
      push(item, wire) {
        if (c.sent.has(item.signal.id)) return c.socket.readyState === c.socket.OPEN;
        if (!send(c.socket, wire)) return false;
        c.sent.add(item.signal.id);
        return true;
      },
      resync: () => replay(c, terminal),
    });
    c.socket.once('close', () => {
      unregister();
      relay.disconnected(terminal).catch((err) => log.warn({ err }, 'presence leave failed'));
      if (c.lease) {
        executors.release(c.lease).catch((err) => log.warn({ err }, 'lease release failed'));
      }
    });
  }

  /** hello → welcome, then what the terminal missed, then it counts as connected. */
  async function hello(c: Connection, frame: Hello) {
    const owner = await ownerFor(c, frame);
    if (!owner) return;
    const terminal = await terminalFor(c, owner.userId, frame);
    if (!terminal || c.socket.readyState !== c.socket.OPEN) return;
    if (!(await admitExecutor(c, terminal, frame))) return;
    c.terminal = terminal;
    c.licenseNumber = frame.licenseNumber;
    await attach(c, owner.userId, terminal);
    // Answered in the EA's own version: it is sent nothing that version does not define.
    send(c.socket, JSON.stringify({ type: 'welcome', v: frame.v, heartbeatMs, serverTime: now() }));
    await replay(c, terminal);
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

  /** A frame was refused: say why; before the hello, that ends the connection. */
  function reject(c: Connection, message: string) {
    sendError(c.socket, 'BAD_REQUEST', message);
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
        send(c.socket, JSON.stringify({ type: 'pong', t: frame.t }));
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
    socket.on('close', () => connections.delete(c));
    socket.on('error', (err) => log.debug({ err: err.message }, 'EA socket error'));
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
        sent: new Set(),
        ip,
      };
      connections.add(c);
      listen(c);
    },

    /** Closes this user's connections whose license no longer belongs to them (regenerated). */
    async recheck(userId: string) {
      for (const c of connections) {
        if (c.terminal?.userId !== userId || !c.licenseNumber) continue;
        const owner = await licenses.lookup(c.licenseNumber);
        if (owner?.userId === userId) continue;
        sendError(
          c.socket,
          'LICENSE_INVALID',
          'This license number was replaced. Enter the new one from your dashboard.',
        );
        c.socket.close(closeCodes.licenseInvalid, 'license replaced');
      }
    },

    close() {
      clearInterval(sweep);
      clearInterval(renewal);
    },
  };
}

export type WsGateway = ReturnType<typeof createWsGateway>;
