import { describe, expect, it } from 'vitest';
import { linkTo, mailTo, password } from '../../server/test/auth.ts';
import { authSuite, logIn } from './auth-pages.ts';

/**
 * Logging in and out as a signed-up user: back to the page asked for, signed out when the
 * session ends elsewhere, the login page's messages, and a forgotten password reset from its
 * e-mail; in headless Chromium against the real server, with the e-mails caught by a real SMTP
 * receiver.
 */
const auth = authSuite();
const { suite, onAuthPage, signUp } = auth;

describe('sign-up, verification, login, logout', () => {
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

      const mail = await mailTo(auth.smtp, email, 'Reset your SignalRelay password');
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
