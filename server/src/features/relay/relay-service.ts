import type { SignalResult } from '@signalrelay/bridge/protocol';
import type { PublishLive } from '../../core/live-events.ts';
import type { SignalStore, TerminalRef } from '../../core/signal-store.ts';
import { toSignalView } from '../../core/signal-view.ts';
import type { Metrics } from '../../http/metrics.ts';
import type { Presence } from '../../ports/presence.ts';
import { createWriteRetry } from './relay-retry.ts';

/** A terminal counts as connected for this long after its last heartbeat (EA-PROTOCOL.md). */
export const connectedWindowMs = 5000;
/** Heartbeats closer together than this are not written again. */
const beatEveryMs = 1000;
/** Beyond this many terminals in the heartbeat table, stale entries are pruned. */
const maxTrackedTerminals = 50_000;

type Deps = {
  store: SignalStore;
  presence: Presence;
  publishLive: PublishLive;
  metrics: Metrics;
  now: () => number;
  onError: (err: unknown) => void;
};

/**
 * What both transports do with a terminal's messages: acknowledgements, results, heartbeats
 * and connection state, each reflected on the owner's dashboard. Acknowledgements and results
 * that cannot be stored (Postgres away) are kept and stored when it is back.
 */
export function createRelayService({ store, presence, publishLive, metrics, now, onError }: Deps) {
  const retry = createWriteRetry({
    now,
    onGiveUp: (err, count) =>
      onError(new Error(`gave up storing ${count} EA message(s)`, { cause: err })),
  });

  const lastBeatAt = new Map<string, number>();

  async function announceConnection(userId: string) {
    const lastConnected = await presence.lastSeen(userId);
    const online = await presence.members(userId, now() - connectedWindowMs);
    publishLive(userId, { type: 'ea', connected: online.length > 0, lastConnected });
  }

  return {
    /** The terminal acknowledged a signal; `at` is when its message reached us. */
    async received(terminal: TerminalRef, signalId: string, at: number, transport: 'ws' | 'poll') {
      await retry.run(async () => {
        const row = await store.recordReceived(terminal, signalId, at);
        if (!row) return;
        metrics.deliveryLatency.observe(
          { transport },
          (row.deliveredAt?.getTime() ?? at) - row.receivedAt.getTime(),
        );
        // The dashboard shows "delivered" before the EA's result arrives.
        publishLive(terminal.userId, { type: 'signal', signal: toSignalView(row) });
      });
    },

    /** Signals written into a long-poll reply at `at`: that is their delivery time. */
    async handedOver(signalIds: string[], at: number) {
      for (const row of await store.markDelivered(signalIds, at)) {
        metrics.deliveryLatency.observe({ transport: 'poll' }, at - row.receivedAt.getTime());
        publishLive(row.userId, { type: 'signal', signal: toSignalView(row) });
      }
    },

    /** A terminal's result; `at` is when its message reached us. */
    async result(terminal: TerminalRef, result: SignalResult, at: number) {
      await retry.run(async () => {
        const row = await store.recordResult(terminal, result, at);
        if (!row) return;
        if (row.executedAt) {
          metrics.executionLatency.observe(row.executedAt.getTime() - row.receivedAt.getTime());
        }
        metrics.signalsByStatus.inc({ status: row.status });
        publishLive(terminal.userId, { type: 'signal', signal: toSignalView(row) });
      });
    },

    /**
     * A heartbeat (ping frame or poll). Written at most once a second per terminal: an EA
     * pinging in a loop must not turn into a flood of Redis commands.
     */
    beat(terminal: TerminalRef) {
      const t = now();
      if (t - (lastBeatAt.get(terminal.id) ?? Number.NEGATIVE_INFINITY) < beatEveryMs) return;
      lastBeatAt.set(terminal.id, t);
      if (lastBeatAt.size > maxTrackedTerminals) {
        for (const [id, at] of lastBeatAt) if (t - at >= beatEveryMs) lastBeatAt.delete(id);
      }
      presence.beat(terminal.userId, terminal.id, t).catch(onError);
    },

    async connected(terminal: TerminalRef) {
      await presence.beat(terminal.userId, terminal.id, now());
      await announceConnection(terminal.userId);
    },

    async disconnected(terminal: TerminalRef) {
      lastBeatAt.delete(terminal.id);
      await presence.leave(terminal.userId, terminal.id, now());
      await announceConnection(terminal.userId);
    },

    close() {
      retry.close();
    },
  };
}

export type RelayService = ReturnType<typeof createRelayService>;
