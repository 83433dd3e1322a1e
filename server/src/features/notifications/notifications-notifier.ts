import type { LiveEvent } from '@signalrelay/contracts/live';
import type { NotificationEvent } from '@signalrelay/contracts/notifications';
import type { Logger } from 'pino';
import { setNewest } from '../../core/bounded-map.ts';
import { isLazySignal, type LazySignalEvent, type PublishLive } from '../../core/live-events.ts';
import { createRefreshingCache } from '../../core/refreshing-cache.ts';
import type { TerminalRef } from '../../core/signal-store.ts';
import { createConcurrencyLimit } from '../../core/throttle.ts';
import type { Db } from '../../db/db.ts';
import type { Bus } from '../../ports/bus.ts';
import type { Jobs } from '../../ports/jobs.ts';
import {
  executorRefusedNotice,
  type Notice,
  quotaNotice,
  ruleTriggeredNotice,
  signalFailedNotice,
} from './notifications-notices.ts';
import { eventsOf, loadSettings, readyChannels } from './notifications-settings.ts';

/** Job names (features/notifications/notifications-jobs.ts defines them). */
export const notifyJob = 'notify';
export const eaOfflineJob = 'notify-ea-offline';

/** Bus channel: a user's notification settings changed (the message is the user id). */
export const notificationSettingsChannel = 'notification-settings';

export type NotifyJobData = { userId: string; notice: Notice };
export type EaOfflineJobData = { userId: string; lastConnected: number; minutes: number };

/** What the notifier keeps of a user's settings: enough to decide whether to enqueue. */
type Interest = { events: Set<NotificationEvent>; channels: number; eaOfflineMinutes: number };

/**
 * How long a user's settings are trusted without a change message (another instance's PUT);
 * then they are read again in the background, the event at hand still decided on them.
 */
const cacheTtlMs = 30_000;
const cacheMaxUsers = 50_000;
/**
 * Users' settings read at once. A mass disconnect (a network cut, this instance stopping)
 * announces thousands of EAs offline in one moment; read all at once, their settings took
 * every database connection (`connections` bench, 12,000 EAs: 9,940 reads failed at the
 * pool's wait), and the request path's statements (alerts still being stored) queued behind
 * them.
 */
const settingsReadsAtOnce = 4;
/** Notices one user may enqueue per minute from this process (a flood stays out of Redis). */
const enqueuePerMinute = 30;

/** A signal a notification may be about: a real one that failed or was refused. */
const notifiable = (signal: LazySignalEvent['signal']) =>
  !signal.isTest && (signal.status === 'failed' || signal.status === 'error');

/** Schedules a notice; the job id makes a second schedule of the same occurrence a no-op. */
export function enqueueNotice(jobs: Jobs, userId: string, notice: Notice) {
  return jobs.schedule<NotifyJobData>(
    notifyJob,
    { userId, notice },
    { jobId: `${userId}:${notice.key}` },
  );
}

/**
 * Watches what the app already tells the dashboard (live events) and the executor gate, and
 * enqueues a notification job when the user has a channel subscribed to that event. Called on
 * the request path, it never waits and never throws: the first event of a user not in the
 * cache loads their settings in the background, then decides.
 */
export function createNotifier(deps: {
  db: Db;
  jobs: Jobs;
  bus: Bus;
  now: () => number;
  logger: Logger;
  /** One "minute" of the EA-offline delay; tests shorten it (NOTIFY_MINUTE_MS). */
  minuteMs?: number;
}) {
  const { db, jobs, bus, now, logger, minuteMs = 60_000 } = deps;
  const budget = new Map<string, { minute: number; count: number }>();
  const reads = createConcurrencyLimit(settingsReadsAtOnce);
  let stopped = false;

  async function load(userId: string): Promise<Interest> {
    // Once stopped, reads still queued are not made: the database is closing.
    const row = await reads(async () => (stopped ? null : loadSettings(db, userId)));
    if (!row) return { events: new Set(), channels: 0, eaOfflineMinutes: 5 };
    return {
      events: eventsOf(row),
      channels: readyChannels(row).length,
      eaOfflineMinutes: row.eaOfflineMinutes,
    };
  }

  const interests = createRefreshingCache({
    load,
    ttlMs: () => cacheTtlMs,
    maxEntries: cacheMaxUsers,
    now,
  });

  function withinBudget(userId: string) {
    const minute = Math.floor(now() / 60_000);
    const entry = budget.get(userId);
    if (!entry || entry.minute !== minute) {
      setNewest(budget, userId, { minute, count: 1 }, cacheMaxUsers);
      return true;
    }
    entry.count += 1;
    return entry.count <= enqueuePerMinute;
  }

  /** Runs `then` in the background when `userId` wants `event` on at least one channel. */
  function whenWanted(
    userId: string,
    event: NotificationEvent,
    then: (interest: Interest) => Promise<unknown>,
  ) {
    if (stopped) return;
    interests
      .get(userId)
      .then((interest) => {
        if (stopped || interest.channels === 0 || !interest.events.has(event)) return;
        if (!withinBudget(userId)) {
          logger.warn({ userId, event }, 'notification not enqueued: too many this minute');
          return;
        }
        return then(interest);
      })
      .catch((err) => logger.warn({ err, userId, event }, 'could not enqueue a notification'));
  }

  const notify = (userId: string, event: NotificationEvent, notice: () => Notice) =>
    whenWanted(userId, event, () => enqueueNotice(jobs, userId, notice()));

  return {
    /** Every live event passes here (`observedBy`, wired in app.ts); only a few kinds matter. */
    observe(userId: string, event: LiveEvent) {
      switch (event.type) {
        case 'signal': {
          const { signal } = event;
          if (!notifiable(signal)) return;
          const { rule } = signal;
          if (rule)
            notify(userId, 'rule_triggered', () => ruleTriggeredNotice({ ...signal, rule }));
          else notify(userId, 'signal_failed', () => signalFailedNotice(signal));
          return;
        }
        case 'quota': {
          const { used, limit, resetsAt } = event;
          if (limit <= 0) return;
          if (used >= limit) {
            notify(userId, 'quota_exhausted', () =>
              quotaNotice('quota_exhausted', { used, limit, resetsAt }),
            );
          } else if (used >= limit * 0.9) {
            notify(userId, 'quota_warning', () =>
              quotaNotice('quota_warning', { used, limit, resetsAt }),
            );
          }
          return;
        }
        case 'ea': {
          if (event.connected || event.lastConnected === null) return;
          const lastConnected = event.lastConnected;
          whenWanted(userId, 'ea_disconnected', ({ eaOfflineMinutes }) =>
            jobs.schedule<EaOfflineJobData>(
              eaOfflineJob,
              { userId, lastConnected, minutes: eaOfflineMinutes },
              { delayMs: eaOfflineMinutes * minuteMs, jobId: `${userId}:${lastConnected}` },
            ),
          );
          return;
        }
        default:
          return;
      }
    },

    /** A second EA was refused (relay-executors.ts, at most once a minute per terminal). */
    executorRefused(
      terminal: TerminalRef,
      refusal: { at: number; chart: string; holderChart: string; account: string },
    ) {
      notify(terminal.userId, 'executor_refused', () => executorRefusedNotice(terminal, refusal));
    },

    /** Drops a user's cached settings here and, through the bus, on every other instance. */
    forget(userId: string) {
      interests.delete(userId);
      bus
        .publish(notificationSettingsChannel, userId)
        .catch((err) => logger.warn({ err }, 'bus unavailable'));
    },

    /**
     * This instance is stopping. The EAs it now closes (1012) reconnect to another one, so their
     * going is no "EA disconnected"; and thousands of them at once would read as many users'
     * settings while the alerts still being stored need the database. Nothing is read or
     * enqueued from here on.
     */
    stop() {
      stopped = true;
    },

    /** Listens for other instances' settings changes; returns the unsubscribe function. */
    listen() {
      return bus.subscribe(notificationSettingsChannel, (userId) => interests.delete(userId));
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;

/**
 * A live publisher that also shows each event to the notifier. The notifier needs the event
 * whether or not a dashboard listens, so a lazily built one is built here, once; unless it is
 * a signal's (`signalEvent`) no notification is about, which stays lazy (most signals).
 */
export function observedBy(
  publish: (userId: string, event: LiveEvent | (() => LiveEvent)) => void,
  notifier: Notifier,
): PublishLive {
  return (userId, event) => {
    if (isLazySignal(event) && !notifiable(event.signal)) {
      publish(userId, event);
      return;
    }
    const built = typeof event === 'function' ? event() : event;
    publish(userId, built);
    notifier.observe(userId, built);
  };
}
