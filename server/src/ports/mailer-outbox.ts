import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Mailer } from './mailer.ts';
import { nodemailerMessage } from './mailer-smtp.ts';

/**
 * Without SMTP, mail goes to `dir` as one `.eml` file per message (any mail client opens it)
 * and is logged with the links it contains, so whoever runs the server can follow a
 * verification or reset link from the console.
 */
export function createOutboxMailer(dir: string, from: string, logger: Logger): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const info = await composer.sendMail(nodemailerMessage(from, mail));
      await mkdir(dir, { recursive: true });
      // Time first so the folder lists in sending order; the random part avoids collisions.
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      logger.info(
        { to: mail.to, subject: mail.subject, links: linksIn(mail.text), file },
        'e-mail written to the outbox (SMTP_URL is not set)',
      );
    },
    async close() {
      composer.close();
    },
  };
}

/** URLs in plain text, without the sentence punctuation that may follow them. */
function linksIn(text: string): string[] {
  const urls = text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  return urls.map((url) => url.replace(/[.,;:!?]+$/, ''));
}
