import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { welcomedEaSocket } from '../test/ea-socket.ts';
import { type EmbeddedApp, startEmbeddedApp } from '../test/embedded-app.ts';
import { createTestUser } from '../test/users.ts';
import { alertFields, postWebhook } from '../test/webhook.ts';
import { signals } from './db/schema/signals.ts';
import type { OpenDeps } from './open-deps.ts';

/**
 * `npm start` on a fresh machine: no DATABASE_URL, no REDIS_URL. PGlite under DATA_DIR with
 * the same migrations, in-process bus/quota/presence/jobs, and the relay working end to end.
 */
let embedded: EmbeddedApp;
let deps: OpenDeps;
let app: EmbeddedApp['app'];
let url: string;

beforeAll(async () => {
  embedded = await startEmbeddedApp({ SIGNAL_TTL_MS: '1500' });
  ({ app, deps } = embedded);
  url = await app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(() => embedded?.close());

describe('embedded mode (PGlite and in-process adapters)', () => {
  it('uses PGlite and no Redis, and says it is ready', async () => {
    expect(deps.database.kind).toBe('pglite');
    expect(deps.redis).toBeNull();
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
  });

  it('relays an alert to a connected EA and records the result', async () => {
    const user = await createTestUser(deps.database.db);
    const ea = await welcomedEaSocket(url, user.licenseNumber);
    const res = await postWebhook(url, alertFields(user.licenseNumber), 'text/plain');
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
    const res = await postWebhook(url, alertFields(user.licenseNumber, { position: 'sell' }));
    const { signalId } = (await res.json()) as { signalId: string };
    for (let i = 0; i < 200; i++) {
      const [row] = await deps.database.db.select().from(signals).where(eq(signals.id, signalId));
      if (row?.status === 'failed') return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the signal was not marked failed after its TTL');
  });
});
