import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = ParsedMail & {
  /** Envelope sender and recipients, as given to the SMTP server (not the headers). */
  envelope: { from: string | null; to: string[] };
  /** The user name the client authenticated with, if it did. */
  user: string | null;
};

export type SmtpReceiver = {
  /** `smtp://127.0.0.1:<port>`, ready for SMTP_URL. */
  url: string;
  /** Every message received so far, in arrival order. */
  messages: ReceivedMail[];
  /** Resolves with the first message (received before or after the call) that matches. */
  waitForMessage(
    match?: (mail: ReceivedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/**
 * A real SMTP server in the test process: accepts every message (and any credentials, on
 * plain text), parses it with mailparser and keeps it for assertions.
 */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<(mail: ReceivedMail) => void>();

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = Object.assign(parsed, {
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            user: typeof session.user === 'string' ? session.user : null,
          });
          messages.push(mail);
          for (const waiter of waiters) waiter(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessage(match = () => true, timeoutMs = 5000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = (mail: ReceivedMail) => {
          if (!match(mail)) return;
          cleanup();
          resolve(mail);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(`no matching e-mail within ${timeoutMs} ms (${messages.length} received)`),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(waiter);
        };
        waiters.add(waiter);
      });
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
