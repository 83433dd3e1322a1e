import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { ownerColumn, ownerKeyColumn } from './users.ts';

/** One row per user who saved notification settings; no row means nothing is sent. */
export const notificationSettings = pgTable('notification_settings', {
  userId: ownerKeyColumn(),
  /** The chosen events (features/notifications `notificationEvents`), sent to every ready channel. */
  events: text('events').array().notNull().default(sql`'{}'::text[]`),
  /** "EA disconnected" fires when no EA has been connected for this many minutes. */
  eaOfflineMinutes: integer('ea_offline_minutes').notNull().default(5),
  /** To the account's own (verified) address: never to an address typed here. */
  emailEnabled: boolean('email_enabled').notNull().default(false),
  telegramEnabled: boolean('telegram_enabled').notNull().default(false),
  /** Secret: never returned in full by the API. */
  telegramBotToken: text('telegram_bot_token'),
  telegramChatId: text('telegram_chat_id'),
  discordEnabled: boolean('discord_enabled').notNull().default(false),
  discordWebhookUrl: text('discord_webhook_url'),
  webhookEnabled: boolean('webhook_enabled').notNull().default(false),
  webhookUrl: text('webhook_url'),
  /** HMAC-SHA256 key of the signed webhook. Secret: never returned in full by the API. */
  webhookSecret: text('webhook_secret'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * Each notification sent (or being sent), per event occurrence and channel: makes delivery
 * idempotent (a retried or duplicated job finds its row) and counts towards the per-user rate
 * limit. Rows older than a few days are pruned by the daily summary job.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    userId: ownerColumn(),
    /** The occurrence, e.g. `signal_failed:<signal id>` or `quota_warning:<day>`. */
    eventKey: text('event_key').notNull(),
    channel: text('channel').notNull(),
    event: text('event').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.eventKey, t.channel] }),
    index('notification_deliveries_user_created_idx').on(t.userId, t.createdAt),
  ],
);
