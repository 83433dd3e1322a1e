import type { SignalResult } from '@signalrelay/contracts/ea-protocol';
import { createRecordRetry } from '../../core/record-retry.ts';
import type { Ack } from '../../core/signal-store.ts';
import { isPermanent } from '../../db/db-errors.ts';
import type { RecordQueue } from '../../ports/record-queue.ts';
import type { RelayTerminal } from './relay-terminals.ts';

/** A terminal's acknowledgement of a signal, as the relay holds it until it is written. */
export type HeldAck = Ack & { terminal: RelayTerminal; transport: 'ws' | 'poll' };
/** A terminal's result, with its acknowledgement if that was still held. */
export type HeldResult = {
  terminal: RelayTerminal;
  result: SignalResult;
  at: number;
  ack: HeldAck | undefined;
};

/** One write of what EAs reported: a batch of acknowledgements, or one result. */
export type EaReport = { received: HeldAck[] } | { result: HeldResult };

function decode(record: string): EaReport {
  const report = JSON.parse(record) as Partial<{ received: unknown; result: unknown }>;
  if (Array.isArray(report.received) || (report.result && typeof report.result === 'object')) {
    return report as EaReport;
  }
  throw new Error(`not an EA report: ${record.slice(0, 80)}`);
}

/**
 * What EAs reported that Postgres did not take (it was unreachable): an EA sends each
 * acknowledgement and result once (on a WebSocket it believes the server has it), so dropping
 * one would leave a traded signal "not transferred", or "no result" once its TTL is past.
 * They wait in `queue` and are written, in arrival order, once Postgres answers again: by this
 * instance or, with Redis, by whichever runs next, so that a deploy during an outage loses
 * none. Every write is idempotent (the first acknowledgement and the first result win).
 * `write` is the relay's own (statement and dashboard update), so a report written late
 * shows as one written at once does.
 */
export function createReportRetry({
  queue,
  write,
  onLost,
}: {
  queue: RecordQueue;
  write: (report: EaReport) => Promise<void>;
  onLost: (reason: unknown, count: number) => void;
}) {
  /** Whether a write that threw may succeed later; data Postgres refused is lost, and said. */
  const retriable = (err: unknown) => {
    if (!isPermanent(err)) return true;
    onLost(err, 1);
    return false;
  };
  const retry = createRecordRetry<EaReport>({
    queue,
    encode: (report) => JSON.stringify(report),
    decode,
    async write(reports) {
      for (const [i, report] of reports.entries()) {
        try {
          await write(report);
        } catch (err) {
          // Still away: this one and those after it wait, in their order.
          if (retriable(err)) return reports.slice(i);
        }
      }
      return [];
    },
    onLost,
  });
  return {
    /**
     * Awaits `write` of `report` (never rejects): if Postgres does not take it now, `report`
     * waits in the queue; data Postgres refuses is given up, and said.
     */
    async orKeep(write: Promise<void>, report: () => EaReport): Promise<void> {
      try {
        await write;
      } catch (err) {
        if (retriable(err)) await retry.add([report()]);
      }
    },
    /** Stops looking at the queue; what waits stays there, for the next instance. */
    stop: retry.stop,
  };
}
