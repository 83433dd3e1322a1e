import type { Socket } from 'node:net';
import {
  closeCodes,
  errorFrameSchema,
  executorRetryMs,
  type HealthIssue,
  type Hello,
  rulesFrameSchema,
  type SignalResult,
  welcomeSchema,
} from '@signalrelay/contracts/ea-protocol';
import WebSocket from 'ws';
import { backoffDelay, restartDelay } from './backoff.ts';
import type { Arrival, Transport, TransportOptions } from './ea-types.ts';
import { joinHeartbeat } from './heartbeat-wheel.ts';

/** ea/PROTOCOL.md: frames up to 64 KiB. */
const maxFrameBytes = 64 * 1024;
/** How long we wait for the server's welcome after sending hello. */
const welcomeTimeoutMs = 10_000;
/** Heartbeat period until the welcome names the server's. */
const defaultHeartbeatMs = 2000;
/** Consecutive unanswered pings after which the connection is considered dead. */
const maxMissedPongs = 3;

/**
 * Transport A (ea/PROTOCOL.md): one WebSocket, hello → welcome → signals; app-level pings every
 * `heartbeatMs` from the shared heartbeat wheel; reconnect with backoff when pongs stop or the
 * socket breaks; stop for good on close 4400/4401. `ws` answers protocol ping frames itself.
 */
export function createWsTransport(options: TransportOptions): Transport {
  const { events, backoff } = options;
  const url = `${options.server.replace(/^http/, 'ws').replace(/\/$/, '')}/api/ea/ws`;
  const hello = JSON.stringify({
    type: 'hello',
    v: options.protocol,
    ...options.identity,
    ...options.instance,
    eaVersion: options.eaVersion,
    ...(options.terminalBuild === undefined ? {} : { terminalBuild: options.terminalBuild }),
  } satisfies Hello);

  let socket: WebSocket | undefined;
  /** The TCP socket under `socket`: corked while the frames of one turn are written. */
  let tcp: Socket | undefined;
  let corked = false;
  let stopped = true;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let welcomed = false;
  let openedAt = 0;
  let heartbeatMs = defaultHeartbeatMs;
  let leaveHeartbeat: (() => void) | undefined;
  let missedPongs = 0;
  let pingOutstanding = false;
  let pingSentAt = 0;
  let serverError: { code: string; message: string } | undefined;
  /** Results not yet handed to an open, welcomed socket. */
  const outbox: SignalResult[] = [];
  /** The health last reported, sent again after each welcome (undefined: never reported). */
  let health: HealthIssue[] | undefined;
  let closed: Promise<void> = Promise.resolve();

  const heartbeat = {
    beat(now: number) {
      const ws = socket;
      if (!ws || ws.readyState !== WebSocket.OPEN) return;
      if (!welcomed) {
        if (now - openedAt > welcomeTimeoutMs) {
          events.problem(`no welcome within ${welcomeTimeoutMs / 1000} s; reconnecting`);
          ws.terminate();
        }
        return;
      }
      if (pingOutstanding && ++missedPongs >= maxMissedPongs) {
        events.problem(`${maxMissedPongs} pongs missed; reconnecting`);
        ws.terminate();
        return;
      }
      pingOutstanding = true;
      pingSentAt = now;
      ws.send(JSON.stringify({ type: 'ping', t: Date.now() }));
    },
  };

  const setHeartbeat = (periodMs: number) => {
    leaveHeartbeat?.();
    heartbeatMs = periodMs;
    leaveHeartbeat = joinHeartbeat(periodMs, heartbeat);
  };

  /**
   * A burst of signals read in one chunk is answered in one write, not a `received` (and a
   * result) per signal: the frames of this turn wait in the corked socket until its end.
   */
  const send = (frame: object, onFailure?: () => void) => {
    const ws = socket;
    if (!ws || !welcomed || ws.readyState !== WebSocket.OPEN) {
      onFailure?.();
      return;
    }
    if (tcp && !corked) {
      const held = tcp;
      corked = true;
      held.cork();
      process.nextTick(() => {
        corked = false;
        held.uncork();
      });
    }
    ws.send(JSON.stringify(frame), (error) => {
      if (error) onFailure?.();
    });
  };

  const sendResult = (result: SignalResult) => {
    send({ type: 'result', ...result }, () => outbox.push(result));
  };

  /**
   * When the socket read that brought the current frame happened. The frames of one read (a
   * burst the server wrote at once) share it, as a poll reply's signals share theirs: handling
   * the earlier ones is this EA's own work, not their delivery, and each TTL counts from it.
   * `ws` emits a read's messages in one synchronous run, so the stamp lives until its end.
   */
  let thisRead: Arrival | null = null;
  const arrivalOfThisRead = (): Arrival => {
    if (!thisRead) {
      thisRead = { monotonic: performance.now(), wall: Date.now() };
      queueMicrotask(() => {
        thisRead = null;
      });
    }
    return thisRead;
  };

  const onMessage = (data: WebSocket.RawData) => {
    const arrival = arrivalOfThisRead();
    let frame: { type?: unknown; signal?: unknown };
    try {
      frame = JSON.parse(data.toString());
    } catch {
      events.problem('the server sent a frame that is not JSON; ignored');
      return;
    }
    switch (frame?.type) {
      case 'signal':
        events.signal(frame.signal, arrival);
        return;
      case 'pong':
        pingOutstanding = false;
        missedPongs = 0;
        events.heartbeat(arrival.monotonic - pingSentAt);
        return;
      case 'welcome': {
        const welcome = welcomeSchema.safeParse(frame);
        if (!welcome.success) {
          events.problem('the server sent a malformed welcome; reconnecting');
          socket?.terminate();
          return;
        }
        welcomed = true;
        attempt = 0;
        if (welcome.data.heartbeatMs !== heartbeatMs) setHeartbeat(welcome.data.heartbeatMs);
        events.connected({
          heartbeatMs: welcome.data.heartbeatMs,
          serverTime: welcome.data.serverTime,
        });
        for (const result of outbox.splice(0)) sendResult(result);
        if (health && options.protocol >= 2) send({ type: 'health', issues: health });
        return;
      }
      case 'rules': {
        const parsed = rulesFrameSchema.safeParse(frame);
        if (!parsed.success) {
          events.problem('the server sent malformed rules; the previous ones stay');
          return;
        }
        events.rules({ rulesId: parsed.data.rulesId, rules: parsed.data.rules });
        return;
      }
      case 'error': {
        const parsed = errorFrameSchema.safeParse(frame);
        const loose = frame as { code?: unknown; message?: unknown };
        serverError = parsed.success
          ? parsed.data
          : { code: String(loose.code ?? 'ERROR'), message: String(loose.message ?? '') };
        return;
      }
      default:
      // Unknown frame types are ignored (ea/PROTOCOL.md: a later server may add some).
    }
  };

  const scheduleReconnect = (delayMs: number) => {
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect();
    }, delayMs);
  };

  const onClose = (code: number, reason: string) => {
    const wasWelcomed = welcomed;
    welcomed = false;
    socket = undefined;
    leaveHeartbeat?.();
    leaveHeartbeat = undefined;
    const error = serverError;
    serverError = undefined;
    const why = error ? `${error.code}: ${error.message}` : reason || `close code ${code}`;
    if (wasWelcomed) events.disconnected(why);
    if (stopped) return;
    if (code === closeCodes.licenseInvalid || code === closeCodes.badRequest) {
      // Retrying cannot fix a bad license or a bad hello; hammering the server would not either.
      stopped = true;
      events.fatal({
        code:
          error?.code ?? (code === closeCodes.licenseInvalid ? 'LICENSE_INVALID' : 'BAD_REQUEST'),
        message: error?.message || reason || `the server closed the connection (${code})`,
      });
      return;
    }
    if (code === closeCodes.executorTaken) {
      // Another copy trades this account: stay idle, and ask again now and then so this copy
      // takes over once that one stops.
      events.problem(error?.message || why);
      scheduleReconnect(executorRetryMs);
      return;
    }
    if (!wasWelcomed) events.problem(`could not connect: ${why}`);
    scheduleReconnect(
      code === closeCodes.serviceRestart ? restartDelay(backoff) : backoffDelay(attempt++, backoff),
    );
  };

  const connect = () => {
    if (stopped) return;
    const ws = new WebSocket(url, {
      perMessageDeflate: false,
      maxPayload: maxFrameBytes,
      handshakeTimeout: welcomeTimeoutMs,
    });
    socket = ws;
    tcp = undefined;
    corked = false;
    ws.on('upgrade', (response) => {
      tcp = response.socket;
    });
    missedPongs = 0;
    pingOutstanding = false;
    let lastError = '';
    closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        onClose(code, reason.toString() || lastError);
        resolve();
      });
    });
    ws.on('error', (error) => {
      // 'close' always follows; keep the cause for its report.
      lastError = error.message;
    });
    ws.on('open', () => {
      openedAt = performance.now();
      ws.send(hello);
      setHeartbeat(defaultHeartbeatMs);
    });
    ws.on('message', onMessage);
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      connect();
    },
    async stop() {
      stopped = true;
      clearTimeout(reconnectTimer);
      const ws = socket;
      if (!ws) return;
      if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
      else ws.close(1000, 'EA stopped');
      const forced = setTimeout(() => ws.terminate(), 2000);
      await closed;
      clearTimeout(forced);
    },
    sendReceived(id) {
      send({ type: 'received', id });
    },
    sendResult,
    sendHealth(issues) {
      health = issues;
      if (options.protocol >= 2) send({ type: 'health', issues });
    },
  };
}
