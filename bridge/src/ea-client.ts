import { randomUUID } from 'node:crypto';
import {
  type ProtocolVersion,
  protocolVersion,
  type Signal,
  type SignalResult,
  signalSchema,
  type TerminalIdentity,
} from '@signalrelay/contracts/ea-protocol';
import { defaultBackoff } from './backoff.ts';
import { createDedupe, type Dedupe, type DedupeOptions } from './dedupe.ts';
import type {
  Arrival,
  BackoffOptions,
  Executor,
  FatalError,
  Transport,
  TransportEvents,
} from './ea-types.ts';
import { createPollTransport } from './poll-transport.ts';
import { expiredMessage, isExpired, ttlDeadline } from './ttl.ts';
import { createWsTransport } from './ws-transport.ts';

/**
 * The reference EA: receives signals over WebSocket or long-poll (ea/PROTOCOL.md), acknowledges
 * each at once, executes it once (dedupe by id) while its TTL lasts, and reports the result.
 * Cheap enough to run thousands in one process: no timers of its own, callbacks not emitters.
 */
export interface EaClientOptions extends TerminalIdentity {
  /** The server's origin, e.g. `http://localhost:3000`. */
  server: string;
  transport: 'ws' | 'poll';
  execute: Executor;
  eaVersion?: string;
  terminalBuild?: number;
  /**
   * The protocol version to speak: the latest by default; an older one for compatibility
   * tests (the server then sends it nothing that version does not define).
   */
  protocol?: ProtocolVersion;
  /**
   * This copy of the EA (protocol v2): the server lets one instance at a time trade an
   * account and refuses the others. A random one by default; a copy that restarts should keep
   * its id to take its own lease back at once.
   */
  instanceId?: string;
  /** Where this copy runs, told to a copy refused because this one trades (e.g. "EURUSD,H1"). */
  chart?: string;
  /** Long-poll only: carry results on the next poll instead of `POST /api/ea/result`. */
  resultsOnPoll?: boolean;
  /** A dedupe store, or options for a new one (capacity, persistence file). */
  dedupe?: Dedupe | DedupeOptions;
  backoff?: Partial<BackoffOptions>;
  onSignal?(signal: Signal, arrival: Arrival): void;
  /** Every result sent, including the repeat of a first result for a duplicate delivery. */
  onResult?(result: SignalResult, info: { signal: Signal | undefined; duplicate: boolean }): void;
  onConnected?(info: { heartbeatMs: number; serverTime: number }): void;
  onDisconnected?(reason: string): void;
  /** Recoverable problems (the client retries by itself) and invalid signals. */
  onProblem?(message: string): void;
  /** The client stopped for good: bad license or a request the server will never accept. */
  onFatal?(error: FatalError): void;
}

const maxMessageLength = 1000;

export interface EaCounters {
  signals: number;
  duplicates: number;
  invalid: number;
  executed: number;
  expired: number;
  skipped: number;
  results: number;
  connects: number;
  disconnects: number;
  lastRttMs: number;
}

export type EaState = 'idle' | 'connecting' | 'connected' | 'stopped';

export interface EaClient {
  start(): void;
  stop(): Promise<void>;
  readonly state: EaState;
  readonly counters: Readonly<EaCounters>;
  /** Set when the client stopped by itself (see `onFatal`). */
  readonly fatal: FatalError | undefined;
}

export function createEaClient(options: EaClientOptions): EaClient {
  const dedupe =
    options.dedupe && 'lookup' in options.dedupe ? options.dedupe : createDedupe(options.dedupe);
  const counters: EaCounters = {
    signals: 0,
    duplicates: 0,
    invalid: 0,
    executed: 0,
    expired: 0,
    skipped: 0,
    results: 0,
    connects: 0,
    disconnects: 0,
    lastRttMs: Number.NaN,
  };
  let state: EaState = 'idle';
  let fatal: FatalError | undefined;
  // Signals run one after another, as in a terminal: a queued signal's TTL keeps running.
  // The tail settles once every signal received so far has been answered.
  let queue: Promise<unknown> = Promise.resolve();

  const report = (result: SignalResult, signal: Signal | undefined, duplicate: boolean) => {
    counters.results++;
    transport.sendResult(result);
    options.onResult?.(result, { signal, duplicate });
  };

  // A throwing callback must not stall the queue: later signals still run and get answered.
  const keepGoing = (error: unknown) =>
    options.onProblem?.(`an EA callback failed: ${(error as Error).message}`);

  const run = async (signal: Signal, deadline: number): Promise<SignalResult> => {
    const finish = (fields: Omit<SignalResult, 'id' | 'executedAt'>): SignalResult => ({
      id: signal.id,
      ...fields,
      // The protocol caps messages; a longer one would get the whole poll refused.
      ...(fields.message ? { message: fields.message.slice(0, maxMessageLength) } : {}),
      executedAt: Date.now(),
    });
    if (signal.isTest) {
      counters.skipped++;
      return finish({ status: 'skipped', message: 'test signal: received, not traded' });
    }
    if (isExpired(deadline)) {
      counters.expired++;
      return finish({ status: 'error', message: expiredMessage });
    }
    counters.executed++;
    try {
      return finish(await options.execute(signal));
    } catch (error) {
      return finish({ status: 'error', message: `EA error: ${(error as Error).message}` });
    }
  };

  const onSignal = (raw: unknown, arrival: Arrival) => {
    const parsed = signalSchema.safeParse(raw);
    if (!parsed.success) {
      counters.invalid++;
      const id = (raw as { id?: unknown } | null)?.id;
      const issue = parsed.error.issues[0];
      const why =
        `invalid signal: ${issue?.path.join('.') || 'signal'} ${issue?.message ?? ''}`.trim();
      options.onProblem?.(why);
      // Answer it, or the server would keep re-delivering a signal this EA can never execute.
      if (typeof id === 'string' && id.length > 0 && id.length <= 64) {
        transport.sendReceived(id);
        report({ id, status: 'error', message: why, executedAt: Date.now() }, undefined, false);
      }
      return;
    }
    const signal = parsed.data;
    transport.sendReceived(signal.id);
    counters.signals++;
    options.onSignal?.(signal, arrival);
    const known = dedupe.lookup(signal.id);
    if (known) {
      counters.duplicates++;
      queue = queue
        .then(() => known)
        .then((first) => report(first, signal, true))
        .catch(keepGoing);
      return;
    }
    const deadline = ttlDeadline(signal.ttlMs, arrival.monotonic);
    const outcome = queue.then(() => run(signal, deadline));
    dedupe.remember(signal.id, outcome);
    queue = outcome.then((result) => report(result, signal, false)).catch(keepGoing);
  };

  const events: TransportEvents = {
    signal: onSignal,
    connected(info) {
      state = 'connected';
      counters.connects++;
      options.onConnected?.(info);
    },
    disconnected(reason) {
      if (state === 'connected') state = 'connecting';
      counters.disconnects++;
      options.onDisconnected?.(reason);
    },
    heartbeat(rttMs) {
      counters.lastRttMs = rttMs;
    },
    problem(message) {
      options.onProblem?.(message);
    },
    fatal(error) {
      state = 'stopped';
      fatal = error;
      options.onFatal?.(error);
    },
  };

  const transportOptions = {
    server: options.server,
    identity: {
      licenseNumber: options.licenseNumber,
      platform: options.platform,
      account: options.account,
      broker: options.broker,
    },
    // Not an MQL release number: the dashboard compares those with the current EA release.
    eaVersion: options.eaVersion ?? 'reference-1',
    protocol: options.protocol ?? protocolVersion,
    terminalBuild: options.terminalBuild,
    instance: {
      instanceId: options.instanceId ?? randomUUID(),
      chart: options.chart ?? 'reference EA',
    },
    backoff: { ...defaultBackoff, ...options.backoff },
    events,
    answered: () => queue,
  };
  const transport: Transport =
    options.transport === 'ws'
      ? createWsTransport(transportOptions)
      : createPollTransport({ ...transportOptions, resultsOnPoll: options.resultsOnPoll ?? false });

  return {
    start() {
      if (state !== 'idle') return;
      state = 'connecting';
      transport.start();
    },
    async stop() {
      state = 'stopped';
      await transport.stop();
    },
    get state() {
      return state;
    },
    counters,
    get fatal() {
      return fatal;
    },
  };
}
