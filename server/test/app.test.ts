import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp } from './app.ts';

describe('createTestApp', () => {
  it('builds the app on a fresh Postgres database with the in-process adapters', async () => {
    const { app, deps, close } = await createTestApp({ SIGNAL_TTL_MS: 5000 });
    onTestFinished(close);
    expect(deps.database.kind).toBe('postgres');
    expect(deps.redis).toBeNull();
    expect(deps.config.SIGNAL_TTL_MS).toBe(5000);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
  });

  it('uses Redis under a private prefix when asked, and the injected clock', async () => {
    const { app, deps, close } = await createTestApp({ redis: true, now: () => 42 });
    onTestFinished(close);
    expect(deps.now()).toBe(42);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
    await deps.quota.increment('k', Date.now() + 60_000);
    const prefix = deps.redis?.options.keyPrefix;
    expect(prefix).toMatch(/^t:[0-9a-f]+:$/);
    expect(await deps.redis?.exists('quota:k')).toBe(1);
  });

  it('keeps the mail outbox in a private DATA_DIR', async () => {
    const { deps, close } = await createTestApp();
    await deps.mailer.send({ to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>' });
    const outbox = path.join(deps.config.DATA_DIR, 'outbox');
    expect(await readdir(outbox)).toHaveLength(1);
    await close();
    await expect(readdir(outbox)).rejects.toThrow(/ENOENT/);
  });

  it('validates configuration overrides like the environment', async () => {
    await expect(createTestApp({ SIGNAL_TTL_MS: 5 })).rejects.toThrow(/SIGNAL_TTL_MS/);
  });
});
