import { settingsInputSchema, testInputSchema } from '@signalrelay/contracts/notifications';
import type { FastifyInstance } from 'fastify';
import { notificationSettings } from '../../db/schema/notifications.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { requireSameOrigin, requireUser, signedInUser } from '../../http/auth-guards.ts';
import { parseInput } from '../../http/validate.ts';
import { PermanentSendError, sendOn } from './notifications-channels.ts';
import { checkOutgoingUrl, OutgoingUrlError } from './notifications-http.ts';
import { testNotice } from './notifications-notices.ts';
import type { Notifier } from './notifications-notifier.ts';
import {
  loadSettings,
  readyChannels,
  rowOf,
  type SettingsRow,
  settingsView,
} from './notifications-settings.ts';

type Options = { deps: AppDeps; notifier: Notifier };

const channelNames = {
  email: 'E-mail',
  telegram: 'Telegram',
  discord: 'Discord',
  webhook: 'Webhook',
};

/** A channel switched on must be complete; a URL must be allowed (public, unless configured). */
async function checkRow(row: ReturnType<typeof rowOf>, allowPrivate: boolean) {
  const bad = (field: string, message: string) => {
    throw new AppError('BAD_REQUEST', `${field}: ${message}`, { field });
  };
  if (row.telegramEnabled && !(row.telegramBotToken && row.telegramChatId)) {
    bad('telegram', 'needs a bot token and a chat id to be switched on');
  }
  if (row.discordEnabled && !row.discordWebhookUrl) {
    bad('discord.webhookUrl', 'is needed to switch Discord on');
  }
  if (row.webhookEnabled && !(row.webhookUrl && row.webhookSecret)) {
    bad('webhook', 'needs a URL and a secret to be switched on');
  }
  for (const [field, url] of [
    ['discord.webhookUrl', row.discordWebhookUrl],
    ['webhook.url', row.webhookUrl],
  ] as const) {
    if (!url) continue;
    try {
      await checkOutgoingUrl(url, { allowPrivate });
    } catch (err) {
      if (err instanceof OutgoingUrlError) bad(field, err.message);
      throw err;
    }
  }
}

/**
 * /api/notifications: the signed-in user's channels and events (GET, PUT) and a test message
 * on one channel (POST /test), sent at once so the answer says whether it arrived.
 */
export default async function notificationsRoutes(
  app: FastifyInstance,
  { deps, notifier }: Options,
) {
  const { db } = deps.database;
  const allowPrivate = deps.config.NOTIFY_ALLOW_PRIVATE_URLS;

  app.get('/', { preHandler: [requireUser] }, async (request) => {
    const user = signedInUser(request);
    return settingsView(await loadSettings(db, user.id), user.email);
  });

  app.put('/', { preHandler: [requireSameOrigin, requireUser] }, async (request) => {
    const user = signedInUser(request);
    const input = parseInput(settingsInputSchema, request.body);
    const before = await loadSettings(db, user.id);
    const row = rowOf(user.id, input, before);
    await checkRow(row, allowPrivate);
    const [saved] = await db
      .insert(notificationSettings)
      .values(row)
      .onConflictDoUpdate({ target: notificationSettings.userId, set: row })
      .returning();
    notifier.forget(user.id);
    request.log.info(
      { userId: user.id, channels: readyChannels(saved as SettingsRow) },
      'notification settings saved',
    );
    return settingsView(saved ?? null, user.email);
  });

  app.post(
    '/test',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      preHandler: [requireSameOrigin, requireUser],
    },
    async (request) => {
      const user = signedInUser(request);
      const { channel } = parseInput(testInputSchema, request.body);
      const settings = await loadSettings(db, user.id);
      const configured =
        channel === 'email' ||
        (settings !== null &&
          readyChannels({ ...settings, [`${channel}Enabled`]: true } as SettingsRow).includes(
            channel,
          ));
      if (!configured) {
        throw new AppError(
          'BAD_REQUEST',
          `${channelNames[channel]} is not set up yet: fill it in and save, then send a test.`,
          { field: 'channel' },
        );
      }
      const row = settings ?? rowOf(user.id, emptyInput, null);
      try {
        await sendOn(channel, testNotice(channel), row, user.email, {
          mailer: deps.mailer,
          telegramApiBase: deps.config.TELEGRAM_API_BASE,
          allowPrivateUrls: allowPrivate,
          publicUrl: deps.config.publicUrl,
        });
      } catch (err) {
        const reason =
          err instanceof PermanentSendError ? err.message : `${(err as Error).message}`;
        request.log.info({ userId: user.id, channel, err: reason }, 'test notification failed');
        return { ok: false, message: `${channelNames[channel]} test failed: ${reason}` };
      }
      const where = channel === 'email' ? ` to ${user.email}` : '';
      return {
        ok: true,
        message: `${channelNames[channel]} test sent${where}. Check that it arrived.`,
      };
    },
  );
}

const emptyInput = settingsInputSchema.parse({
  events: [],
  eaOfflineMinutes: 5,
  email: { enabled: false },
  telegram: { enabled: false, chatId: '' },
  discord: { enabled: false, webhookUrl: '' },
  webhook: { enabled: false, url: '' },
});
