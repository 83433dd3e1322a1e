import { describe, expect, it } from 'vitest';
import { linkTo, mailTo, password, uniqueEmail } from '../../server/test/auth.ts';
import { authSuite, fillSignup, logIn } from './auth-pages.ts';

/**
 * Signing up and verifying the e-mail address, as a new user meets these account screens, in
 * headless Chromium against the real server, with the e-mails caught by a real SMTP receiver.
 */
const auth = authSuite();
const { onAuthPage, signUp } = auth;

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

      const mail = await mailTo(auth.smtp, email, 'Verify your SignalRelay');
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
      const fresh = await mailTo(auth.smtp, email, 'Verify', 1);
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
      const fresh = await mailTo(auth.smtp, email, 'Verify', 1);
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
});
