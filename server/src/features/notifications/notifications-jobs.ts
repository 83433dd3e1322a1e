import type { NotificationChannel } from '@signalrelay/contracts/notifications';
import { quotaDayAt } from '@signalrelay/contracts/quota-day';
import { and, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { zerosFor } from '../../db/aggregates.ts';
import { notificationDeliveries, notificationSettings } from '../../db/schema/notifications.ts';
import { signals } from '../../db/schema/signals.ts';
import { users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../deps.ts';
import { connectedWindowMs } from '../relay/relay-heartbeats.ts';
import { PermanentSendError, sendOn } from './notifications-channels.ts';
import {
  dailySummaryKey,
  dailySummaryNotice,
  eaDisconnectedNotice,
  type Notice,
} from './notifications-notices.ts';
import {
  type EaOfflineJobData,
  eaOfflineJob,
  enqueueNotice,
  type NotifyJobData,
  notifyJob,
} from './notifications-notifier.ts';
import { eventsOf, loadSettings, readyChannels } from './notifications-settings.ts';

export const sendJob = 'notify-send';
export const dailySummaryJob = 'notify-daily-summary';
type SendJobData = { userId: string; channel: NotificationChannel; notice: Notice };

/** Delivery rows are kept this long: the rate limit looks back an hour, dedupe a few days. */
const deliveryRetentionMs = 7 * 24 * 3600_000;
const hourMs = 3600_000;

/** A user's signals of one day, as the daily summary counts them. */
const summaryCounts = {
  total: sql<number>`count(*)::int`,
  executed: sql<number>`count(*) filter (where ${signals.status} = 'success' and not ${signals.isTest})::int`,
  failed: sql<number>`count(*) filter (where ${signals.status} in ('failed', 'error') and ${signals.rawBody} is null and not ${signals.isTest})::int`,
  refused: sql<number>`count(*) filter (where ${signals.rawBody} is not null)::int`,
  blocked: sql<number>`count(*) filter (where ${signals.status} = 'quota_blocked')::int`,
  tests: sql<number>`count(*) filter (where ${signals.isTest})::int`,
};

/**
 * The notification jobs (DESIGN: jobs port; BullMQ with a worker in server mode, in-process
 * in embedded mode):
 * - `notify` {userId, notice}: re-reads the settings, applies the per-user hourly limit and
 *   claims one delivery row per ready channel (deduplication: an occurrence is claimed once
 *   per channel, ever), then schedules one `notify-send` per channel claimed, so a failing
 *   channel is retried alone.
 * - `notify-send` {userId, channel, notice}: sends; network errors, 429 and 5xx throw and are
 *   retried with back-off by the jobs port; a refusal retrying cannot fix is logged.
 * - `notify-ea-offline`: runs N minutes after the last EA left; notifies if none came back.
 * - `notify-daily-summary`: hourly; each subscribed user gets yesterday's (New York quota day)
 *   summary once, and old delivery rows are pruned.
 * Secrets never travel in job data: the send job reads them from Postgres.
 */
export function defineNotificationJobs(deps: AppDeps) {
  const { jobs, database, logger, now, config, presence } = deps;
  const { db } = database;
  const channelDeps = {
    mailer: deps.mailer,
    telegramApiBase: config.TELEGRAM_API_BASE,
    allowPrivateUrls: config.NOTIFY_ALLOW_PRIVATE_URLS,
    publicUrl: config.publicUrl,
  };

  jobs.define<NotifyJobData>(notifyJob, async ({ userId, notice }) => {
    const settings = await loadSettings(db, userId);
    if (!settings || notice.event === 'test' || !eventsOf(settings).has(notice.event)) return;
    const channels = readyChannels(settings);
    if (channels.length === 0) return;
    const claimed = await db.transaction(async (tx) => {
      // One user's notices are claimed one at a time, so the hourly limit holds exactly.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notify:${userId}`}))`);
      const [recent] = await tx
        .select({
          occurrences: sql<number>`count(distinct ${notificationDeliveries.eventKey})::int`,
          this: sql<number>`count(*) filter (where ${notificationDeliveries.eventKey} = ${notice.key})::int`,
        })
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.userId, userId),
            gt(notificationDeliveries.createdAt, new Date(now() - hourMs)),
          ),
        );
      if ((recent?.this ?? 0) === 0 && (recent?.occurrences ?? 0) >= config.NOTIFY_MAX_PER_HOUR) {
        logger.warn(
          { userId, event: notice.event, limit: config.NOTIFY_MAX_PER_HOUR },
          'notification dropped: hourly limit reached',
        );
        return [];
      }
      return tx
        .insert(notificationDeliveries)
        .values(
          channels.map((channel) => ({
            userId,
            eventKey: notice.key,
            channel,
            event: notice.event,
            createdAt: new Date(now()),
          })),
        )
        .onConflictDoNothing()
        .returning({ channel: notificationDeliveries.channel });
    });
    for (const { channel } of claimed) {
      await jobs.schedule<SendJobData>(
        sendJob,
        { userId, channel: channel as NotificationChannel, notice },
        { jobId: `${userId}:${notice.key}:${channel}` },
      );
    }
  });

  jobs.define<SendJobData>(sendJob, async ({ userId, channel, notice }) => {
    const settings = await loadSettings(db, userId);
    // Switched off (or emptied) since: nothing to do.
    if (!settings || !readyChannels(settings).includes(channel)) return;
    const [user] = await db
      .select({ email: users.email, verified: users.verified })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return;
    if (channel === 'email' && !user.verified) return;
    try {
      await sendOn(channel, notice, settings, user.email, channelDeps);
      logger.info({ userId, channel, event: notice.event }, 'notification sent');
    } catch (err) {
      if (err instanceof PermanentSendError) {
        logger.warn(
          { userId, channel, event: notice.event, err: err.message },
          'notification refused',
        );
        return;
      }
      throw err;
    }
  });

  jobs.define<EaOfflineJobData>(eaOfflineJob, async ({ userId, lastConnected, minutes }) => {
    const online = await presence.members(userId, now() - connectedWindowMs);
    const lastSeen = await presence.lastSeen(userId);
    // Back since (or another EA still connected): nothing to say.
    if (online.length > 0 || (lastSeen !== null && lastSeen > lastConnected)) return;
    await enqueueNotice(jobs, userId, eaDisconnectedNotice(lastConnected, minutes));
  });

  jobs.define(dailySummaryJob, async () => {
    const today = quotaDayAt(now());
    const day = quotaDayAt(today.startsAt - 1);
    const key = dailySummaryKey(day.day);
    // Users who have had this day's summary are skipped (the job runs hourly).
    const subscribed = await db
      .select()
      .from(notificationSettings)
      .where(
        and(
          sql`'daily_summary' = any(${notificationSettings.events})`,
          sql`not exists (select 1 from ${notificationDeliveries} where ${notificationDeliveries.userId} = ${notificationSettings.userId} and ${notificationDeliveries.eventKey} = ${key})`,
        ),
      );
    for (const settings of subscribed) {
      if (readyChannels(settings).length === 0) continue;
      const [counts] = await db
        .select(summaryCounts)
        .from(signals)
        .where(
          and(
            eq(signals.userId, settings.userId),
            gte(signals.receivedAt, new Date(day.startsAt)),
            lt(signals.receivedAt, new Date(today.startsAt)),
          ),
        );
      await enqueueNotice(
        jobs,
        settings.userId,
        dailySummaryNotice({ day: day.day, ...(counts ?? zerosFor(summaryCounts)) }),
      );
    }
    await db
      .delete(notificationDeliveries)
      .where(lt(notificationDeliveries.createdAt, new Date(now() - deliveryRetentionMs)));
  });

  return {
    start: () => jobs.repeat(dailySummaryJob, hourMs),
  };
}
