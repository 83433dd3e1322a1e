import { z } from 'zod';

/**
 * The notifications API's contracts (GET/PUT /api/notifications, POST /api/notifications/test),
 * shared with the client. A new event is added to `notificationEvents` and to the client's
 * labels; stored values a server does not know are
 * ignored, so old rows keep working.
 */
export const notificationEvents = [
  'signal_failed',
  'rule_triggered',
  'ea_disconnected',
  'executor_refused',
  'quota_warning',
  'quota_exhausted',
  'daily_summary',
] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

export const notificationChannels = ['email', 'telegram', 'discord', 'webhook'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** How a stored secret is shown: this prefix, then at most its last 4 characters. */
export const maskPrefix = '••••••••';

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

export const testInputSchema = z.strictObject({
  channel: z.enum(notificationChannels, { error: 'must be email, telegram, discord or webhook' }),
});

/** What GET and PUT answer: the settings with secrets masked. */
export type SettingsView = {
  events: NotificationEvent[];
  eaOfflineMinutes: number;
  email: { enabled: boolean; address: string };
  telegram: { enabled: boolean; botToken: string | null; chatId: string };
  discord: { enabled: boolean; webhookUrl: string };
  webhook: { enabled: boolean; url: string; secret: string | null };
};

/** What POST /test answers (a channel that is not set up is a 400). */
export type TestReply = { ok: boolean; message: string };
