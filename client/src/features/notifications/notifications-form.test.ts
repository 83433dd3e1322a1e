import { describe, expect, it } from 'vitest';
import { formOf, generateSecret, inputOf } from './notifications-form.ts';

const view = {
  events: ['signal_failed' as const],
  eaOfflineMinutes: 5,
  email: { enabled: true, address: 'a@example.test' },
  telegram: { enabled: true, botToken: '••••••••abcd', chatId: '42' },
  discord: { enabled: false, webhookUrl: '' },
  webhook: { enabled: true, url: 'https://example.com/hook', secret: '••••••••wxyz' },
};

describe('notifications form', () => {
  it('never puts a masked secret in the form, and leaves untouched secrets out of the PUT', () => {
    const form = formOf(view);
    expect(form.telegramBotToken).toBe('');
    expect(form.webhookSecret).toBe('');
    const input = inputOf(form);
    expect(input.telegram).toEqual({ enabled: true, chatId: '42' });
    expect(input.webhook).toEqual({ enabled: true, url: 'https://example.com/hook' });
    expect(input.eaOfflineMinutes).toBe(5);
  });

  it('sends a typed secret, trimmed', () => {
    const input = inputOf({ ...formOf(view), webhookSecret: '  new-secret-1234567890 ' });
    expect(input.webhook.secret).toBe('new-secret-1234567890');
  });

  it('generates a 64-hex-digit secret', () => {
    expect(generateSecret()).toMatch(/^whsec_[0-9a-f]{64}$/);
  });
});
