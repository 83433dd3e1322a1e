import {
  executorRetryMs,
  type HealthIssue,
  type PollResponse,
  type ProtocolVersion,
  type Signal,
  type TerminalIdentity,
} from '@signalrelay/contracts/ea-protocol';
import type { AlertsUnderWay } from '../../core/alerts-under-way.ts';
import { type LicenseDirectory, unverifiedLicenseMessage } from '../../core/license-directory.ts';
import type { PublishLive } from '../../core/live-events.ts';
import type { Metrics } from '../../core/metrics.ts';
import type { RelayHub } from '../../core/relay-hub.ts';
import { toEaSignal } from '../../core/signal-rows.ts';
import { AppError } from '../../errors.ts';
import type { ExecutorGate } from './relay-executors.ts';
import { createPollLinks } from './relay-poll-links.ts';
import type { RulesDelivery } from './relay-rules.ts';
import type { RelayService } from './relay-service.ts';
import type { RelayTerminal, TerminalRegistry } from './relay-terminals.ts';
import { heartbeatMs } from './relay-ws-connection.ts';

/**
 * How long a poll is held when nothing is waiting, unless the EA asks for less (`waitMs` in
 * its request); the EA's timeout is the hold + 5 s.
 */
export const pollWaitMs = 20_000;

/**
 * A poll nothing answers ends at a random moment in the last quarter of its hold. EAs that
 * polled together (after a restart, or a network blip) would otherwise all come back at the
 * same instant every hold: a few thousand polls at once queue behind each other (each with its
 * new connection, its lease and its Postgres read) for seconds, long enough for the last ones
 * to reach their timeout of the hold + 5 s. The reply still announces the whole hold as
 * `waitMs`, so an EA's timeout always covers the next one.
 */
const holdSpread = 0.25;

/**
 * How long a reply that has signals waits for the alerts of its license still under way here
 * (`AlertsUnderWay`). A basket's alerts are stored by two or three INSERTs a few milliseconds
 * apart; answering at the first would leave the rest to the next poll, a whole round trip
 * later (the EA's network included). Past this, what is in hand goes and the rest follows on
 * the next poll, as without the wait. A lone alert never waits: nothing else is under way.
 */
export const basketGatherMs = 50;

type Deps = {
  onError: (err: unknown) => void;
  licenses: LicenseDirectory;
  terminals: TerminalRegistry;
  hub: RelayHub;
  underWay: AlertsUnderWay;
  relay: RelayService;
  executors: ExecutorGate;
  rules: RulesDelivery;
  publishLive: PublishLive;
  metrics: Metrics;
  now: () => number;
};

/**
 * A long-poll EA's lease outlives its poll by the silence after which a WebSocket is closed:
 * it polls again at once after each answer.
 */
const leaseGraceMs = 3 * heartbeatMs;

/**
 * Transport B of ea/PROTOCOL.md (MT4, and MT5 when sockets fail): each poll reports what the
 * EA received and executed, then returns what is waiting or holds until a signal arrives.
 */
export function createPollGateway(deps: Deps) {
  const {
    licenses,
    terminals,
    hub,
    underWay,
    relay,
    executors,
    rules,
    publishLive,
    metrics,
    now,
    onError,
  } = deps;
  const links = createPollLinks({ hub, now });
  // A terminal counts as connected while its poll is held: keep its heartbeat fresh.
  const held = new Set<RelayTerminal>();
  /** Wakes every held poll: on shutdown they are answered at once instead of cut off. */
  const wakers = new Set<() => void>();
  const beating = setInterval(() => {
    for (const terminal of held) relay.beat(terminal);
  }, heartbeatMs);
  beating.unref();

  async function terminalOf(
    identity: TerminalIdentity,
    details: { eaVersion?: string; terminalBuild?: number; transport: 'poll' },
  ) {
    const owner = await licenses.lookup(identity.licenseNumber);
    if (!owner)
      throw new AppError(
        'LICENSE_INVALID',
        'Unknown license number. Copy it again from your dashboard.',
      );
    if (!owner.verified) throw new AppError('LICENSE_INVALID', unverifiedLicenseMessage);
    return terminals.resolve(owner.userId, identity, details);
  }

  function reply(signals: Signal[], waitMs: number): PollResponse {
    return { signals, waitMs, heartbeatMs, serverTime: now() };
  }

  return {
    terminalOf,

    async poll(
      request: TerminalIdentity & {
        v: ProtocolVersion;
        eaVersion?: string;
        terminalBuild?: number;
        instanceId?: string;
        chart?: string;
        health?: HealthIssue[];
        received: string[];
        results: Parameters<RelayService['result']>[1][];
        waitMs?: number;
        rulesId?: string;
      },
      /** Resolves when the HTTP client goes away, so a held poll is released. */
      gone: Promise<void>,
    ): Promise<PollResponse> {
      const arrivedAt = now();
      const terminal = await terminalOf(request, { ...request, transport: 'poll' });
      // What the EA reports is kept even if it is refused below: it did receive or trade it.
      for (const id of request.received) relay.received(terminal, id, arrivedAt, 'poll');
      // Together: one statement for the poll's results (see RelayService.result). They are
      // stored before this poll answers, but the admission and the read of what is pending go
      // meanwhile: until stored, their acknowledgements count as being written, which
      // pendingFor leaves out.
      const stored = Promise.all(
        request.results.map((result) => relay.result(terminal, result, arrivedAt)),
      );
      // Awaited below; a failure of another step first must not leave it unhandled (a result
      // that cannot be stored is kept for a retry, and the EA sends it again anyway).
      stored.catch(() => undefined);
      const holdMs = Math.min(request.waitMs ?? pollWaitMs, pollWaitMs);
      // Each poll is a session of its instance: the same instance always gets its lease back.
      const admission = await executors.admit(
        terminal,
        request,
        `poll:${request.instanceId}`,
        holdMs + leaseGraceMs,
      );
      if (admission.refused) {
        await stored;
        throw new AppError('EXECUTOR_TAKEN', admission.message, { retryAfterMs: executorRetryMs });
      }
      relay.beat(terminal);
      if (request.health) {
        await terminals.recordHealth(terminal, request.health);
        publishLive(terminal.userId, { type: 'terminals' });
      }

      // The link is registered before Postgres is read, so a signal arriving in between is
      // not missed; one the EA's last poll parked may spare the read (relay-poll-links.ts).
      let wake: () => void = () => undefined;
      const woken = new Promise<void>((resolve) => {
        wake = resolve;
      });
      const link = await links.hold(terminal, request.instanceId, new Set(request.received), () =>
        wake(),
      );
      // v3: new rules answer a held poll at once, like a signal.
      const v3 = request.v >= 3;
      const unfollow = v3
        ? rules.followPoll(terminal.userId, request.account, request.rulesId, wake)
        : () => undefined;
      let timer: NodeJS.Timeout | undefined;
      /** Resolves after `ms`: one timer at a time, cleared when the poll ends. */
      const timeUp = (ms: number) => {
        clearTimeout(timer);
        return new Promise<void>((resolve) => {
          timer = setTimeout(resolve, ms);
        });
      };
      held.add(terminal);
      wakers.add(wake);
      try {
        const resyncs = link.resyncs;
        const [pending] = await Promise.all([
          link.whole ? undefined : relay.pendingFor(terminal),
          stored,
        ]);
        if (pending) links.read(link, pending.complete, resyncs);
        metrics.longPolls.inc({ pending: pending ? 'read' : 'kept' });
        const waiting = (pending?.rows ?? []).map((row) => toEaSignal(row, now()));
        const changedRules = v3
          ? await rules.forPoll(terminal.userId, request.account, request.rulesId)
          : {};
        if (waiting.length === 0 && link.kept.length === 0 && !changedRules.rulesId) {
          await Promise.race([woken, gone, timeUp(holdMs * (1 - holdSpread * Math.random()))]);
        }
        // The rest of a basket is pushed here (the poll is still open) while it is gathered.
        const basket = waiting.length + link.kept.length > 0 && underWay.settled(terminal.userId);
        if (basket) await Promise.race([basket, gone, timeUp(basketGatherMs)]);
        // Never what this very poll acknowledges: a doorbell can reach this instance after the
        // EA had the signal from another one.
        const seen = new Set([...waiting.map((s) => s.id), ...request.received]);
        for (const result of request.results) seen.add(result.id);
        const signals = [...waiting, ...links.take(link).filter((s) => !seen.has(s.id))];
        const ids = signals.map((s) => s.id);
        // From here the link keeps what comes for the EA's next poll.
        links.park(link, ids);
        if (signals.length > 0) {
          // After the reply is built, off its path: the timing write must not delay delivery.
          const at = now();
          setImmediate(() => relay.handedOver(terminal, ids, at).catch(onError));
        }
        // Answered only once its acknowledgements are stored. Usually they are by now (a held
        // poll outlasts `ackHoldMs`, and results carry theirs); a poll answered at once waits.
        const acked = relay.acksStored(terminal, request.received);
        const rulesNow = v3
          ? await rules.forPoll(terminal.userId, request.account, request.rulesId)
          : {};
        await acked;
        return { ...reply(signals, holdMs), ...rulesNow };
      } finally {
        unfollow();
        clearTimeout(timer);
        held.delete(terminal);
        wakers.delete(wake);
        // Not parked: the poll failed, or its EA instance has a newer poll held.
        if (link.state === 'held') links.close(link);
        relay.beat(terminal);
      }
    },

    async result(terminal: RelayTerminal, result: Parameters<RelayService['result']>[1]) {
      await relay.result(terminal, result, now());
      relay.beat(terminal);
    },

    /** Answers every held poll now (the EA polls again, reaching another instance). */
    release() {
      for (const wake of wakers) wake();
    },

    close() {
      clearInterval(beating);
      links.closeAll();
    },
  };
}

export type PollGateway = ReturnType<typeof createPollGateway>;
