import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { linkTo, mailTo, password, uniqueEmail } from '../../server/test/auth.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../server/test/smtp-receiver.ts';
import type { WatchedPage } from './browser.ts';
import { browserSuite } from './browser-suite.ts';
import { clientDist } from './server.ts';

/**
 * The account screens as a new user meets them, in headless Chromium against the real server,
 * with the e-mails caught by a real SMTP receiver.
 */
let smtp: SmtpReceiver;
let distCopy: string;

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

afterAll(async () => {
  await smtp?.close();
  if (distCopy) await rm(distCopy, { recursive: true, force: true });
});
const suite = browserSuite(async () => {
  smtp = await startSmtpReceiver();
  distCopy = await snapshotDist();
  return { SMTP_URL: smtp.url, CLIENT_DIST: distCopy };
});

/** Answers the app gives on purpose in these flows, which Chromium logs as failed loads. */
const expectedFailures = [
  /status of 40[013] \(.*\) \(https?:\/\/[^/]+\/api\/auth\/(login|dashboard-access|reset-password|signup)\)$/,
];

/** A signed-out page through suite.onPage, allowing these flows' failed loads. */
function onAuthPage(use: (watched: WatchedPage) => Promise<void>) {
  return suite.onPage({ allowConsole: expectedFailures }, (watched) => {
    // Fail with the locator that did not show up instead of at the test's time-out.
    watched.page.setDefaultTimeout(15_000);
    return use(watched);
  });
}

async function fillSignup(page: Page, email: string, pass = password, confirm = pass) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(pass);
  await page.getByLabel('Confirm password').fill(confirm);
}

async function logIn(page: Page, email: string, pass = password) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(pass);
  await page.getByRole('button', { name: 'Log In' }).click();
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

describe('sign-up, verification, login, logout', () => {
  it('walks a new user from sign-up to the dashboard and back out', async () => {
    await onAuthPage(async ({ page }) => {
      const email = uniqueEmail('browser');
      await page.goto('/signup');
      const create = page.getByRole('button', { name: 'Create Account' });
      expect(await create.isDisabled()).toBe(true); // until the terms are accepted

      // The spec's checks, in its order.
      await fillSignup(page, email, 'short1');
      await page.getByRole('checkbox').check();
      await create.click();
      await page
        .getByText('Password must be 8-64 characters long, include at least one character.')
        .waitFor();
      await fillSignup(page, email, password, `${password}x`);
      await create.click();
      await page.getByRole('alert').getByText('Passwords do not match.').waitFor();
      // A password the server's rule refuses: the server's own text is shown.
      await fillSignup(page, email, '12345678');
      await create.click();
      await page.getByText(/^password: Password must be 8-64 characters long/).waitFor();

      await fillSignup(page, email);
      await create.click();
      await page.waitForURL('**/login');
      await page
        .getByText('Signup successful! Please check your email to verify your account.')
        .waitFor();

      const mail = await mailTo(smtp, email, 'Verify your SignalRelay');
      expect(mail.html).toContain('Verify e-mail address');
      await page.goto(linkTo(mail.text, '/api/auth/verify-email'));
      await page.waitForURL('**/verification-successful');
      await page.getByRole('heading', { name: 'Verification Successful' }).waitFor();
      await page.getByRole('link', { name: 'Go to Login' }).click();
      await page.waitForURL('**/login');

      // Checked in the browser with the API's own schema, each message under its field.
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.getByRole('alert').getByText('Enter a valid email address.').waitFor();
      await page.getByRole('alert').getByText('Password is required.').waitFor();
      expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
      await logIn(page, email, 'Wrong1234');
      await page.getByRole('alert').getByText('Invalid email or password.').waitFor();
      await logIn(page, email);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByRole('heading', { name: 'Welcome, Ada' }).waitFor();
      await page.getByText(email).first().waitFor();

      // Logout from the dashboard goes to /login; the dashboard then needs a login again.
      await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.goto('/dashboard');
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
    });
  });

  it('brings a signed-out visitor back to the page they asked for', async () => {
    await onAuthPage(async ({ page }) => {
      const { email, verify } = await signUp(page);
      await page.goto(verify);
      await page.goto('/dashboard?tab=x#signal-test');
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard?tab=x#signal-test');
      await logIn(page, email);
      await page.waitForURL((url) => url.pathname === '/dashboard' && url.hash === '#signal-test');
      // Back does not return to the login page (it was replaced).
      await page.goBack();
      expect(new URL(page.url()).pathname).not.toBe('/login');

      // A signed-in visitor of /login is sent on to the dashboard after 'Checking...'.
      await page.goto('/login');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      // The dashboard has one Logout (its welcome line); elsewhere the header's Logout goes home.
      const nav = page.getByRole('navigation', { name: 'Main' });
      await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
      expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(1);
      await nav.getByRole('link', { name: 'About' }).click();
      await nav.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    });
  });

  it('keeps an unverified user at Verification Needed, with a new link on request and Logout', async () => {
    await onAuthPage(async ({ page }) => {
      const { email } = await signUp(page);
      await logIn(page, email);
      await page.getByRole('heading', { name: 'Verification Needed' }).waitFor();
      await page.getByText(/check your e-mail .* before accessing the dashboard/).waitFor();
      const main = page.getByRole('main');
      expect(await main.getByRole('button').allTextContents()).toEqual([
        'Send the link again',
        'Logout',
      ]);
      expect(await main.getByRole('link').count()).toBe(0);
      await main.getByRole('button', { name: 'Send the link again' }).click();
      await main
        .getByRole('status')
        .getByText(`We sent a new verification link to ${email}.`)
        .waitFor();
      const fresh = await mailTo(smtp, email, 'Verify', 1);
      await main.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      // The new link (the second Verify mail) verifies the account.
      await page.goto(linkTo(fresh.text, '/api/auth/verify-email'));
      await page.waitForURL('**/verification-successful');
    });
  });

  it('sends a new verification link from the login page, to an address that needs one', async () => {
    await onAuthPage(async ({ page }) => {
      const { email } = await signUp(page, 'resend');
      await page.goto('/login');
      await page.getByRole('link', { name: 'No verification e-mail?' }).click();
      await page.waitForURL((url) => url.pathname === '/resend-verification');
      // The URL changes before the page does: the login form's Email field is still there.
      await page.getByRole('heading', { name: 'Verify your e-mail' }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send Verification Link' }).click();
      await page.getByText(/a new verification link is on its way/).waitFor();
      const fresh = await mailTo(smtp, email, 'Verify', 1);
      await page.goto(linkTo(fresh.text, '/api/auth/verify-email'));
      await page.waitForURL('**/verification-successful');
    });
  });

  it('shows the failed-verification page for a bad link', async () => {
    await onAuthPage(async ({ page }) => {
      await page.goto('/api/auth/verify-email?token=not-a-real-token');
      await page.waitForURL('**/verification-failed');
      await page
        .getByText(
          'There was an issue verifying your email. Please try signing up again or contact our support team for assistance.',
        )
        .waitFor();
      const main = page.getByRole('main');
      expect(await main.getByRole('link', { name: 'Try Signup Again' }).getAttribute('href')).toBe(
        '/signup',
      );
      expect(await main.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe(
        '/docs/contact-support',
      );
    });
  });

  it('signs the user out when the window regains focus after the session ended', async () => {
    await onAuthPage(async ({ page, context }) => {
      const { email, verify } = await signUp(page);
      await page.goto(verify);
      await page.goto('/login');
      await logIn(page, email);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      // The session ends elsewhere (here: a password reset from another browser).
      const [cookie] = await context.cookies();
      await fetch(`${suite.server.url}/api/auth/logout`, {
        method: 'POST',
        headers: {
          cookie: `${cookie!.name}=${cookie!.value}`,
          origin: suite.server.testApp.deps.config.publicUrl,
        },
      });
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
    });
  });
});

describe('login page messages', () => {
  it('shows the message for each error code and then drops it from the address', async () => {
    await onAuthPage(async ({ page }) => {
      const cases: [string, string][] = [
        ['google_auth_failed', 'Google authentication failed. Please try again.'],
        ['facebook_auth_failed', 'Facebook authentication failed. Please try again.'],
        ['facebook_not_configured', 'Facebook login is not available at this time.'],
        ['auth_callback_failed', 'Authentication callback failed. Please try again.'],
        ['something_else', 'An authentication error occurred. Please try again.'],
      ];
      for (const [code, text] of cases) {
        await page.goto(`/login?error=${code}&redirect=%2Fdashboard`);
        await page.getByRole('alert').getByText(text).waitFor();
        await page.waitForURL((url) => !url.searchParams.has('error'));
        expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
      }
    });
  });

  it('offers no social sign-in on a server without OAuth keys', async () => {
    await onAuthPage(async ({ page }) => {
      for (const path of ['/login', '/signup']) {
        await page.goto(path);
        await page.getByLabel('Email').waitFor();
        // The page has asked the server which providers it has, and shows none of them.
        await page.waitForLoadState('networkidle');
        expect(await page.getByRole('button', { name: /with (Google|Facebook)/ }).count()).toBe(0);
        expect(await page.getByText('or', { exact: true }).count()).toBe(0);
      }
    });
  });
});

describe('forgot and reset password', () => {
  it('resets the password from the e-mailed link, once', async () => {
    await onAuthPage(async ({ page }) => {
      const { email, verify } = await signUp(page);
      await page.goto(verify);

      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/forgot-password');
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send Reset Email' }).click();
      await page
        .getByText('Password reset email sent successfully. Please check your inbox.')
        .waitFor();

      const mail = await mailTo(smtp, email, 'Reset your SignalRelay password');
      const link = linkTo(mail.text, '/reset-password');
      await page.goto(link);
      await page.getByLabel(/^New password/).fill('NewSecret42');
      await page.getByLabel('Confirm new password').fill('NewSecret43');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('alert').getByText('Passwords do not match.').waitFor();
      await page.getByLabel('Confirm new password').fill('NewSecret42');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByText('Your password has been reset successfully.').waitFor();
      await page.getByRole('link', { name: 'Go to Login' }).click();
      await page.waitForURL('**/login');

      await logIn(page, email, password);
      await page.getByRole('alert').getByText('Invalid email or password.').waitFor();
      await logIn(page, email, 'NewSecret42');
      await page.waitForURL((url) => url.pathname === '/dashboard');

      // The link worked once.
      await page.goto(link);
      await page.getByLabel(/^New password/).fill('Another42');
      await page.getByLabel('Confirm new password').fill('Another42');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page
        .getByRole('alert')
        .getByText('This password reset link is invalid or has expired.')
        .waitFor();
    });
  });
});
