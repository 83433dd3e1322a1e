import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  type FakeServer,
  startDiscordFake,
  startTelegramFake,
  startWebhookReceiver,
} from '../../../test/notify-fakes.ts';
import { sessionCookie } from '../../../test/sessions.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import { createTestUser } from '../../../test/users.ts';

/**
 * What the notification tests share: the app with every channel pointing at a local fake (a
 * real SMTP receiver, fake Telegram and Discord, a webhook receiver that checks signatures),
 * and users subscribed to them. A test file calls `useNotificationsApp()` once at its top; the
 * bindings below are set before its tests run.
 */
export const botToken = '123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQ';
export const webhookSecret = 'whsec_0123456789abcdef0123456789';

export let smtp: SmtpReceiver;
export let telegram: FakeServer;
export let discord: FakeServer;
export let receiver: FakeServer;
export let t: TestApp;
export let baseUrl: string;

/** Starts the fakes and the app before the tests of the calling file, and closes them after. */
export function useNotificationsApp() {
  beforeAll(async () => {
    [smtp, telegram, discord, receiver] = await Promise.all([
      startSmtpReceiver(),
      startTelegramFake(botToken),
      startDiscordFake(),
      startWebhookReceiver(webhookSecret),
    ]);
    // Server mode: BullMQ on the real Redis, jobs run in this process (RUN_JOBS).
    t = await createTestApp({
      redis: true,
      SMTP_URL: smtp.url,
      TELEGRAM_API_BASE: telegram.url,
      NOTIFY_ALLOW_PRIVATE_URLS: true,
      NOTIFY_MINUTE_MS: 100,
    });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([smtp, telegram, discord, receiver].map((s) => s?.close()));
  });
}

type Events = string[];
let userCounter = 0;

/** A user with every channel pointing at this test's fakes (their own chat id and paths). */
export async function subscribedUser(
  app: TestApp,
  events: Events,
  overrides: Record<string, unknown> = {},
) {
  const user = await createTestUser(app.deps.database.db, { plan: 'basic' });
  const n = ++userCounter;
  const chatId = String(1000 + n);
  const cookie = await sessionCookie(app.app, app.deps.database.db, user.id);
  const settings = {
    events,
    eaOfflineMinutes: 1,
    email: { enabled: true },
    telegram: { enabled: true, botToken, chatId },
    discord: { enabled: true, webhookUrl: `${discord.url}/api/webhooks/${n}/tok-${n}` },
    webhook: { enabled: true, url: `${receiver.url}/hook/${n}`, secret: webhookSecret },
    ...overrides,
  };
  const res = await put(app, cookie, settings);
  expect(res.statusCode, res.body).toBe(200);
  return {
    ...user,
    cookie,
    settings,
    onTelegram: (r: { body: Record<string, unknown> }) => r.body.chat_id === chatId,
    onDiscord: (r: { path: string }) => r.path === `/api/webhooks/${n}/tok-${n}`,
    onWebhook: (r: { path: string }) => r.path === `/hook/${n}`,
    onMail: (m: { envelope: { to: string[] } }) => m.envelope.to.includes(user.email),
  };
}

export function put(app: TestApp, cookie: string, payload: unknown) {
  return app.app.inject({
    method: 'PUT',
    url: '/api/notifications',
    headers: { cookie, origin: app.deps.config.publicUrl },
    payload: payload as Record<string, unknown>,
  });
}

export function refusedAlert(app: TestApp, licenseNumber: string, tag = 'x') {
  // Not JSON (a trailing comma typed in TradingView): refused for its content.
  return app.app.inject({
    method: 'POST',
    url: '/api/webhook/handleWebhook',
    headers: { 'content-type': 'text/plain' },
    payload: `{"licenseNumber": "${licenseNumber}", "symbol": "EURUSD", "position": "buy", "note": "${tag}",}`,
  });
}
