import { createLivePublisher } from './core/live-events.ts';
import { createMetrics } from './core/metrics.ts';
import { createSignalExpiry } from './core/signal-expiry.ts';
import { createSignalStore } from './core/signal-store.ts';
import type { AppDeps } from './deps.ts';
import { defineAuthMailJobs } from './features/auth/auth-mail-jobs.ts';
import { defineBillingMailJobs } from './features/billing/billing-mail-jobs.ts';
import { defineBillingReconcile } from './features/billing/billing-reconcile.ts';
import { defineNotificationJobs } from './features/notifications/notifications-jobs.ts';
import { createNotifier, observedBy } from './features/notifications/notifications-notifier.ts';
import { defineOrderPruning } from './features/orders/orders-retention.ts';
import { createMemoryRecordQueue } from './ports/record-queue-memory.ts';

/**
 * Registers every background job and starts processing. The server calls this itself in
 * single-process mode (RUN_JOBS=true, always the case without Redis); the worker process
 * (`worker.ts`) runs it alone.
 */
export async function startJobs(deps: AppDeps) {
  const { jobs, logger, now } = deps;
  const notifier = createNotifier({
    db: deps.database.db,
    jobs,
    bus: deps.bus,
    now,
    logger,
    minuteMs: deps.config.NOTIFY_MINUTE_MS,
  });
  // Settings saved on any instance reach this process's cache (until the bus closes).
  await notifier.listen();
  const expiry = createSignalExpiry({
    jobs,
    db: deps.database.db,
    // Expiry only: this store inserts nothing, so it has no records of its own to keep, and
    // the HTTP process writes the queue's (with its dashboard events).
    store: createSignalStore(deps.database, { records: createMemoryRecordQueue() }),
    // Expired signals become failed here: the notifier hears of them too.
    publishLive: observedBy(
      createLivePublisher(deps.bus, (err) => logger.warn({ err }, 'bus unavailable')),
      notifier,
    ),
    // Job-side counters; the HTTP process exports its own registry on /metrics.
    metrics: createMetrics(),
    now,
    onError: (err) => logger.warn({ err }, 'signal expiry scheduling failed'),
  });
  expiry.define();
  defineAuthMailJobs(deps);
  defineBillingMailJobs(deps);
  const billingReconcile = defineBillingReconcile(deps);
  const orderPruning = defineOrderPruning(deps);
  const notifications = defineNotificationJobs(deps);
  await jobs.start();
  await expiry.startSweeping();
  await orderPruning.start();
  await billingReconcile.start();
  await notifications.start();
}
