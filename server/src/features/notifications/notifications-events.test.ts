import { quotaDayAt } from '@signalrelay/contracts/quota-day';
import { describe, expect, it } from 'vitest';
import { referenceEaClient } from '../../../test/reference-ea.ts';
import { quotaKey } from '../signals/signals-intake.ts';
import {
  baseUrl,
  discord,
  receiver,
  refusedAlert,
  smtp,
  subscribedUser,
  t,
  telegram,
  useNotificationsApp,
} from './notifications-test-setup.ts';

useNotificationsApp();

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
