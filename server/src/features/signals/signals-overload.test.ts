import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createTestUser } from '../../../test/users.ts';
import { signals } from '../../db/schema/signals.ts';
import { webhookMaxLoopDelayMs } from './signals-webhook.ts';

let t: TestApp;
let user: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  t = await createTestApp({ redis: true });
  user = await createTestUser(t.deps.database.db);
});
afterAll(() => t.close());

const alert = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhook/handleWebhook',
    headers: { 'content-type': 'application/json' },
    payload: { licenseNumber: user.licenseNumber, symbol: 'EURUSD', position: 'buy', lot: 0.1 },
  });

const stored = async () =>
  (await t.deps.database.db.select().from(signals).where(eq(signals.userId, user.id))).length;

/**
 * An overloaded process: the event loop runs a little between slices of synchronous work,
 * each longer than the limit, as when work arrives faster than it is done.
 */
function overload() {
  let running = true;
  const slice = () => {
    if (!running) return;
    const until = performance.now() + webhookMaxLoopDelayMs + 200;
    while (performance.now() < until) {
      // busy: nothing else runs
    }
    setTimeout(slice, 1);
  };
  setTimeout(slice, 1);
  return () => {
    running = false;
  };
}

describe('webhook under overload', () => {
  it('refuses alerts with 503 before storing them while the event loop lags, and takes them again after', async () => {
    expect((await alert()).statusCode).toBe(200);
    expect(await stored()).toBe(1);

    const stop = overload();
    // Two slices: the lag monitor has sampled the delay by then.
    await new Promise((resolve) => setTimeout(resolve, 2 * (webhookMaxLoopDelayMs + 200)));
    const refused = await alert();
    stop();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringContaining('did not store this alert'),
    });
    expect(await stored()).toBe(1);

    // The monitor samples a few times a second: soon after the load is gone, alerts pass.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await alert()).statusCode).toBe(200);
    expect(await stored()).toBe(2);
  }, 20_000);
});
