import nodemailer from 'nodemailer';
import type { Mail, Mailer } from './mailer.ts';

/** Mail through an SMTP server (`smtp://user:pass@host:587`, `smtps://…:465`). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail(nodemailerMessage(from, mail));
    },
    async close() {
      transport.close();
    },
  };
}

/** What nodemailer sends for `mail`, in both transports; no Reply-To header unless asked. */
export const nodemailerMessage = (from: string, mail: Mail) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
});
