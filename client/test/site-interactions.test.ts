import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type SmtpReceiver, startSmtpReceiver } from '../../server/test/smtp-receiver.ts';
import { mobileViewport, openPage } from './browser.ts';
import { browserSuite } from './browser-suite.ts';

let smtp: SmtpReceiver;
const supportEmail = 'help@relay.example';

afterAll(async () => {
  await smtp?.close();
});
const suite = browserSuite(async () => {
  smtp = await startSmtpReceiver();
  return { SMTP_URL: smtp.url, SUPPORT_EMAIL: supportEmail };
});

/** Distance of an element's top from the viewport's top, in CSS pixels. */
const topOf = (page: Page, id: string) =>
  page.evaluate((target) => document.getElementById(target)?.getBoundingClientRect().top, id);

describe('landing page anchors', () => {
  it.each(['features', 'order-history', 'signal-transfer', 'how-it-works', 'pricing'])(
    '/#%s scrolls to its section',
    async (id) => {
      await suite.onPage({}, async ({ page }) => {
        await page.goto(`/#${id}`);
        // The section ends up just below the sticky header (scroll padding 80 px).
        await expect.poll(() => topOf(page, id), { timeout: 5000 }).toBeLessThanOrEqual(90);
        expect(await topOf(page, id)).toBeGreaterThanOrEqual(60);
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      });
    },
  );

  it('header section links scroll on the landing page without reloading it', async () => {
    const { page, close } = await openPage(suite.browser, suite.server.url);
    await page.goto('/');
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Pricing' })
      .click();
    await expect.poll(() => topOf(page, 'pricing')).toBeLessThanOrEqual(100);
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(
      true,
    );
    expect(new URL(page.url()).hash).toBe('#pricing');
    await close();
  });

  it('pricing and calls to action go where the spec says', async () => {
    const { page, close } = await openPage(suite.browser, suite.server.url);
    await page.goto('/');
    const href = (name: string) =>
      page.getByRole('link', { name, exact: true }).first().getAttribute('href');
    expect(await href('Try Free for 2 weeks')).toBe('/signup');
    expect(await href('Learn More')).toBe('/docs');
    expect(await href('Get Started')).toBe('/signup');
    expect(await href('Get Basic')).toBe('/payment?plan=basic');
    expect(await href('Get Pro')).toBe('/payment?plan=pro');
    expect(await href('Try 14 Days Free Trial')).toBe('/signup');
    expect(await page.getByText('POPULAR').count()).toBe(1);
    await close();
  });
});

describe('FAQ', () => {
  it('opens the first answer initially and lets several be open at once', async () => {
    await suite.onPage({ viewport: mobileViewport }, async ({ page }) => {
      await page.goto('/docs/faq');
      const questions = page.locator('article button[aria-expanded]');
      await questions.first().waitFor();
      expect(await questions.count()).toBeGreaterThanOrEqual(8);
      expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('true');
      expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('false');
      for (const title of [
        'Getting Started',
        'Installation & Setup',
        'Configuration',
        'Troubleshooting',
      ]) {
        await page.getByRole('heading', { level: 2, name: title }).waitFor();
      }

      const second = questions.nth(1);
      const answer = page.locator(`[id="${await second.getAttribute('aria-controls')}"]`);
      expect(await answer.isVisible()).toBe(false);
      await second.click();
      expect(await answer.isVisible()).toBe(true);
      expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('true');

      await questions.nth(0).click();
      expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('false');
      expect(await second.getAttribute('aria-expanded')).toBe('true');
      await second.click();
      expect(await answer.isVisible()).toBe(false);
    });
  });
});

describe('alert setup screenshots', () => {
  it('open full size and close with the button, a click outside, or Escape', async () => {
    await suite.onPage({}, async ({ page }) => {
      await page.goto('/docs/tradingview-alert-setup');
      const thumbnails = page.getByRole('button', { name: /^Enlarge illustration/ });
      await thumbnails.first().waitFor();
      expect(await thumbnails.count()).toBe(4);
      const overlay = page.getByRole('dialog');

      await thumbnails.nth(0).click();
      await overlay.waitFor();
      expect(await overlay.getByRole('img').count()).toBe(1);
      await overlay.getByRole('button', { name: 'Close' }).click();
      await overlay.waitFor({ state: 'hidden' });

      await thumbnails.nth(3).click();
      await overlay.waitFor();
      await page.mouse.click(5, 5); // the backdrop, outside the panel
      await overlay.waitFor({ state: 'hidden' });

      await thumbnails.nth(1).click();
      await overlay.waitFor();
      await page.keyboard.press('Escape');
      await overlay.waitFor({ state: 'hidden' });
    });
  });

  it('copies the webhook URL and says Copied! for 2 s', async () => {
    await suite.onPage({ clipboard: true }, async ({ page }) => {
      await page.goto('/docs/tradingview-alert-setup');
      const copy = page.getByRole('button', { name: 'Copy URL' });
      await copy.click();
      await page.getByRole('button', { name: 'Copied!' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${suite.server.url}/api/webhook/handleWebhook`,
      );
      await page.getByRole('button', { name: 'Copy URL' }).waitFor({ timeout: 3000 });
    });
  });
});

describe('basic configuration', () => {
  it("fills the signed-in user's license number into the examples", async () => {
    const user = await suite.user();
    await suite.onPage({ user }, async ({ page }) => {
      await page.goto('/docs/basic-config');
      const examples = page.locator('pre code');
      await expect.poll(() => examples.first().textContent()).toContain(user.licenseNumber);
      expect(await page.getByText('YOUR-LICENSE-NUMBER').count()).toBe(0);
    });
  });
});

describe('installation guide', () => {
  it('counts completed steps and keeps them across a reload', async () => {
    await suite.onPage({}, async ({ page }) => {
      await page.goto('/docs/install-mt4-5');
      await page.getByText('0 of 7 steps completed').waitFor();
      await page.getByRole('button', { name: 'Mark as Complete' }).click();
      await page.getByText('1 of 7 steps completed').waitFor();
      await page
        .getByRole('heading', { level: 2, name: 'Open your MetaTrader terminal' })
        .waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Mark as Complete' }).click();
      await page.getByText('2 of 7 steps completed').waitFor();

      await page.reload();
      await page.getByText('2 of 7 steps completed').waitFor();
      await page
        .getByRole('heading', { level: 2, name: 'Copy the EA file into the Experts folder' })
        .waitFor();
      await page.getByRole('button', { name: 'Previous' }).click();
      await page.getByRole('button', { name: 'Completed', exact: true }).click(); // undo step 3
      await page.getByText('1 of 7 steps completed').waitFor();
    });
  });
});

describe('old docs links', () => {
  it.each([
    ['/docs/install-mt5', '/docs/install-mt4-5'],
    ['/docs/tradingview-setup', '/docs/tradingview-alert-setup'],
    ['/docs/contact-support', '/docs/support'],
  ])('%s redirects to %s', async (from, to) => {
    await suite.onPage({}, async ({ page }) => {
      const response = await page.goto(from);
      expect(response?.status()).toBe(200);
      await page.waitForURL((url) => url.pathname === to);
      await page.getByRole('heading', { level: 1 }).waitFor();
    });
  });
});

describe('legal pages', () => {
  it.each([
    ['/terms', 'Terms of Service'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/cookie-policy', 'Cookie Policy'],
  ])('%s shows the %s document', async (path, title) => {
    await suite.onPage({}, async ({ page }) => {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.title()).toBe(`${title} — SignalRelay`);
      expect(await page.locator('article.prose-doc h2').count()).toBeGreaterThan(4);
    });
  });
});

describe('support form', () => {
  async function fill(page: Page, subject: string) {
    await page.getByLabel('Name').fill('Ada Trader');
    await page.getByLabel('Email').fill('ada@example.test');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Category').selectOption('installation');
    await page.getByLabel('Message').fill('My EA icon stays grey after attaching it to a chart.');
  }

  it('delivers the message to the support inbox, then clears the form', async () => {
    await suite.onPage({}, async ({ page }) => {
      await page.goto('/docs/support');
      const send = page.getByRole('button', { name: 'Send Message' });
      expect(await send.isDisabled()).toBe(true);
      await fill(page, 'Grey icon from the browser test');
      expect(await send.isEnabled()).toBe(true);
      await send.click();
      await page
        .getByText(
          "Thank you! Your message has been sent successfully. We'll get back to you within 24 hours.",
        )
        .waitFor();
      expect(await page.getByLabel('Subject').inputValue()).toBe('');
      const mail = await smtp.waitForMessage(
        (m) => m.subject?.includes('Grey icon from the browser test') ?? false,
      );
      expect(mail.envelope.to).toEqual([supportEmail]);
      expect(mail.replyTo?.value[0]?.address).toBe('ada@example.test');
    });
  });

  it('shows field messages for bad input without sending', async () => {
    const { page, close } = await openPage(suite.browser, suite.server.url);
    await page.goto('/docs/support');
    await fill(page, 'Bad address');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel('Message').fill('short');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Must be a valid e-mail address.').waitFor();
    await page.getByText('Must be at least 10 characters.').waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(smtp.messages.some((m) => m.subject?.includes('Bad address'))).toBe(false);
    await close();
  });

  it('shows the error message with the support address when sending fails', async () => {
    const { page, close } = await openPage(suite.browser, suite.server.url, {
      // The failed POST is the point of this test.
      allowConsole: [/status of 500 .*\/api\/contact\)$/],
    });
    await page.goto('/docs/support');
    await smtp.close(); // the mail server goes away: the server cannot deliver the message
    await fill(page, 'While the mail server is down');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page
      .getByText(
        `Sorry, there was an error sending your message. Please try again or email us directly at ${supportEmail}.`,
      )
      .waitFor();
    expect(await page.getByLabel('Subject').inputValue()).toBe('While the mail server is down');
    await close();
  });
});
