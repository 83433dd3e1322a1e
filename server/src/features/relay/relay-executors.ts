import { executorRetryMs } from '@signalrelay/contracts/ea-protocol';
import { setNewest } from '../../core/bounded-map.ts';
import type { PublishLive } from '../../core/live-events.ts';
import type { TerminalRef } from '../../core/signal-store.ts';
import {
  type ExecutorLeases,
  executorLeaseKey,
  type LeaseClaim,
} from '../../ports/executor-leases.ts';
import type { TerminalRegistry } from './relay-terminals.ts';

/** What an EA says about itself that matters here (protocol v2 hello or poll). */
export type Instance = {
  account: string;
  instanceId?: string | undefined;
  chart?: string | undefined;
};

/** A lease this server holds for a connection, renewed with its heartbeats. */
export type HeldLease = Omit<LeaseClaim, 'ttlMs' | 'fresh'> & { account: string };

export type RefusalNote = { at: number; chart: string; holderChart: string; account: string };

export type Admission =
  | { refused: false; lease: HeldLease | null }
  | { refused: true; message: string };

/** A refused copy retries every `executorRetryMs`: its refusal is written once a minute. */
const refusalWriteEveryMs = 60_000;

export type ExecutorGateOptions = {
  leases: ExecutorLeases;
  terminals: TerminalRegistry;
  publishLive: PublishLive;
  now: () => number;
  /** Told of a refusal when it is written (notifications). */
  onRefused?: (terminal: TerminalRef, refusal: RefusalNote) => void;
};

/**
 * One executor per license + platform + account (ea/PROTOCOL.md, "One executor per
 * account"). An EA that names its instance holds a lease while it answers heartbeats; a
 * second copy is refused with a message naming the chart that trades, and the refusal is
 * kept on the terminal for the dashboard. v1 EAs send no instance id and are not arbitrated:
 * they cannot understand the refusal.
 */
export function createExecutorGate({
  leases,
  terminals,
  publishLive,
  now,
  onRefused,
}: ExecutorGateOptions) {
  /** When each terminal's last refusal was written. */
  const refusalWritten = new Map<string, number>();

  async function remember(
    terminal: TerminalRef,
    chart: string,
    holderChart: string,
    account: string,
  ) {
    const at = now();
    if (at - (refusalWritten.get(terminal.id) ?? 0) < refusalWriteEveryMs) return;
    setNewest(refusalWritten, terminal.id, at, 10_000);
    await terminals.recordRefusal(terminal, { at, chart, holderChart });
    publishLive(terminal.userId, { type: 'terminals' });
    onRefused?.(terminal, { at, chart, holderChart, account });
  }

  return {
    /**
     * Lets `instance` trade for `ttlMs` from now, or says why not. `session` is this
     * connection: a new one of the same instance takes the lease over at once.
     */
    async admit(
      terminal: TerminalRef,
      instance: Instance,
      session: string,
      ttlMs: number,
    ): Promise<Admission> {
      if (!instance.instanceId) return { refused: false, lease: null };
      const lease: HeldLease = {
        key: executorLeaseKey(terminal.userId, terminal.platform, instance.account),
        instanceId: instance.instanceId,
        session,
        chart: instance.chart || 'a chart',
        account: instance.account,
      };
      const [holder] = await leases.claim([{ ...lease, ttlMs, fresh: true }]);
      if (!holder) return { refused: false, lease };
      await remember(terminal, lease.chart, holder.chart, instance.account);
      return { refused: true, message: refusalMessage(instance.account, holder.chart) };
    },

    /**
     * Extends leases held by live connections, all in one call. For each: null while it is
     * still theirs, else the refusal to give (another copy took over meanwhile, e.g. after
     * Redis lost the lease and that copy asked first).
     */
    async renew(held: readonly HeldLease[], ttlMs: number): Promise<(string | null)[]> {
      const holders = await leases.claim(held.map((lease) => ({ ...lease, ttlMs, fresh: false })));
      return holders.map((holder, i) =>
        holder ? refusalMessage(held[i]!.account, holder.chart) : null,
      );
    },

    /** A clean stop: another copy may trade at once. */
    release(lease: HeldLease) {
      return leases.release(lease.key, lease.session);
    },
  };
}

export function refusalMessage(account: string, holderChart: string): string {
  return (
    `Another SignalRelay EA already trades account ${account} with this license ` +
    `(${holderChart || 'another chart'}). This copy was refused and stays idle so no signal ` +
    `trades twice: remove it, or stop the other one and this one takes over within ` +
    `${executorRetryMs / 1000} s.`
  );
}

export type ExecutorGate = ReturnType<typeof createExecutorGate>;
