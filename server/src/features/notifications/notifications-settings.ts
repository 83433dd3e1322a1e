import {
  maskPrefix,
  type NotificationChannel,
  type NotificationEvent,
  notificationEvents,
  type SettingsInput,
  type SettingsView,
} from '@signalrelay/contracts/notifications';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { notificationSettings } from '../../db/schema/notifications.ts';

export type SettingsRow = typeof notificationSettings.$inferSelect;

/** The settings as stored (secrets in full): for the jobs that send, never for the API. */
export async function loadSettings(db: Db, userId: string): Promise<SettingsRow | null> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? null;
}

/** The channels of `row` that are switched on and complete enough to send to. */
export function readyChannels(row: SettingsRow): NotificationChannel[] {
  const ready: NotificationChannel[] = [];
  if (row.emailEnabled) ready.push('email');
  if (row.telegramEnabled && row.telegramBotToken && row.telegramChatId) ready.push('telegram');
  if (row.discordEnabled && row.discordWebhookUrl) ready.push('discord');
  if (row.webhookEnabled && row.webhookUrl && row.webhookSecret) ready.push('webhook');
  return ready;
}

export function eventsOf(row: SettingsRow): Set<NotificationEvent> {
  const known = new Set<string>(notificationEvents);
  return new Set(row.events.filter((e): e is NotificationEvent => known.has(e)));
}

/** A secret as the API shows it: its last 4 characters at most, never more than a quarter. */
export function maskSecret(secret: string | null): string | null {
  if (!secret) return null;
  const shown = secret.length >= 16 ? secret.slice(-4) : '';
  return `${maskPrefix}${shown}`;
}

/** What GET /api/notifications answers: everything, secrets masked. */
export function settingsView(row: SettingsRow | null, emailAddress: string): SettingsView {
  return {
    events: row ? [...eventsOf(row)] : [],
    eaOfflineMinutes: row?.eaOfflineMinutes ?? 5,
    email: { enabled: row?.emailEnabled ?? false, address: emailAddress },
    telegram: {
      enabled: row?.telegramEnabled ?? false,
      botToken: maskSecret(row?.telegramBotToken ?? null),
      chatId: row?.telegramChatId ?? '',
    },
    discord: { enabled: row?.discordEnabled ?? false, webhookUrl: row?.discordWebhookUrl ?? '' },
    webhook: {
      enabled: row?.webhookEnabled ?? false,
      url: row?.webhookUrl ?? '',
      secret: maskSecret(row?.webhookSecret ?? null),
    },
  };
}

const masked = (value: string | null | undefined) =>
  typeof value === 'string' && value.startsWith(maskPrefix);

/** The stored value of a secret after a PUT (see `secretInput`). */
function nextSecret(given: string | null | undefined, stored: string | null): string | null {
  if (given === undefined || masked(given)) return stored;
  return given || null;
}

/** The row to store for `input`, given what was stored before. */
export function rowOf(userId: string, input: SettingsInput, before: SettingsRow | null) {
  return {
    userId,
    events: [...new Set(input.events)],
    eaOfflineMinutes: input.eaOfflineMinutes,
    emailEnabled: input.email.enabled,
    telegramEnabled: input.telegram.enabled,
    telegramBotToken: nextSecret(input.telegram.botToken, before?.telegramBotToken ?? null),
    telegramChatId: input.telegram.chatId || null,
    discordEnabled: input.discord.enabled,
    discordWebhookUrl: input.discord.webhookUrl || null,
    webhookEnabled: input.webhook.enabled,
    webhookUrl: input.webhook.url || null,
    webhookSecret: nextSecret(input.webhook.secret, before?.webhookSecret ?? null),
    updatedAt: new Date(),
  } satisfies SettingsRow;
}
