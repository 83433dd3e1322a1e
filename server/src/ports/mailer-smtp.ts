import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

/** Mail through an SMTP server (`smtp://user:pass@host:587`, `smtps://…:465`). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      });
    },
    async close() {
      transport.close();
    },
  };
}
