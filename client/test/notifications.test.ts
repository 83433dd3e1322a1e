import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type FakeServer,
  startDiscordFake,
  startTelegramFake,
  startWebhookReceiver,
  verifySignalRelayWebhook as verify,
} from '../../server/test/notify-fakes.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../server/test/smtp-receiver.ts';
import { mobileViewport } from './browser.ts';
import { browserSuite, overflowsSideways, widths } from './browser-suite.ts';
import { screenshot } from './shots.ts';

/**
 * The Notifications tab in headless Chromium against the real server: channels filled in,
 * events ticked, saved (secrets come back masked), and Send test on each channel reaching the
 * local SMTP receiver and fake Telegram, Discord and webhook servers; a failing one says why.
 */
const botToken = '123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQ';

let smtp: SmtpReceiver;
let telegram: FakeServer;
let discord: FakeServer;
let receiver: FakeServer;
/** The secret the page generates, learnt from the form before saving. */
let secrets: string[] = [];

afterAll(async () => {
  await Promise.all([smtp, telegram, discord, receiver].map((s) => s?.close()));
});
const suite = browserSuite(async () => {
  [smtp, telegram, discord] = await Promise.all([
    startSmtpReceiver(),
    startTelegramFake(botToken),
    startDiscordFake(),
  ]);
  // The receiver accepts signatures made with the secrets the pages generated.
  receiver = await startWebhookReceiver(() => secrets);
  return { SMTP_URL: smtp.url, TELEGRAM_API_BASE: telegram.url, NOTIFY_ALLOW_PRIVATE_URLS: true };
});

const channel = (page: Page, name: string) => page.getByRole('group', { name: `${name} channel` });

describe('notifications tab', { timeout: 60_000 }, () => {
  for (const [name, viewport] of widths) {
    it(`sets up every channel, saves with secrets masked and sends a test on each (${name} px)`, async () => {
      const user = await suite.user('basic');
      const chatId = name === '1280' ? '7001' : '7002';
      await suite.onPage({ user, viewport }, async ({ page }) => {
        await page.goto('/dashboard#notifications');
        await page.getByRole('heading', { name: 'Notifications', exact: true }).waitFor();

        await page.getByLabel('Signal failed or refused').check();
        await page.getByLabel('Daily quota exhausted').check();
        await page.getByLabel('EA disconnected').check();
        await page.getByLabel('Minutes without an EA').fill('10');

        await channel(page, 'E-mail').getByLabel('Off').check();
        const tg = channel(page, 'Telegram');
        await tg.getByLabel('Off').check();
        await tg.getByLabel('Bot token').fill(botToken);
        await tg.getByLabel('Chat id').fill(chatId);
        const dc = channel(page, 'Discord');
        await dc.getByLabel('Off').check();
        await dc.getByLabel('Webhook URL').fill(`${discord.url}/api/webhooks/${chatId}/tok`);
        const wh = channel(page, 'Signed webhook');
        await wh.getByLabel('Off').check();
        await wh.getByLabel('URL', { exact: true }).fill(`${receiver.url}/hook/${chatId}`);
        await wh.getByRole('button', { name: 'Generate secret' }).click();
        const secret = await wh.getByLabel('Signing secret').inputValue();
        expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
        secrets = [...secrets, secret];
        await page.getByText('You have unsaved changes.').waitFor();
        await screenshot(page, `notifications-filled-${name}`);

        await page.getByRole('button', { name: 'Save settings' }).click();
        await page.getByText('All changes saved.').waitFor();
        // The secrets are gone from the form and shown masked as placeholders.
        expect(await tg.getByLabel('Bot token').inputValue()).toBe('');
        expect(await tg.getByLabel('Bot token').getAttribute('placeholder')).toBe(
          `••••••••${botToken.slice(-4)}`,
        );
        expect(await wh.getByLabel('Signing secret').getAttribute('placeholder')).toBe(
          `••••••••${secret.slice(-4)}`,
        );
        expect(await page.content()).not.toContain(botToken);

        await channel(page, 'E-mail').getByRole('button', { name: 'Send test' }).click();
        await channel(page, 'E-mail').getByText(`E-mail test sent to ${user.email}`).waitFor();
        await smtp.waitForMessage((m) => m.envelope.to.includes(user.email));

        await tg.getByRole('button', { name: 'Send test' }).click();
        await tg.getByText('Telegram test sent.').waitFor();
        expect((await telegram.waitFor((r) => r.body.chat_id === chatId)).body.text).toMatch(
          /telegram channel works/,
        );

        await wh.getByRole('button', { name: 'Send test' }).click();
        await wh.getByText('Webhook test sent.').waitFor();
        const delivery = await receiver.waitFor((r) => r.path === `/hook/${chatId}`);
        expect(verify(secret, delivery.headers, delivery.raw)).toBe(true);

        // Discord refuses this one: the card says so, with Discord's answer.
        discord.failNext(1, 404);
        await dc.getByRole('button', { name: 'Send test' }).click();
        await dc.getByText(/Discord test failed: Discord answered 404/).waitFor();

        expect(await overflowsSideways(page)).toBe(false);
        await screenshot(page, `notifications-tested-${name}`);

        // Reloaded, the page shows what was saved.
        await page.reload();
        await page.getByLabel('Daily quota exhausted').waitFor();
        expect(await page.getByLabel('Daily quota exhausted').isChecked()).toBe(true);
        expect(await page.getByLabel('Minutes without an EA').inputValue()).toBe('10');
        expect(await tg.getByLabel('Chat id').inputValue()).toBe(chatId);
      });
    });
  }

  it('shows the server’s reason in the channel’s card when a setting is refused (400)', async () => {
    const user = await suite.user();
    // The 400 is expected; the console logs the failed request.
    await suite.onPage(
      { user, viewport: mobileViewport, allowConsole: [/400/] },
      async ({ page }) => {
        await page.goto('/dashboard#notifications');
        const tg = channel(page, 'Telegram');
        await tg.getByLabel('Off').check();
        await tg.getByLabel('Bot token').fill('not-a-token');
        await tg.getByLabel('Chat id').fill('1');
        await page.getByRole('button', { name: 'Save settings' }).click();
        // Said in the Telegram card, next to the field, and by the Save button.
        await channel(page, 'Telegram')
          .getByRole('alert')
          .filter({ hasText: 'Bot token: is not a Telegram bot token' })
          .waitFor();
        await page
          .getByRole('alert')
          .filter({ hasText: 'Not saved. telegram.botToken: is not a Telegram bot token' })
          .waitFor();
        await channel(page, 'Telegram').scrollIntoViewIfNeeded();
        await screenshot(channel(page, 'Telegram'), 'notifications-error-telegram-375');
      },
    );
  });

  it('documents the channels and the webhook signature (docs page, 1280 and 375 px)', async () => {
    for (const [name, viewport] of widths) {
      const user = await suite.user();
      await suite.onPage({ user, viewport }, async ({ page }) => {
        await page.goto('/docs/notifications');
        await page.getByRole('heading', { name: 'Verifying a delivery' }).waitFor();
        await page.getByRole('cell', { name: 'X-SignalRelay-Signature', exact: true }).waitFor();
        expect(await overflowsSideways(page)).toBe(false);
        await screenshot(page, `docs-notifications-${name}`);
      });
    }
  });
});
