import { closeCodes } from '@signalrelay/contracts/ea-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createCaptureLogger } from '../../../test/capture-logger.ts';
import { helloFrame, openEaSocket } from '../../../test/ea-socket.ts';
import { createTestUser } from '../../../test/users.ts';
import { licenseCaps } from '../../core/license-caps.ts';
import { eaLimits } from './relay-limits.ts';

const capture = createCaptureLogger('info');
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ logger: capture.logger });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** Opens a socket, says hello, and returns the first answer and the close code. */
async function helloOnce(licenseNumber: string, extra: Record<string, unknown> = {}) {
  const ea = await openEaSocket(baseUrl);
  ea.send(helloFrame(licenseNumber, extra));
  const first = await ea.next((f) => f.type === 'welcome' || f.type === 'error');
  ea.close();
  return { first, closed: await ea.closed };
}

const poll = (licenseNumber: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ea/poll',
    remoteAddress,
    payload: { v: 1, licenseNumber, platform: 'mt4', account: '1', broker: 'B', waitMs: 0 },
  });

describe('EA gateway budgets', () => {
  it('answers unknown licenses 401 per IP up to the budget, then 429 with Retry-After', async () => {
    const guess = 'SR-GUESS-00000-00000-00000-000000';
    for (let i = 0; i < eaLimits.missesPerIp.burst; i++) {
      expect((await poll(`${guess}${i}`, '203.0.113.7')).statusCode).toBe(401);
    }
    const throttled = await poll(`${guess}x`, '203.0.113.7');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected, and a real license from the throttled one still works.
    expect((await poll(`${guess}y`, '203.0.113.8')).statusCode).toBe(401);
    const user = await createTestUser(t.deps.database.db);
    expect((await poll(user.licenseNumber, '203.0.113.7')).statusCode).toBe(200);

    // Logged once, with the address and never the license numbers tried.
    const warnings = capture.lines.filter((l) => l.msg === 'unknown license numbers throttled');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ ip: '203.0.113.7', refused: 1 });
    expect(JSON.stringify(capture.lines)).not.toContain('SR-GUESS');
  });

  it('closes hellos with unknown licenses 4401, then 1013 RATE_LIMITED past the budget', async () => {
    // The poll test above spent nothing from 127.0.0.1.
    for (let i = 0; i < eaLimits.missesPerIp.burst; i++) {
      const { first, closed } = await helloOnce(`SR-NOPE-${i}`);
      expect(first).toMatchObject({ type: 'error', code: 'LICENSE_INVALID' });
      expect(closed.code).toBe(closeCodes.licenseInvalid);
    }
    const { first, closed } = await helloOnce('SR-NOPE-LAST');
    expect(first).toMatchObject({ type: 'error', code: 'RATE_LIMITED' });
    expect(closed.code).toBe(closeCodes.tryAgainLater);
    const user = await createTestUser(t.deps.database.db);
    expect((await helloOnce(user.licenseNumber)).first).toMatchObject({ type: 'welcome' });
  });

  it('limits how often one license may say hello', async () => {
    const user = await createTestUser(t.deps.database.db);
    for (let i = 0; i < eaLimits.helloPerLicense.burst; i++) {
      // Several terminals of the license, within its terminal cap.
      const account = String(1000 + (i % licenseCaps.terminals));
      const { first } = await helloOnce(user.licenseNumber, { account });
      expect(first, `hello ${i}`).toMatchObject({ type: 'welcome' });
    }
    const { first, closed } = await helloOnce(user.licenseNumber);
    expect(first).toMatchObject({ type: 'error', code: 'RATE_LIMITED' });
    expect(closed.code).toBe(closeCodes.tryAgainLater);
    // Another license is not affected.
    const other = await createTestUser(t.deps.database.db);
    expect((await helloOnce(other.licenseNumber)).first).toMatchObject({ type: 'welcome' });
  });
});

describe('orders report budget', () => {
  it('answers unknown licenses 401 per IP up to the budget, then 429', async () => {
    const report = (licenseNumber: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/report',
        remoteAddress: '203.0.113.99',
        payload: { v: 1, licenseNumber, platform: 'mt5', account: '1', broker: 'B', orders: [] },
      });
    for (let i = 0; i < eaLimits.missesPerIp.burst; i++) {
      expect((await report(`SR-ORDERS-${i}`)).statusCode).toBe(401);
    }
    const throttled = await report('SR-ORDERS-LAST');
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  });
});
