import type { Logger } from 'pino';
import type { PublishLive } from './live-events.ts';
import type { Metrics } from './metrics.ts';
import type { GivenUpListener } from './signal-insert.ts';
import { signalEvent } from './signal-view.ts';

/**
 * Tells what became of alerts answered 503 because Postgres did not confirm them in time
 * (`settleGivenUp` in signal-insert.ts): each failed signal goes to its owner's dashboard
 * (and so to the notifier) and to the metrics, as any failed signal does. A signal that was
 * stored and delivered all the same is an error for the log: TradingView's resend of it
 * trades again unless the alert carries an alertId.
 */
export function reportGivenUp(deps: {
  logger: Logger;
  publishLive: PublishLive;
  metrics: Metrics;
}): GivenUpListener {
  const { logger, publishLive, metrics } = deps;
  return {
    recorded({ failed, movedOn }) {
      for (const row of failed) {
        metrics.signalsByStatus.inc({ status: row.status });
        publishLive(row.userId, signalEvent(row));
      }
      if (failed.length > 0) {
        logger.warn(
          { signals: failed.map((row) => row.id) },
          'alerts answered 503 (not confirmed by the database in time) are stored as failed',
        );
      }
      if (movedOn.length > 0) {
        logger.error(
          { signals: movedOn },
          'signals answered 503 were stored after all and had moved on (delivered or blocked) before they could be failed',
        );
      }
    },
    waiting(err, count) {
      logger.warn(
        { err, count },
        'alerts answered 503 could not be recorded as failed yet (the database did not answer); trying again',
      );
    },
    lost(reason, count) {
      logger.error(
        { err: reason, count },
        'alerts answered 503 will not be recorded as failed: they leave no trace, and if their INSERT landed they stay pending',
      );
    },
  };
}
