import { notificationEvents } from '@signalrelay/contracts/notifications';
import { z } from 'zod';
import type { NotificationEvent, SettingsInput, SettingsView } from './notifications-api.ts';

/**
 * The Notifications form: strings as typed; secrets empty unless the user types a new one. It
 * refuses nothing: the server checks the settings with the contracts' schema and its message is
 * shown in the card of the refused setting.
 */
export const notificationsFormSchema = z.object({
  events: z.array(z.enum(notificationEvents)),
  eaOfflineMinutes: z.string(),
  emailEnabled: z.boolean(),
  telegramEnabled: z.boolean(),
  /** A new bot token; empty keeps the saved one (shown masked as the placeholder). */
  telegramBotToken: z.string(),
  telegramChatId: z.string(),
  discordEnabled: z.boolean(),
  discordWebhookUrl: z.string(),
  webhookEnabled: z.boolean(),
  webhookUrl: z.string(),
  /** A new secret; empty keeps the saved one. */
  webhookSecret: z.string(),
});

export type NotificationsForm = z.infer<typeof notificationsFormSchema>;

/** The events in the order the screen lists them, with what each means. */
export const eventChoices: { event: NotificationEvent; label: string; hint: string }[] = [
  {
    event: 'signal_failed',
    label: 'Signal failed or refused',
    hint: 'The EA could not execute a signal, it expired undelivered, or an alert was refused for its content.',
  },
  {
    event: 'rule_triggered',
    label: 'Rule triggered',
    hint: 'One of your account rules (Rules tab) stopped a signal: max lot, trading hours, allowed symbols or daily trades.',
  },
  {
    event: 'ea_disconnected',
    label: 'EA disconnected',
    hint: 'No EA has been connected for the number of minutes below.',
  },
  {
    event: 'executor_refused',
    label: 'Second EA refused',
    hint: 'A second copy of the EA tried to trade an account another copy already trades.',
  },
  {
    event: 'quota_warning',
    label: 'Daily quota at 90%',
    hint: '90% of the signals your plan allows today are used.',
  },
  {
    event: 'quota_exhausted',
    label: 'Daily quota exhausted',
    hint: 'Further alerts today are kept in Signal History but not sent to the EA.',
  },
  {
    event: 'daily_summary',
    label: 'Daily summary',
    hint: "Yesterday's alerts by result, sent after midnight New York time.",
  },
];

export function formOf(view: SettingsView): NotificationsForm {
  return {
    // In the screen's order, as the ticked boxes give them back.
    events: eventChoices.map((c) => c.event).filter((event) => view.events.includes(event)),
    eaOfflineMinutes: String(view.eaOfflineMinutes),
    emailEnabled: view.email.enabled,
    telegramEnabled: view.telegram.enabled,
    telegramBotToken: '',
    telegramChatId: view.telegram.chatId,
    discordEnabled: view.discord.enabled,
    discordWebhookUrl: view.discord.webhookUrl,
    webhookEnabled: view.webhook.enabled,
    webhookUrl: view.webhook.url,
    webhookSecret: '',
  };
}

/** The PUT body: an empty secret field is left out, so the saved secret stays. */
export function inputOf(form: NotificationsForm): SettingsInput {
  const minutes = Number(form.eaOfflineMinutes.trim());
  return {
    events: form.events,
    eaOfflineMinutes: form.eaOfflineMinutes.trim() === '' ? Number.NaN : minutes,
    email: { enabled: form.emailEnabled },
    telegram: {
      enabled: form.telegramEnabled,
      chatId: form.telegramChatId.trim(),
      ...(form.telegramBotToken.trim() ? { botToken: form.telegramBotToken.trim() } : {}),
    },
    discord: { enabled: form.discordEnabled, webhookUrl: form.discordWebhookUrl.trim() },
    webhook: {
      enabled: form.webhookEnabled,
      url: form.webhookUrl.trim(),
      ...(form.webhookSecret.trim() ? { secret: form.webhookSecret.trim() } : {}),
    },
  };
}

/** A webhook secret for the user to copy to their receiver: 32 random bytes, hex. */
export function generateSecret() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
