import { afterEach } from 'vitest';
import { useMailingTestApp } from '../../../test/mail-app.ts';

export const hour = 60 * 60 * 1000;

/** The account life-cycle tests run on the embedded adapters and on the real Redis. */
export const accountAdapters = [
  { adapters: 'in-process', redis: false },
  { adapters: 'Redis', redis: true },
];

/**
 * The app of the account life-cycle tests, for the `describe.each(accountAdapters)` that calls
 * it: started before its tests, mailing to a local SMTP receiver.
 */
export function useAccountsApp(redis: boolean) {
  /** Added to the clock every feature sees: tests that travel in time set it; 0 after each. */
  const clock = { offset: 0 };
  const app = useMailingTestApp({ redis, now: () => Date.now() + clock.offset });
  const db = () => app.t.deps.database.db;
  afterEach(() => {
    clock.offset = 0;
  });
  return { app, db, clock };
}
