import { afterAll, beforeAll, expect, it } from 'vitest';
import { type EmbeddedApp, startEmbeddedApp } from '../../../test/embedded-app.ts';
import { type FakeServer, startTelegramFake } from '../../../test/notify-fakes.ts';
import { signedInTestUser } from '../../../test/sessions.ts';
import type { OpenDeps } from '../../open-deps.ts';

/** Embedded mode (PGlite, in-process jobs): the same notification path works without Redis. */
const botToken = '123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQ';
let embedded: EmbeddedApp;
let deps: OpenDeps;
let app: EmbeddedApp['app'];
let telegram: FakeServer;

beforeAll(async () => {
  telegram = await startTelegramFake(botToken);
  embedded = await startEmbeddedApp({ TELEGRAM_API_BASE: telegram.url });
  ({ app, deps } = embedded);
  await app.ready();
}, 120_000);

afterAll(async () => {
  await embedded?.close();
  await telegram?.close();
});

it('PGlite + in-process jobs: a refused alert reaches Telegram once', async () => {
  expect(deps.database.kind).toBe('pglite');
  const { cookie, ...user } = await signedInTestUser({ app, deps });
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/notifications',
    headers: { cookie, origin: deps.config.publicUrl },
    payload: {
      events: ['signal_failed'],
      eaOfflineMinutes: 5,
      email: { enabled: false },
      telegram: { enabled: true, botToken, chatId: '-100200300' },
      discord: { enabled: false, webhookUrl: '' },
      webhook: { enabled: false, url: '' },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const res = await app.inject({
    method: 'POST',
    url: '/api/webhook/handleWebhook',
    payload: { licenseNumber: user.licenseNumber, symbol: 'EURUSD', position: 'sideways' },
  });
  expect(res.statusCode).toBe(400);
  const message = await telegram.waitFor((r) => r.body.chat_id === '-100200300');
  expect(message.body.text).toMatch(/^Alert refused: EURUSD/);
  await new Promise((r) => setTimeout(r, 300));
  expect(telegram.attempts).toHaveLength(1);
}, 60_000);
