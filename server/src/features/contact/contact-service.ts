import { type ContactMessage, contactCategoryLabels } from '@signalrelay/contracts/contact';
import type { Db } from '../../db/db.ts';
import { contactMessages } from '../../db/schema/misc.ts';
import type { Mail, Mailer } from '../../ports/mailer.ts';

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The e-mail the support inbox receives; replying answers the sender directly. */
export function supportMail(to: string, message: ContactMessage, id: string): Mail {
  const category = contactCategoryLabels[message.category];
  const rows: [string, string][] = [
    ['From', `${message.name} <${message.email}>`],
    ['Category', category],
    ['Subject', message.subject],
    ['Reference', id],
  ];
  const text = [
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    message.message,
    '',
    '— sent from the SignalRelay support form',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5"><table style="border-collapse:collapse;margin-bottom:16px">${rows
    .map(
      ([k, v]) =>
        `<tr><th style="text-align:left;padding:2px 12px 2px 0;color:#6b7280">${k}</th><td>${escapeHtml(v)}</td></tr>`,
    )
    .join(
      '',
    )}</table><div style="white-space:pre-wrap;border-top:1px solid #e5e7eb;padding-top:16px">${escapeHtml(message.message)}</div></body></html>`;
  return {
    to,
    subject: `[Support · ${category}] ${message.subject}`,
    text,
    html,
    replyTo: message.email,
  };
}

/**
 * Keeps every support message (so none is lost if mail delivery fails) and forwards it to the
 * support address.
 */
export function createContactService(deps: { db: Db; mailer: Mailer; supportEmail: string }) {
  return {
    async submit(message: ContactMessage, ip: string | null): Promise<{ id: string }> {
      const [row] = await deps.db
        .insert(contactMessages)
        .values({ ...message, ip })
        .returning({ id: contactMessages.id });
      const id = row!.id;
      await deps.mailer.send(supportMail(deps.supportEmail, message, id));
      return { id };
    },
  };
}
