import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helloFrame, openEaSocket } from '../test/ea-socket.ts';
import { createTestUser } from '../test/users.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { signals } from './db/schema/signals.ts';
import { startJobs } from './jobs.ts';
import { type OpenDeps, openDeps } from './open-deps.ts';

/**
 * `npm start` on a fresh machine: no DATABASE_URL, no REDIS_URL. PGlite under DATA_DIR with
 * the same migrations, in-process bus/quota/presence/jobs, and the relay working end to end.
 */
let dataDir: string;
let deps: OpenDeps;
let app: Awaited<ReturnType<typeof buildApp>>;
let url: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'signalrelay-embedded-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIGNAL_TTL_MS: '1500' });
  deps = await openDeps(config, pino({ level: 'silent' }));
  await deps.database.migrate();
  app = await buildApp(deps);
  await startJobs(deps);
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  // PGlite compiles its WebAssembly on first open: seconds on a quiet machine, more when busy.
}, 120_000);

afterAll(async () => {
  await app?.close();
  await deps?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('embedded mode (PGlite and in-process adapters)', () => {
  it('uses PGlite and no Redis, and says it is ready', async () => {
    expect(deps.database.kind).toBe('pglite');
    expect(deps.redis).toBeNull();
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
  });

  it('relays an alert to a connected EA and records the result', async () => {
    const user = await createTestUser(deps.database.db);
    const ea = await openEaSocket(url);
    ea.send(helloFrame(user.licenseNumber));
    await ea.next((f) => f.type === 'welcome');
    const res = await fetch(`${url}/api/webhook/handleWebhook`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({
        licenseNumber: user.licenseNumber,
        symbol: 'EURUSD',
        position: 'buy',
        lot: 0.01,
      }),
    });
    expect(res.status).toBe(200);
    const { signalId, delivered } = (await res.json()) as { signalId: string; delivered: boolean };
    expect(delivered).toBe(true);
    await ea.next((f) => f.type === 'signal');
    ea.send({ type: 'received', id: signalId });
    ea.send({ type: 'result', id: signalId, status: 'success', ticket: '7', retcode: 10009 });
    for (let i = 0; i < 100; i++) {
      const [row] = await deps.database.db.select().from(signals).where(eq(signals.id, signalId));
      if (row?.status === 'success') return ea.close();
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the result was not recorded');
  });

  it('fails a signal nobody received, through the in-process job runner', async () => {
    const user = await createTestUser(deps.database.db);
    const res = await fetch(`${url}/api/webhook/handleWebhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        licenseNumber: user.licenseNumber,
        symbol: 'EURUSD',
        position: 'sell',
        lot: 0.01,
      }),
    });
    const { signalId } = (await res.json()) as { signalId: string };
    for (let i = 0; i < 200; i++) {
      const [row] = await deps.database.db.select().from(signals).where(eq(signals.id, signalId));
      if (row?.status === 'failed') return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the signal was not marked failed after its TTL');
  });
});
