import type { EaClient } from '@signalrelay/bridge/ea-client';
import type { Plan } from '@signalrelay/contracts/billing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TestAppOptions } from '../../server/test/app.ts';
import {
  desktopViewport,
  launchBrowser,
  mobileViewport,
  openPage,
  type WatchedPage,
} from './browser.ts';
import { type RunningServer, startServer } from './server.ts';
import {
  createSignedInUser,
  openSignedIn,
  postAlert,
  type SignedInUser,
  startReferenceEa,
} from './signed-in.ts';

/** The desktop and the 375 px phone every screen is checked on, named by their width in px. */
export const widths = [desktopViewport, mobileViewport].map((v) => [`${v.width}`, v] as const);

/** Whether anything is wider than the screen: a phone must never scroll sideways. */
export const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Picks the option labelled `option` in the select labelled `label` (a filter, a sort). */
export async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
}

export type PageOptions = NonNullable<Parameters<typeof openPage>[2]> & {
  /** Signed in as this user (10 s locator time-out); signed out when absent. */
  user?: SignedInUser;
  /** Lets the page read and write the clipboard, to check what a Copy button copied. */
  clipboard?: boolean;
};

/** The real server and a headless Chromium shared by every test of one file. */
export class BrowserSuite {
  server!: RunningServer;
  browser!: Browser;

  /** A verified user with a session, a license and `plan`. */
  user(plan: Plan = 'pro'): Promise<SignedInUser> {
    return createSignedInUser(this.server, { plan });
  }

  /** POSTs an alert for `user`'s license to the webhook, as TradingView would. */
  alert(user: SignedInUser, body: Record<string, unknown>) {
    return postAlert(this.server, { licenseNumber: user.licenseNumber, ...body });
  }

  /** Runs `use` while the reference EA is connected for `user`; stops it afterwards. */
  async withReferenceEa<T>(user: SignedInUser, use: (ea: EaClient) => Promise<T>): Promise<T> {
    const ea = startReferenceEa(this.server, user.licenseNumber);
    try {
      return await use(ea);
    } finally {
      await ea.stop();
    }
  }

  /**
   * Runs `use` on a fresh page, then expects that it logged no console error (a page that
   * rendered cleanly); the page is closed whether `use` passed or not.
   */
  async onPage<T>(options: PageOptions, use: (watched: WatchedPage) => Promise<T>): Promise<T> {
    const { user, clipboard, ...pageOptions } = options;
    const watched = user
      ? await openSignedIn(this.browser, this.server, user, pageOptions)
      : await openPage(this.browser, this.server.url, pageOptions);
    try {
      if (clipboard) {
        const permissions = ['clipboard-read', 'clipboard-write'];
        await watched.context.grantPermissions(permissions, { origin: this.server.url });
      }
      const result = await use(watched);
      expect(watched.errors).toEqual([]);
      return result;
    } finally {
      await watched.close();
    }
  }
}

/**
 * Starts the server and the browser before the file's tests and stops them after. Options are
 * read when the tests start, so they can name what an earlier `beforeAll` started (an SMTP
 * receiver, a Stripe fake).
 */
export function browserSuite(
  serverOptions: () => TestAppOptions | Promise<TestAppOptions> = () => ({}),
): BrowserSuite {
  const suite = new BrowserSuite();
  beforeAll(async () => {
    const options = await serverOptions();
    [suite.server, suite.browser] = await Promise.all([startServer(options), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}
