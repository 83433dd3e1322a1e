import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { linkTo, mailTo, password, uniqueEmail } from '../../server/test/auth.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../server/test/smtp-receiver.ts';
import type { WatchedPage } from './browser.ts';
import { browserSuite } from './browser-suite.ts';
import { clientDist } from './server.ts';

/**
 * The auth tests' server and steps: the account screens in headless Chromium against the real
 * server, with the e-mails caught by a real SMTP receiver, and how a test fills in their forms.
 */

/**
 * A private copy of client/dist: in a shared working tree someone may rebuild dist (emptying
 * it) while these tests run, and pages would then load assets that no longer exist.
 */
async function snapshotDist(): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const dir = await mkdtemp(path.join(tmpdir(), 'signalrelay-dist-'));
    await cp(clientDist, dir, { recursive: true }).catch(() => {});
    const html = await readFile(path.join(dir, 'index.html'), 'utf8').catch(() => '');
    const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
    const complete = html !== '' && assets.every((a) => existsSync(path.join(dir, a)));
    if (complete) return dir;
    await rm(dir, { recursive: true, force: true });
    if (attempt === 20)
      throw new Error(`client/dist stayed incomplete: run npm run build -w client`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Answers the app gives on purpose in these flows, which Chromium logs as failed loads. */
const expectedFailures = [
  /status of 40[013] \(.*\) \(https?:\/\/[^/]+\/api\/auth\/(login|dashboard-access|reset-password|signup)\)$/,
];

export async function fillSignup(page: Page, email: string, pass = password, confirm = pass) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(pass);
  await page.getByLabel('Confirm password').fill(confirm);
}

export async function logIn(page: Page, email: string, pass = password) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(pass);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/**
 * An auth test file's browserSuite: its server mails through a real SMTP receiver (`smtp`, there
 * once the file's tests have started) and serves a private copy of client/dist; both are closed
 * and removed after the file's tests. `onAuthPage` and `signUp` work on its pages.
 */
export function authSuite() {
  let smtp: SmtpReceiver;
  let distCopy: string;

  afterAll(async () => {
    await smtp?.close();
    if (distCopy) await rm(distCopy, { recursive: true, force: true });
  });
  const suite = browserSuite(async () => {
    smtp = await startSmtpReceiver();
    distCopy = await snapshotDist();
    return { SMTP_URL: smtp.url, CLIENT_DIST: distCopy };
  });

  /** A signed-out page through suite.onPage, allowing these flows' failed loads. */
  function onAuthPage(use: (watched: WatchedPage) => Promise<void>) {
    return suite.onPage({ allowConsole: expectedFailures }, (watched) => {
      // Fail with the locator that did not show up instead of at the test's time-out.
      watched.page.setDefaultTimeout(15_000);
      return use(watched);
    });
  }

  /** Signs up a new address (`uniqueEmail(prefix)`) through the page: it and its verification link. */
  async function signUp(page: Page, prefix = 'browser') {
    const email = uniqueEmail(prefix);
    await page.goto('/signup');
    await fillSignup(page, email);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/login');
    const mail = await mailTo(smtp, email, 'Verify your SignalRelay');
    return { email, verify: linkTo(mail.text, '/api/auth/verify-email') };
  }

  return {
    suite,
    onAuthPage,
    signUp,
    /** The receiver catching the server's e-mails. */
    get smtp() {
      return smtp;
    },
  };
}
