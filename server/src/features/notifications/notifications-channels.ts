import { createHmac } from 'node:crypto';
import type { NotificationChannel } from '@signalrelay/contracts/notifications';
import { sha256 } from '../../core/tokens.ts';
import type { Mailer } from '../../ports/mailer.ts';
import { type HttpAnswer, OutgoingUrlError, postJson } from './notifications-http.ts';
import type { Notice } from './notifications-notices.ts';
import type { SettingsRow } from './notifications-settings.ts';

/**
 * A failure retrying cannot fix (the destination refused the request as such: a wrong token,
 * a deleted webhook, a private address). Anything else (network, timeout, 429, 5xx) is
 * thrown as a plain Error and the job is retried with back-off.
 */
export class PermanentSendError extends Error {
  override readonly name = 'PermanentSendError';
}

export type ChannelDeps = {
  mailer: Mailer;
  telegramApiBase: string;
  allowPrivateUrls: boolean;
  publicUrl: string;
};

/** The signed webhook's headers (documented in docs "Notifications"). */
export const signatureHeaders = {
  event: 'x-signalrelay-event',
  delivery: 'x-signalrelay-delivery',
  timestamp: 'x-signalrelay-timestamp',
  signature: 'x-signalrelay-signature',
} as const;

/**
 * `v1=` + hex HMAC-SHA256, keyed with the user's secret, of `<timestamp>.<raw body>`: the
 * timestamp (Unix seconds, also in its own header) is signed with the body so a receiver can
 * refuse old deliveries (replays) by checking it is within 5 minutes of its clock.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a refusing API said: Telegram's `description`, Discord's `message`, else the text. */
function reasonIn(body: string): string {
  try {
    const parsed = JSON.parse(body) as { description?: unknown; message?: unknown };
    const reason = parsed.description ?? parsed.message;
    if (typeof reason === 'string') return reason;
  } catch {}
  return body.slice(0, 200);
}

function judge(answer: HttpAnswer, what: string) {
  if (answer.status >= 200 && answer.status < 300) return;
  const reason = answer.body ? reasonIn(answer.body) : '';
  const detail = `${what} answered ${answer.status}${reason ? `: ${reason}` : ''}`;
  if (answer.status === 429 || answer.status >= 500 || answer.status === 408) {
    throw new Error(detail);
  }
  throw new PermanentSendError(detail);
}

async function post(url: string, body: unknown, deps: ChannelDeps, headers = {}, trusted = false) {
  try {
    return await postJson(url, typeof body === 'string' ? body : JSON.stringify(body), {
      allowPrivate: trusted || deps.allowPrivateUrls,
      headers,
    });
  } catch (err) {
    if (err instanceof OutgoingUrlError) throw new PermanentSendError(`URL ${err.message}`);
    // The socket's lookup refuses private addresses with an OutgoingUrlError too.
    if ((err as Error).name === 'OutgoingUrlError') {
      throw new PermanentSendError(`URL ${(err as Error).message}`);
    }
    throw err;
  }
}

/** Sends `notice` on one channel of `settings`; `email` is the account's address. */
export async function sendOn(
  channel: NotificationChannel,
  notice: Notice,
  settings: SettingsRow,
  email: string,
  deps: ChannelDeps,
): Promise<void> {
  switch (channel) {
    case 'email': {
      const link = `${deps.publicUrl}/dashboard#notifications`;
      await deps.mailer.send({
        to: email,
        subject: `SignalRelay: ${notice.title}`,
        text: `${notice.title}\n\n${notice.text}\n\nChange what you are told about: ${link}\n`,
        html: `<p><strong>${escapeHtml(notice.title)}</strong></p><p>${escapeHtml(notice.text).replaceAll('\n', '<br>')}</p><p style="color:#666;font-size:12px">Change what you are told about: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      });
      return;
    }
    case 'telegram': {
      const base = deps.telegramApiBase.replace(/\/+$/, '');
      const answer = await post(
        `${base}/bot${settings.telegramBotToken}/sendMessage`,
        {
          chat_id: settings.telegramChatId,
          text: `${notice.title}\n\n${notice.text}`,
          disable_web_page_preview: true,
        },
        deps,
        {},
        true,
      );
      // The token is part of the URL: the error names Telegram, never the URL.
      judge(answer, 'Telegram');
      return;
    }
    case 'discord': {
      const answer = await post(
        settings.discordWebhookUrl ?? '',
        {
          username: 'SignalRelay',
          content: `**${notice.title}**\n${notice.text}`.slice(0, 2000),
          allowed_mentions: { parse: [] },
        },
        deps,
      );
      judge(answer, 'Discord');
      return;
    }
    case 'webhook': {
      // The same id on every retry of one notice, so a receiver can drop duplicates.
      const delivery = sha256(`${settings.userId}:${notice.key}`).slice(0, 32);
      const body = JSON.stringify({
        id: delivery,
        event: notice.event,
        key: notice.key,
        occurredAt: notice.occurredAt,
        title: notice.title,
        text: notice.text,
        data: notice.data,
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const answer = await post(settings.webhookUrl ?? '', body, deps, {
        [signatureHeaders.event]: notice.event,
        [signatureHeaders.delivery]: delivery,
        [signatureHeaders.timestamp]: String(timestamp),
        [signatureHeaders.signature]: signWebhook(settings.webhookSecret ?? '', timestamp, body),
      });
      judge(answer, 'Your webhook');
      return;
    }
  }
}

function escapeHtml(text: string) {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}
