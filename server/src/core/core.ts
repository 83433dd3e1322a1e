import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps.ts';
import { createNotifier, observedBy } from '../features/notifications/notifications-notifier.ts';
import type { Metrics } from '../http/metrics.ts';
import { createLicenseDirectory } from './license-directory.ts';
import { createLivePublisher } from './live-events.ts';
import { billingConfigured } from './plans.ts';
import { createQuotaDayClock } from './quota-day.ts';
import { createRelayHub } from './relay-hub.ts';
import { createSignalExpiry } from './signal-expiry.ts';
import { createSignalStore } from './signal-store.ts';

/**
 * The services several features share (intake, EA gateway, history, live channel), built once
 * per app from its ports.
 */
export function createCore(deps: AppDeps, metrics: Metrics) {
  const { database, bus, jobs, now, logger } = deps;
  const onBusError = (err: unknown) => logger.warn({ err }, 'bus unavailable');
  const store = createSignalStore(database);
  // Notifications watch what the dashboard is told (signal failed, quota, EA gone) and enqueue
  // their jobs in the background: nothing on the request path waits for them.
  const notifier = createNotifier({
    db: database.db,
    jobs,
    bus,
    now,
    logger,
    minuteMs: deps.config.NOTIFY_MINUTE_MS,
  });
  const publishLive = observedBy(createLivePublisher(bus, onBusError), notifier);
  return {
    store,
    publishLive,
    notifier,
    licenses: createLicenseDirectory({
      db: database.db,
      bus,
      now,
      billing: billingConfigured(deps.config),
    }),
    hub: createRelayHub({ bus, instanceId: randomUUID(), now, onBusError }),
    expiry: createSignalExpiry({
      jobs,
      db: database.db,
      store,
      publishLive,
      metrics,
      now,
      onError: (err) => logger.warn({ err }, 'could not schedule signal expiry'),
    }),
    quotaDay: createQuotaDayClock(),
  };
}

export type Core = ReturnType<typeof createCore>;
