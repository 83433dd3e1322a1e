import type { SignalResult } from '@signalrelay/contracts/ea-protocol';
import type { SignalDelivery } from '@signalrelay/contracts/signals';
import type { PublishLive } from '../../core/live-events.ts';
import type { Metrics } from '../../core/metrics.ts';
import { olderEaMessage } from '../../core/older-eas.ts';
import type { SignalRow } from '../../core/signal-rows.ts';
import { pendingForLimit, type SignalStore } from '../../core/signal-store.ts';
import { signalEvent } from '../../core/signal-view.ts';
import type { Presence } from '../../ports/presence.ts';
import type { RecordQueue } from '../../ports/record-queue.ts';
import { createHeartbeats } from './relay-heartbeats.ts';
import { createReportRetry, type HeldAck, type HeldResult } from './relay-reports.ts';
import { batchWhileBusy } from './relay-result-batches.ts';
import type { RelayTerminal } from './relay-terminals.ts';

/**
 * How long an acknowledgement waits to be written. An EA's result usually follows within a
 * few milliseconds and then carries it (one statement instead of two, and no lock wait
 * between them); the others are written together, one statement per hold. A lost
 * acknowledgement costs nothing worse than a replay, which the EA drops by id.
 */
export const ackHoldMs = 50;
/**
 * How long a result waits for the batch being written before it goes beside it: one stuck
 * write (a row lock) must not hold everyone's results, while a normal round trip (1-3 ms)
 * ends well inside it.
 */
export const resultHoldMs = 5;

type Deps = {
  store: SignalStore;
  /** Where acknowledgements and results wait while Postgres is away (`relay-reports.ts`). */
  reports: RecordQueue;
  presence: Presence;
  publishLive: PublishLive;
  metrics: Metrics;
  now: () => number;
  onError: (err: unknown) => void;
};

/**
 * What both transports do with a terminal's messages: acknowledgements, results, heartbeats
 * and connection state (the last two in `relay-heartbeats.ts`), each reflected on the owner's
 * dashboard. Acknowledgements and results that cannot be stored (Postgres away) wait in
 * `reports` and are stored when it is back, by this instance or the next.
 */
export function createRelayService({
  store,
  reports,
  presence,
  publishLive,
  metrics,
  now,
  onError,
}: Deps) {
  const retry = createReportRetry({
    queue: reports,
    write: (report) =>
      'received' in report ? storeAcks(report.received) : storeResult(report.result),
    onLost: (err, count) =>
      onError(new Error(`gave up storing ${count} EA message(s)`, { cause: err })),
  });

  const heartbeats = createHeartbeats({ presence, publishLive, now, onError });
  /** Acknowledgements not written yet, by terminal and signal. */
  const heldAcks = new Map<string, HeldAck>();
  /**
   * Acknowledgements being written now (alone or carried by a result), each with its write:
   * settled once stored or kept for a retry, never rejected.
   */
  const writingAcks = new Map<string, Promise<void>>();
  let ackTimer: NodeJS.Timeout | undefined;
  const ackKey = (terminalId: string, signalId: string) => `${terminalId}:${signalId}`;

  function observeDelivery(row: SignalRow, transport: 'ws' | 'poll') {
    if (row.deliveredAt) {
      metrics.deliveryLatency.observe(
        { transport },
        row.deliveredAt.getTime() - row.receivedAt.getTime(),
      );
    }
  }

  /**
   * Reports a signal's delivery: its latency, and "delivered to this terminal" on the owner's
   * dashboard.
   */
  function delivered(row: SignalRow, transport: 'ws' | 'poll', delivery: SignalDelivery) {
    observeDelivery(row, transport);
    publishLive(row.userId, signalEvent(row, delivery));
  }

  /** Signals no terminal has yet, that only a later EA than this one can run: failed. */
  async function failForOlderEa(terminal: RelayTerminal, rows: SignalRow[]) {
    for (const row of rows.filter((r) => r.deliveredAt === null)) {
      for (const failed of await store.failForOlderEa([row.id], olderEaMessage(terminal, row))) {
        metrics.signalsByStatus.inc({ status: failed.status });
        publishLive(failed.userId, signalEvent(failed));
      }
    }
  }

  /** Counts `keys` as acknowledgements being written until `write` settles. */
  function writing(keys: string[], write: Promise<unknown>): Promise<void> {
    const written = write.then(() => undefined);
    for (const key of keys) writingAcks.set(key, written);
    void written.finally(() => {
      for (const key of keys) if (writingAcks.get(key) === written) writingAcks.delete(key);
    });
    return written;
  }

  /** Stores acknowledgements in one statement, and reports each signal's delivery. */
  async function storeAcks(acks: HeldAck[]) {
    const rows = await store.recordReceived(acks);
    // The signal's delivery time is its first acknowledgement's: that terminal is named.
    const firstAck = new Map<string, HeldAck>();
    for (const ack of acks) {
      const first = firstAck.get(ack.signalId);
      if (!first || ack.at < first.at) firstAck.set(ack.signalId, ack);
    }
    for (const row of rows) {
      const ack = firstAck.get(row.id);
      if (ack) delivered(row, ack.transport, ack.terminal.delivery);
    }
  }

  /** Stores one result, with its acknowledgement if that was still held, and reports it. */
  async function storeResult({ terminal, result, at, ack }: HeldResult) {
    const row = await store.recordResult(terminal, result, at, ack?.at ?? at);
    if (!row) return;
    // This result carried the first acknowledgement: report the delivery it recorded.
    if (ack && row.deliveredAt?.getTime() === ack.at) observeDelivery(row, ack.transport);
    if (row.executedAt) {
      metrics.executionLatency.observe(row.executedAt.getTime() - row.receivedAt.getTime());
    }
    metrics.signalsByStatus.inc({ status: row.status });
    publishLive(terminal.userId, signalEvent(row, terminal.delivery));
  }

  /** Writes the held acknowledgements of `keys` (by default all of them) in one statement. */
  function writeHeldAcks(keys: Iterable<string> = heldAcks.keys()): Promise<void> {
    const taken: string[] = [];
    const acks: HeldAck[] = [];
    for (const key of new Set(keys)) {
      const ack = heldAcks.get(key);
      if (ack) {
        taken.push(key);
        acks.push(ack);
      }
    }
    if (acks.length === 0) return Promise.resolve();
    for (const key of taken) heldAcks.delete(key);
    return writing(
      taken,
      retry.orKeep(storeAcks(acks), () => ({ received: acks })),
    );
  }
  /**
   * Results wait while another batch of them is being written, then go together: the
   * store's statement carries every result of a batch (see `batchWhileBusy`).
   */
  const results = batchWhileBusy(
    async (batch: HeldResult[]) => {
      await Promise.all(
        batch.map((held) => retry.orKeep(storeResult(held), () => ({ result: held }))),
      );
    },
    { holdMs: resultHoldMs },
  );

  /**
   * Writes the results waiting and the acknowledgements still held, and resolves once these
   * and those already being written are stored (or kept for a retry).
   */
  async function drain() {
    clearTimeout(ackTimer);
    ackTimer = undefined;
    // Results and acknowledgements already being written are in `writingAcks` too.
    await Promise.all([results.flush(), writeHeldAcks(), ...writingAcks.values()]);
  }

  return {
    /**
     * Called before this instance tells its EAs to reconnect, perhaps to another instance:
     * that one reads Postgres, and would send them again the signals whose acknowledgements
     * are still held here.
     */
    drain,

    /**
     * The terminal acknowledged a signal; `at` is when its message reached us. Written within
     * `ackHoldMs`, or with the result if that comes first, or when a long poll carrying it
     * is about to answer (`acksStored`), or before the EA sockets close (`drain`).
     */
    received(terminal: RelayTerminal, signalId: string, at: number, transport: 'ws' | 'poll') {
      const key = ackKey(terminal.id, signalId);
      if (heldAcks.has(key)) return;
      heldAcks.set(key, { terminal, signalId, at, transport });
      ackTimer ??= setTimeout(() => {
        ackTimer = undefined;
        void writeHeldAcks();
      }, ackHoldMs);
    },

    /**
     * Writes now those of these acknowledgements still held, and resolves once all of them
     * are stored (or kept for a retry). A long poll answers only then: the EA's next poll may
     * reach another instance, whose read of Postgres must not find them missing and send the
     * signals again.
     */
    async acksStored(terminal: RelayTerminal, signalIds: string[]): Promise<void> {
      const keys = signalIds.map((id) => ackKey(terminal.id, id));
      void writeHeldAcks(keys);
      await Promise.all(keys.map((key) => writingAcks.get(key)));
    },

    /** Signals written into a long-poll reply at `at`: that is their delivery time. */
    async handedOver(terminal: RelayTerminal, signalIds: string[], at: number) {
      for (const row of await store.markDelivered(signalIds, at)) {
        delivered(row, 'poll', terminal.delivery);
      }
    },

    /**
     * Signals this terminal should have and has not acknowledged (oldest first): Postgres's
     * answer without the acknowledgements held here, nor those being written while Postgres
     * read (its answer may predate them). Those it is too old to run are not sent, and fail
     * when no terminal has them yet: this older EA is the one that came for them. `complete`:
     * Postgres had no more than it answered (it answers at most `pendingForLimit`).
     */
    async pendingFor(terminal: RelayTerminal): Promise<{ rows: SignalRow[]; complete: boolean }> {
      const prefix = ackKey(terminal.id, '');
      const before = new Set<string>();
      for (const key of [...heldAcks.keys(), ...writingAcks.keys()]) {
        if (key.startsWith(prefix)) before.add(key);
      }
      const rows = await store.pendingFor(terminal, now());
      const tooNew = rows.filter((row) => row.minProtocol > terminal.protocol);
      if (tooNew.length > 0) await failForOlderEa(terminal, tooNew);
      const sendable = rows.filter((row) => {
        const key = ackKey(terminal.id, row.id);
        return (
          row.minProtocol <= terminal.protocol &&
          !before.has(key) &&
          !heldAcks.has(key) &&
          !writingAcks.has(key)
        );
      });
      return { rows: sendable, complete: rows.length < pendingForLimit };
    },

    /**
     * A terminal's result; `at` is when its message reached us. Resolves once it is stored,
     * or kept for a retry.
     */
    result(terminal: RelayTerminal, result: SignalResult, at: number): Promise<void> {
      const key = ackKey(terminal.id, result.id);
      const ack = heldAcks.get(key);
      heldAcks.delete(key);
      // Until it is written, a result counts as an acknowledgement being written (whether or
      // not one was held): no replay of its signal, e.g. by the poll that carries it.
      return writing([key], results.add({ terminal, result, at, ack }));
    },

    beat: heartbeats.beat,
    connected: heartbeats.connected,
    disconnected: heartbeats.disconnected,

    /**
     * Writes the results waiting and the acknowledgements still held, then stops retrying:
     * what Postgres did not take stays in `reports` for the next instance.
     */
    async close() {
      heartbeats.close();
      await drain();
      retry.stop();
    },
  };
}

export type RelayService = ReturnType<typeof createRelayService>;
