import { hostname } from 'node:os';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInTestUser } from '../../../test/sessions.ts';
import { postJson } from './notifications-http.ts';
import {
  botToken,
  discord,
  put,
  receiver,
  smtp,
  subscribedUser,
  t,
  telegram,
  useNotificationsApp,
  webhookSecret,
} from './notifications-test-setup.ts';

useNotificationsApp();

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
