import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { closeCodes, type errorCodes } from '@signalrelay/contracts/ea-protocol';
import type { WebSocket } from 'ws';
import type { HeldLease } from './relay-executors.ts';
import type { RelayTerminal } from './relay-terminals.ts';

export const heartbeatMs = 2000;
/** How long a WebSocket's executor lease lasts unless renewed: the silence that closes it. */
export const leaseTtlMs = 3 * heartbeatMs;
/** A socket whose unsent data exceeds this is a slow consumer: drop it, replay on reconnect. */
const maxBufferedBytes = 1024 * 1024;

/** One EA's WebSocket and what the gateway knows of it. */
export type Connection = {
  socket: WebSocket;
  /** The TCP socket under it: corked while signals of one turn are written (see `push`). */
  tcp: Socket;
  /** Whether `tcp` is corked until the end of this turn. */
  corked: boolean;
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

export function newConnection(socket: WebSocket, tcp: Socket, ip: string, at: number): Connection {
  return {
    socket,
    tcp,
    corked: false,
    openedAt: at,
    lastFrameAt: at,
    terminal: null,
    licenseNumber: null,
    session: randomUUID(),
    lease: null,
    sent: new Set(),
    ip,
  };
}

export const isOpen = (c: Connection) => c.socket.readyState === c.socket.OPEN;

/**
 * Every frame we send goes through here: a socket that has more than the cap waiting (an EA
 * that stopped reading) is dropped instead of buffered without end; it replays on reconnect.
 */
export function send(c: Connection, text: string): boolean {
  if (!isOpen(c)) return false;
  if (c.socket.bufferedAmount > maxBufferedBytes) {
    c.socket.terminate();
    return false;
  }
  c.socket.send(text);
  return true;
}

function uncork(c: Connection) {
  c.corked = false;
  c.tcp.uncork();
}

/**
 * A signal frame: the signals dispatched to one EA in one turn (a batch of inserted alerts,
 * a replay) leave in one write instead of one each. The socket is uncorked once the turn's
 * callbacks and promise reactions have run.
 */
export function push(c: Connection, text: string): boolean {
  if (!c.corked && isOpen(c)) {
    c.corked = true;
    c.tcp.cork();
    process.nextTick(uncork, c);
  }
  return send(c, text);
}

export function sendError(c: Connection, code: (typeof errorCodes)[number], message: string) {
  send(c, JSON.stringify({ type: 'error', code, message }));
}

/** Over a budget: say so, and close with 1013 so the EA retries later with its backoff. */
export function refuse(c: Connection, retryAfterSeconds: number) {
  sendError(c, 'RATE_LIMITED', `Too many connection attempts. Retry in ${retryAfterSeconds} s.`);
  c.socket.close(closeCodes.tryAgainLater, 'rate limited');
}

/** Another copy of the EA trades this account: say so, and close with 4409. */
export function refuseExecutor(c: Connection, message: string) {
  c.lease = null;
  sendError(c, 'EXECUTOR_TAKEN', message);
  c.socket.close(closeCodes.executorTaken, 'another EA trades this account');
}
