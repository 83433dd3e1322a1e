import { hostname } from 'node:os';

import { quotaDayAt } from '@signalrelay/contracts/quota-day';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  type FakeServer,
  startDiscordFake,
  startTelegramFake,
  startWebhookReceiver,
} from '../../../test/notify-fakes.ts';
import { referenceEaClient } from '../../../test/reference-ea.ts';
import { sessionCookie, signedInTestUser } from '../../../test/sessions.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import { createTestUser } from '../../../test/users.ts';
import { notificationDeliveries } from '../../db/schema/notifications.ts';
import { quotaKey } from '../signals/signals-intake.ts';
import { postJson } from './notifications-http.ts';
import { quotaNotice } from './notifications-notices.ts';
import { enqueueNotice } from './notifications-notifier.ts';

const botToken = '123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQ';
const webhookSecret = 'whsec_0123456789abcdef0123456789';

let smtp: SmtpReceiver;
let telegram: FakeServer;
let discord: FakeServer;
let receiver: FakeServer;
let t: TestApp;
let baseUrl: string;

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

type Events = string[];
let userCounter = 0;

/** A user with every channel pointing at this test's fakes (their own chat id and paths). */
async function subscribedUser(
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

function put(app: TestApp, cookie: string, payload: unknown) {
  return app.app.inject({
    method: 'PUT',
    url: '/api/notifications',
    headers: { cookie, origin: app.deps.config.publicUrl },
    payload: payload as Record<string, unknown>,
  });
}

function refusedAlert(app: TestApp, licenseNumber: string, tag = 'x') {
  // Not JSON (a trailing comma typed in TradingView): refused for its content.
  return app.app.inject({
    method: 'POST',
    url: '/api/webhook/handleWebhook',
    headers: { 'content-type': 'text/plain' },
    payload: `{"licenseNumber": "${licenseNumber}", "symbol": "EURUSD", "position": "buy", "note": "${tag}",}`,
  });
}

const allEvents = [
  'signal_failed',
  'ea_disconnected',
  'executor_refused',
  'quota_warning',
  'quota_exhausted',
  'daily_summary',
];

describe('notifications delivered on real events (BullMQ, real SMTP, fake Telegram/Discord)', () => {
  it('an alert refused for its content reaches e-mail, Telegram, Discord and the signed webhook', async () => {
    const user = await subscribedUser(t, ['signal_failed']);
    const res = await refusedAlert(t, user.licenseNumber);
    expect(res.statusCode).toBe(400);

    const mail = await smtp.waitForMessage(user.onMail, 10_000);
    expect(mail.subject).toMatch(/^SignalRelay: Alert refused/);
    expect(mail.text).toMatch(/Alert refused/);
    const tg = await telegram.waitFor(user.onTelegram);
    expect(tg.body.text).toMatch(/^Alert refused/);
    const dc = await discord.waitFor(user.onDiscord);
    expect(dc.body.content).toMatch(/^\*\*Alert refused/);
    const wh = await receiver.waitFor(user.onWebhook);
    expect(wh.verified).toBe(true);
    expect(wh.headers['x-signalrelay-event']).toBe('signal_failed');
    expect(JSON.parse(wh.raw)).toMatchObject({
      event: 'signal_failed',
      data: {
        status: 'error',
        refused: true,
        errorMessage: expect.stringMatching(/^Alert refused: /),
      },
    });
  });

  it('a signal the EA failed, the 90% and exhausted quota, a second EA refused and the EA gone', async () => {
    const user = await subscribedUser(t, allEvents);
    const copy = (name: string, transport: 'ws' | 'poll') =>
      referenceEaClient(baseUrl, user.licenseNumber, {
        transport,
        chart: `${name} chart`,
        execute: () => ({ status: 'error', message: 'Not enough money (10019)' }),
      });
    const first = copy('first', 'ws');
    first.start();
    await expect.poll(() => first.state).toBe('connected');

    // The second copy on the same account is refused (EXECUTOR_TAKEN): Discord says so.
    const second = copy('second', 'poll');
    second.start();
    const refusal = await discord.waitFor(
      (r) => user.onDiscord(r) && /Second EA refused/.test(String(r.body.content)),
    );
    expect(refusal.body.content).toMatch(/second chart.*first chart/s);
    await second.stop();

    // 89 signals already used today: the 90th (executed with an error) warns, the 100th
    // exhausts the quota, the 101st is blocked and says nothing more.
    const day = quotaDayAt(Date.now());
    for (let i = 0; i < 89; i++) {
      await t.deps.quota.increment(quotaKey(user.id, day.day), day.resetsAt);
    }
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhook/handleWebhook',
        payload: { licenseNumber: user.licenseNumber, symbol: 'XAUUSD', position: 'sell', lot: 1 },
      });
    expect((await send()).statusCode).toBe(200);
    const warning = await telegram.waitFor(
      (r) => user.onTelegram(r) && /quota at 90%/.test(String(r.body.text)),
    );
    expect(warning.body.text).toMatch(/90 of 100 signals/);
    // The EA answered "error": the signal failed, by e-mail too.
    const failedMail = await smtp.waitForMessage(
      (m) => user.onMail(m) && /Signal failed: SELL XAUUSD/.test(m.subject ?? ''),
      10_000,
    );
    expect(failedMail.text).toMatch(/Not enough money/);

    for (let i = 0; i < 9; i++) {
      await t.deps.quota.increment(quotaKey(user.id, day.day), day.resetsAt);
    }
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
    const exhausted = await receiver.waitFor(
      (r) => user.onWebhook(r) && r.headers['x-signalrelay-event'] === 'quota_exhausted',
    );
    expect(exhausted.verified).toBe(true);
    expect(JSON.parse(exhausted.raw).data).toMatchObject({ used: 100, limit: 100 });

    // The EA stops: one "minute" (100 ms here) later, no EA is connected.
    await first.stop();
    const gone = await receiver.waitFor(
      (r) => user.onWebhook(r) && r.headers['x-signalrelay-event'] === 'ea_disconnected',
    );
    expect(JSON.parse(gone.raw).title).toBe('No EA connected for 1 minute');

    await new Promise((r) => setTimeout(r, 500));
    const exhaustedCount = receiver.received.filter(
      (r) => user.onWebhook(r) && r.headers['x-signalrelay-event'] === 'quota_exhausted',
    ).length;
    expect(exhaustedCount).toBe(1);
  }, 40_000);

  it('says nothing when the EA is back before its minutes are up', async () => {
    const user = await subscribedUser(t, ['ea_disconnected'], { eaOfflineMinutes: 5 });
    const ea = () =>
      referenceEaClient(baseUrl, user.licenseNumber, {
        account: '5012399',
        execute: () => ({ status: 'success', ticket: '1', price: 1 }),
      });
    const first = ea();
    first.start();
    await expect.poll(() => first.state).toBe('connected');
    await first.stop();
    // Back well inside the 5 "minutes" (500 ms here).
    const again = ea();
    again.start();
    await expect.poll(() => again.state).toBe('connected');
    await new Promise((r) => setTimeout(r, 1200));
    expect(receiver.attempts.filter(user.onWebhook)).toEqual([]);
    expect(telegram.attempts.filter(user.onTelegram)).toEqual([]);
    await again.stop();
  });

  it('the daily summary reaches a subscribed user once', async () => {
    const user = await subscribedUser(t, ['daily_summary'], {
      discord: { enabled: false, webhookUrl: '' },
      webhook: { enabled: false, url: '' },
      email: { enabled: false },
    });
    await t.deps.jobs.schedule('notify-daily-summary', {});
    const summary = await telegram.waitFor(
      (r) => user.onTelegram(r) && /^Daily summary for/.test(String(r.body.text)),
    );
    expect(summary.body.text).toMatch(/Alerts received: 0/);
    await t.deps.jobs.schedule('notify-daily-summary', {});
    await new Promise((r) => setTimeout(r, 500));
    expect(telegram.received.filter(user.onTelegram)).toHaveLength(1);
  });
});

describe('delivery guarantees', () => {
  it('retries a channel answering 500 with back-off until it succeeds, the others once', async () => {
    const user = await subscribedUser(t, ['signal_failed'], { email: { enabled: false } });
    discord.failNext(2, 500, user.onDiscord);
    await refusedAlert(t, user.licenseNumber);
    await telegram.waitFor(user.onTelegram);
    await receiver.waitFor(user.onWebhook);
    const delivered = await discord.waitFor(user.onDiscord, 20_000);
    expect(delivered.body.content).toMatch(/Alert refused/);
    expect(discord.attempts.filter(user.onDiscord)).toHaveLength(3);
    expect(telegram.attempts.filter(user.onTelegram)).toHaveLength(1);
    expect(receiver.attempts.filter(user.onWebhook)).toHaveLength(1);
  }, 30_000);

  it('sends one occurrence once per channel however often it is enqueued', async () => {
    const user = await subscribedUser(t, ['quota_warning'], {
      email: { enabled: false },
      discord: { enabled: false, webhookUrl: '' },
      webhook: { enabled: false, url: '' },
    });
    const notice = quotaNotice('quota_warning', { used: 90, limit: 100, resetsAt: 42 });
    await Promise.all([1, 2, 3].map(() => enqueueNotice(t.deps.jobs, user.id, notice)));
    await telegram.waitFor(user.onTelegram);
    // Again after the first finished (the job id is free again): the delivery row stops it.
    await enqueueNotice(t.deps.jobs, user.id, notice);
    await new Promise((r) => setTimeout(r, 700));
    expect(telegram.attempts.filter(user.onTelegram)).toHaveLength(1);
    const rows = await t.deps.database.db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.userId, user.id)));
    expect(rows.map((r) => [r.eventKey, r.channel])).toEqual([['quota_warning:42', 'telegram']]);
  });

  it('holds each user to NOTIFY_MAX_PER_HOUR, without touching other users', async () => {
    const limited = await createTestApp({
      TELEGRAM_API_BASE: telegram.url,
      NOTIFY_ALLOW_PRIVATE_URLS: true,
      NOTIFY_MAX_PER_HOUR: 3,
    });
    try {
      const only = { email: { enabled: false }, discord: { enabled: false, webhookUrl: '' } };
      const user = await subscribedUser(limited, ['signal_failed'], {
        ...only,
        webhook: { enabled: false, url: '' },
      });
      const other = await subscribedUser(limited, ['signal_failed'], {
        ...only,
        webhook: { enabled: false, url: '' },
      });
      for (let i = 0; i < 6; i++) await refusedAlert(limited, user.licenseNumber, `n${i}`);
      await refusedAlert(limited, other.licenseNumber);
      await telegram.waitFor(other.onTelegram);
      await expect.poll(() => telegram.received.filter(user.onTelegram).length).toBe(3);
      await new Promise((r) => setTimeout(r, 700));
      expect(telegram.received.filter(user.onTelegram)).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});

describe('settings API', () => {
  it('never returns secrets in full, keeps them when the masked value comes back, and validates', async () => {
    const user = await subscribedUser(t, ['signal_failed']);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(res.body).not.toContain(botToken);
    expect(res.body).not.toContain(webhookSecret);
    expect(body.telegram.botToken).toBe('••••••••QQ'.replace('QQ', botToken.slice(-4)));
    expect(body.webhook.secret).toMatch(/^•+6789$/);
    expect(body.email.address).toBe(user.email);

    // The form sends back what it got: the secrets stay.
    const again = await put(t, user.cookie, { ...body, email: { enabled: true } });
    expect(again.statusCode, again.body).toBe(200);
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/test',
      headers: { cookie: user.cookie, origin: t.deps.config.publicUrl },
      payload: { channel: 'webhook' },
    });
    expect(send.json()).toMatchObject({ ok: true });
    expect(
      (await receiver.waitFor((r) => user.onWebhook(r) && r.body.event === 'test')).verified,
    ).toBe(true);

    const bad = await put(t, user.cookie, { ...body, eaOfflineMinutes: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('eaOfflineMinutes: must be at least 1 minute');
    const token = await put(t, user.cookie, {
      ...body,
      telegram: { enabled: true, botToken: 'nope', chatId: '1' },
    });
    expect(token.json().message).toMatch(/^telegram\.botToken: is not a Telegram bot token/);
    const event = await put(t, user.cookie, { ...body, events: ['signal_failed', 'lunch'] });
    expect(event.json().message).toBe('events.1: is not a known event');
    const incomplete = await put(t, user.cookie, {
      ...body,
      webhook: { enabled: true, url: '', secret: null },
    });
    expect(incomplete.json().message).toBe('webhook: needs a URL and a secret to be switched on');

    // Same CSRF rules as the rest of the API.
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications',
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
      payload: body,
    });
    expect(foreign.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('Send test answers per channel: sent, failed with the reason, or not set up', async () => {
    const user = await subscribedUser(t, []);
    const test = (channel: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/notifications/test',
        headers: { cookie: user.cookie, origin: t.deps.config.publicUrl },
        payload: { channel },
      });
    for (const channel of ['email', 'telegram', 'discord', 'webhook']) {
      const res = await test(channel);
      expect(res.statusCode).toBe(200);
      expect(res.json().ok, `${channel}: ${res.body}`).toBe(true);
    }
    expect((await smtp.waitForMessage(user.onMail)).subject).toBe('SignalRelay: Test notification');
    expect((await telegram.waitFor(user.onTelegram)).body.text).toMatch(/telegram channel works/);
    await discord.waitFor(user.onDiscord);

    discord.failNext(1, 404, user.onDiscord);
    const failed = await test('discord');
    expect(failed.json()).toMatchObject({ ok: false });
    expect(failed.json().message).toMatch(/^Discord test failed: Discord answered 404/);

    const { cookie } = await signedInTestUser(t);
    const unset = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/test',
      headers: { cookie, origin: t.deps.config.publicUrl },
      payload: { channel: 'telegram' },
    });
    expect(unset.statusCode).toBe(400);
    expect(unset.json().message).toBe(
      'Telegram is not set up yet: fill it in and save, then send a test.',
    );
    const unknown = await test('pigeon');
    expect(unknown.json().message).toBe('channel: must be email, telegram, discord or webhook');
  });
});

describe('no SSRF: outgoing URLs must be public unless NOTIFY_ALLOW_PRIVATE_URLS', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ TELEGRAM_API_BASE: telegram.url });
  });
  afterAll(() => strict?.close());

  it.each([
    ['http://127.0.0.1:8080/hook', '127.0.0.1'],
    ['http://10.1.2.3/hook', '10.1.2.3'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['http://[::1]:8080/hook', '::1'],
    ['http://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1'],
    ['http://localhost:3000/hook', 'localhost'],
    [`http://${hostname()}:3000/hook`, '127.0.0.1'],
  ])('refuses to save %s', async (url, shown) => {
    const { cookie } = await signedInTestUser(strict);
    const res = await put(strict, cookie, {
      events: ['signal_failed'],
      eaOfflineMinutes: 5,
      email: { enabled: false },
      telegram: { enabled: false, chatId: '' },
      discord: { enabled: false, webhookUrl: '' },
      webhook: { enabled: true, url, secret: webhookSecret },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(
      'webhook.url: points to a private, loopback or link-local',
    );
    expect(res.json().message).toContain(shown);
  });

  it('refuses at connection time too (a name that resolves to a private address when sending)', async () => {
    const before = receiver.attempts.length;
    const port = new URL(receiver.url).port;
    for (const url of [`http://${hostname()}:${port}/x`, `http://127.0.0.1:${port}/x`]) {
      await expect(postJson(url, '{}', { allowPrivate: false })).rejects.toThrow(
        /private, loopback or link-local/,
      );
    }
    expect(receiver.attempts.length).toBe(before);
    // Allowed by the setting, the same request goes through.
    expect(
      (await postJson(`http://127.0.0.1:${port}/x`, '{}', { allowPrivate: true })).status,
    ).toBe(401);
  });
});
