import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { notificationDeliveries } from '../../db/schema/notifications.ts';
import { quotaNotice } from './notifications-notices.ts';
import { enqueueNotice } from './notifications-notifier.ts';
import {
  discord,
  receiver,
  refusedAlert,
  subscribedUser,
  t,
  telegram,
  useNotificationsApp,
} from './notifications-test-setup.ts';

useNotificationsApp();

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
