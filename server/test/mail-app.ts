import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './app.ts';
import { browserClient } from './auth.ts';
import { type SmtpReceiver, startSmtpReceiver } from './smtp-receiver.ts';

export type MailingTestApp = {
  /** Where the app's mail goes. */
  smtp: SmtpReceiver;
  t: TestApp;
  /** A new browser (its own cookies and IP) on the app. */
  client: () => ReturnType<typeof browserClient>;
  close(): Promise<void>;
};

/** The app mailing to a local SMTP receiver: the setup of the sign-up and sign-in tests. */
export async function startMailingTestApp(options: TestAppOptions = {}): Promise<MailingTestApp> {
  const smtp = await startSmtpReceiver();
  const t = await createTestApp({ ...options, SMTP_URL: smtp.url }).catch(async (err) => {
    await smtp.close();
    throw err;
  });
  return {
    smtp,
    t,
    client: () => browserClient(t.app, t.deps.config.publicUrl),
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}

/**
 * `startMailingTestApp` before the tests of the enclosing file or `describe`, closed after
 * them. The fields of the object it returns are there once the tests run.
 */
export function useMailingTestApp(options: TestAppOptions = {}): MailingTestApp {
  const app = {} as MailingTestApp;
  beforeAll(async () => {
    Object.assign(app, await startMailingTestApp(options));
  });
  afterAll(() => app.close?.());
  return app;
}
