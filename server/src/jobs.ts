import { createLivePublisher } from './core/live-events.ts';
import { createMetrics } from './core/metrics.ts';
import { createSignalExpiry } from './core/signal-expiry.ts';
import { createSignalStore } from './core/signal-store.ts';
import type { AppDeps } from './deps.ts';
import { defineAuthMailJobs } from './features/auth/auth-mail-jobs.ts';
import { defineBillingMailJobs } from './features/billing/billing-mail-jobs.ts';
import { defineBillingReconcile } from './features/billing/billing-reconcile.ts';
import { defineOrderPruning } from './features/orders/orders-retention.ts';

/**
 * Registers every background job and starts processing. The server calls this itself in
 * single-process mode (RUN_JOBS=true, always the case without Redis); the worker process
 * (`worker.ts`) runs it alone.
 */
export async function startJobs(deps: AppDeps) {
  const { jobs, logger, now } = deps;
  const expiry = createSignalExpiry({
    jobs,
    store: createSignalStore(deps.database),
    publishLive: createLivePublisher(deps.bus, (err) => logger.warn({ err }, 'bus unavailable')),
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
  await jobs.start();
  await expiry.startSweeping();
  await orderPruning.start();
  await billingReconcile.start();
}
