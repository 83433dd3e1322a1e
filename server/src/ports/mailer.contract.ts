import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { Mailer } from './mailer.ts';

export type MailerUnderTest = {
  mailer: Mailer;
  /** The `From` the mailer was made with, as name and address. */
  from: { name: string; address: string };
  /** Where the message went, read back and parsed (the SMTP receiver, the outbox file…). */
  delivered(): Promise<ParsedMail[]>;
};

const mail = {
  to: 'trader@example.com',
  subject: 'Verify your e-mail – SignalRelay',
  text: 'Welcome! Open https://relay.example.com/verify?token=abc123 to verify your address.',
  html: '<p>Welcome! <a href="https://relay.example.com/verify?token=abc123">Verify</a></p>',
};

/**
 * The behaviour every Mailer adapter must have: the message that arrives is a proper
 * multipart e-mail with both parts, the configured sender and the given recipient.
 * `make` is called inside each test and must give a mailer that shares nothing with others.
 */
export function mailerContract(name: string, make: () => Promise<MailerUnderTest>) {
  describe(`Mailer contract: ${name}`, () => {
    it('delivers one message with sender, recipient, subject, text and html parts', async () => {
      const { mailer, from, delivered } = await make();
      await mailer.send(mail);
      const messages = await delivered();
      expect(messages).toHaveLength(1);
      const [message] = messages as [ParsedMail];
      expect(message.from?.value).toEqual([from]);
      expect(message.to && !Array.isArray(message.to) && message.to.value[0]?.address).toBe(
        mail.to,
      );
      expect(message.subject).toBe(mail.subject);
      expect(message.text?.trim()).toBe(mail.text);
      expect(message.html).toContain('href="https://relay.example.com/verify?token=abc123"');
      expect(message.replyTo).toBeUndefined();
      expect(message.messageId).toMatch(/^<.+@.+>$/);
      expect(message.date).toBeInstanceOf(Date);
    });

    it('sets Reply-To when given (the contact form)', async () => {
      const { mailer, delivered } = await make();
      await mailer.send({ ...mail, replyTo: 'visitor@example.org' });
      const [message] = (await delivered()) as [ParsedMail];
      expect(message.replyTo?.value[0]?.address).toBe('visitor@example.org');
    });

    it('sends several messages, each on its own', async () => {
      const { mailer, delivered } = await make();
      await mailer.send({ ...mail, subject: 'one' });
      await mailer.send({ ...mail, subject: 'two', to: 'second@example.com' });
      const subjects = (await delivered()).map((m) => m.subject).sort();
      expect(subjects).toEqual(['one', 'two']);
    });
  });
}
