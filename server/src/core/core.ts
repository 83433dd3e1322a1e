import { randomUUID } from 'node:crypto';
import { createQuotaDayClock } from '@signalrelay/contracts/quota-day';
import type { AppDeps } from '../deps.ts';
import { createAlertsUnderWay } from './alerts-under-way.ts';
import { reportGivenUp } from './given-up-report.ts';
import { createLicenseDirectory } from './license-directory.ts';
import { createLivePublisher, type PublishLive } from './live-events.ts';
import type { Metrics } from './metrics.ts';
import { billingConfigured } from './plans.ts';
import { createRelayHub } from './relay-hub.ts';
import { createSignalExpiry } from './signal-expiry.ts';
import { createSignalStore } from './signal-store.ts';

type CoreOptions = {
  /**
   * Lets a feature see every dashboard event as it is published (the notifications watch for
   * failed signals, quota and EAs gone) without core knowing about it.
   */
  wrapLive?: (publish: PublishLive) => PublishLive;
};

/**
 * The services several features share (intake, EA gateway, history, live channel), built once
 * per app from its ports.
 */
export function createCore(deps: AppDeps, metrics: Metrics, { wrapLive }: CoreOptions = {}) {
  const { database, bus, jobs, now, logger } = deps;
  const onBusError = (err: unknown) => logger.warn({ err }, 'bus unavailable');
  const live = createLivePublisher(bus, onBusError);
  const publishLive = wrapLive ? wrapLive(live) : live;
  const store = createSignalStore(database, {
    records: deps.records,
    givenUp: reportGivenUp({ logger, publishLive, metrics }),
  });
  return {
    store,
    publishLive,
    licenses: createLicenseDirectory({
      database,
      bus,
      now,
      billing: billingConfigured(deps.config),
    }),
    hub: createRelayHub({ bus, instanceId: randomUUID(), now, onBusError }),
    underWay: createAlertsUnderWay(),
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
