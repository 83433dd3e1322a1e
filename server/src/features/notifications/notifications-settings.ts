import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/db.ts';
import {
  type NotificationChannel,
  type NotificationEvent,
  notificationEvents,
  notificationSettings,
} from '../../db/schema/notifications.ts';

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

const maskPrefix = '••••••••';

/** A secret as the API shows it: its last 4 characters at most, never more than a quarter. */
export function maskSecret(secret: string | null): string | null {
  if (!secret) return null;
  const shown = secret.length >= 16 ? secret.slice(-4) : '';
  return `${maskPrefix}${shown}`;
}

/** What GET /api/notifications answers: everything, secrets masked. */
export function settingsView(row: SettingsRow | null, emailAddress: string) {
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
export type SettingsView = ReturnType<typeof settingsView>;

/**
 * A secret in PUT: omitted (or the masked value sent back unchanged) keeps the stored one,
 * `null` or "" removes it, anything else replaces it.
 */
const secretInput = (schema: z.ZodString) =>
  z
    .string({ error: 'must be text or null' })
    .trim()
    .nullable()
    .optional()
    .superRefine((value, ctx) => {
      if (value === null || value === undefined || value === '' || value.startsWith(maskPrefix)) {
        return;
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          message: parsed.error.issues[0]?.message ?? 'is not valid',
        });
      }
    });

const url = z.string().trim().max(2000, 'must be at most 2000 characters');

export const settingsInputSchema = z.strictObject({
  events: z.array(z.enum(notificationEvents, { error: 'is not a known event' })).max(20),
  eaOfflineMinutes: z
    .number({ error: 'must be a number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1 minute')
    .max(1440, 'must be at most 1440 minutes (a day)'),
  // `address` is shown, not set: e-mails go to the account's own address.
  email: z.strictObject({ enabled: z.boolean(), address: z.string().optional() }),
  telegram: z.strictObject({
    enabled: z.boolean(),
    botToken: secretInput(
      z
        .string()
        .trim()
        .regex(
          /^\d{3,20}:[\w-]{20,100}$/,
          'is not a Telegram bot token (123456789:ABC…, as @BotFather gives it)',
        ),
    ),
    chatId: z
      .string()
      .trim()
      .regex(/^(-?\d{1,20}|@\w{5,64})?$/, 'must be a numeric chat id or an @channel name'),
  }),
  discord: z.strictObject({
    enabled: z.boolean(),
    webhookUrl: z.union([
      z.literal(''),
      url.regex(
        /^https?:\/\/[^/]+\/api\/webhooks\/\d+\/[\w-]+\/?$/,
        'must be a Discord webhook URL (…/api/webhooks/<id>/<token>)',
      ),
    ]),
  }),
  webhook: z.strictObject({
    enabled: z.boolean(),
    url: z.union([z.literal(''), url.regex(/^https?:\/\//, 'must start with https:// or http://')]),
    secret: secretInput(
      z
        .string()
        .trim()
        .min(16, 'must be at least 16 characters')
        .max(200, 'must be at most 200 characters'),
    ),
  }),
});
export type SettingsInput = z.infer<typeof settingsInputSchema>;

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
