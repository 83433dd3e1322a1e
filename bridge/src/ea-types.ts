import type {
  EaRules,
  HealthIssue,
  ProtocolVersion,
  Signal,
  SignalResult,
  TerminalIdentity,
} from '@signalrelay/contracts/ea-protocol';

/** When a signal reached the EA: a monotonic instant (for TTL and latency) and a wall-clock time. */
export interface Arrival {
  /** `performance.now()` when the frame or poll reply arrived. */
  monotonic: number;
  /** `Date.now()` at the same moment, for comparing with the server's `receivedAt`. */
  wall: number;
}

/** What a terminal reports for one signal; the client adds `id` and `executedAt`. */
export type ExecutionOutcome = Omit<SignalResult, 'id' | 'executedAt'>;

/** Executes one signal (trades, or refuses with a reason). May be synchronous. */
export type Executor = (signal: Signal) => ExecutionOutcome | Promise<ExecutionOutcome>;

/** A fatal error: the client stopped and will not reconnect on its own. */
export interface FatalError {
  code: string;
  message: string;
}

/** How a transport tells the client what happened on the wire. */
export interface TransportEvents {
  /** A signal object as received, not yet validated. */
  signal(raw: unknown, arrival: Arrival): void;
  connected(info: { heartbeatMs: number; serverTime: number }): void;
  disconnected(reason: string): void;
  /** The round trip of an app-level ping (WebSocket only: a held poll has no round trip). */
  heartbeat(rttMs: number): void;
  /** A problem the transport recovers from by itself (it reconnects or retries). */
  problem(message: string): void;
  fatal(error: FatalError): void;
  /** v3: the account rules this EA enforces, as the server sent them (already validated). */
  rules(set: RuleSet): void;
}

/** v3: the rules the server resolved for this EA's account, and their opaque id. */
export interface RuleSet {
  rulesId: string;
  rules: EaRules;
}

/** One way of talking to the server: WebSocket or long-poll. */
export interface Transport {
  start(): void;
  stop(): Promise<void>;
  /** Acknowledges receipt so the server stops re-delivering; best effort. */
  sendReceived(id: string): void;
  /** Reports a result; kept and re-sent until the transport has handed it to the server. */
  sendResult(result: SignalResult): void;
  /** v2: the terminal's whole current health list; sent now and after each new connection. */
  sendHealth(issues: HealthIssue[]): void;
}

/** Reconnect delays. */
export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  /** Random source in [0, 1), injectable for tests. */
  random: () => number;
}

/** What every transport needs to know. */
export interface TransportOptions {
  /** The server's origin, e.g. `https://relay.example.com`. */
  server: string;
  identity: TerminalIdentity;
  /** The protocol version this EA speaks (hello's and each poll's `v`). */
  v: ProtocolVersion;
  eaVersion: string;
  terminalBuild: number | undefined;
  /** Protocol v2: which copy of the EA this is, and where it runs. */
  instance: { instanceId: string; chart: string };
  backoff: BackoffOptions;
  events: TransportEvents;
  /** Settles when every signal handed to `events.signal` so far has been answered. */
  answered: () => Promise<unknown>;
}
