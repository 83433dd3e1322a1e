import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeServer, startTelegramFake } from '../../../test/notify-fakes.ts';
import { sessionCookie } from '../../../test/sessions.ts';
import { createTestUser } from '../../../test/users.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { startJobs } from '../../jobs.ts';
import { type OpenDeps, openDeps } from '../../open-deps.ts';

/** Embedded mode (PGlite, in-process jobs): the same notification path works without Redis. */
const botToken = '123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQ';
let dataDir: string;
let deps: OpenDeps;
let app: Awaited<ReturnType<typeof buildApp>>;
let telegram: FakeServer;

beforeAll(async () => {
  telegram = await startTelegramFake(botToken);
  dataDir = await mkdtemp(path.join(tmpdir(), 'signalrelay-notify-embedded-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TELEGRAM_API_BASE: telegram.url,
  });
  deps = await openDeps(config, pino({ level: 'silent' }));
  await deps.database.migrate();
  app = await buildApp(deps);
  await startJobs(deps);
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await deps?.close();
  await telegram?.close();
  await rm(dataDir, { recursive: true, force: true });
});

it('PGlite + in-process jobs: a refused alert reaches Telegram once', async () => {
  expect(deps.database.kind).toBe('pglite');
  const user = await createTestUser(deps.database.db);
  const cookie = await sessionCookie(app, deps.database.db, user.id);
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
