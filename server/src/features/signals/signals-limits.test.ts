import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createCaptureLogger } from '../../../test/capture-logger.ts';
import { createTestUser } from '../../../test/users.ts';
import { signals } from '../../db/schema/signals.ts';
import { webhookLimits } from './signals-limits.ts';

const capture = createCaptureLogger('info');
let t: TestApp;
// A stopped clock: the buckets must not refill while the test sends its hundreds of alerts.
let clock = Date.now();

beforeAll(async () => {
  t = await createTestApp({ logger: capture.logger, now: () => clock });
});
afterAll(() => t.close());

/** TradingView's first address: every user's alerts come from here. */
const tradingView = '52.89.214.238';

/** Test signals, so the daily quota (which they do not count against) stays out of it. */
const alert = (licenseNumber: string, remoteAddress = tradingView) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhook/handleWebhook',
    remoteAddress,
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({
      licenseNumber,
      symbol: 'EURUSD',
      position: 'buy',
      lot: 0.01,
      isTest: true,
    }),
  });

describe('webhook budgets', () => {
  it('takes a burst of uncounted signals per license, refuses the flood after it unstored', async () => {
    const user = await createTestUser(t.deps.database.db);
    for (let i = 0; i < webhookLimits.uncountedPerLicense.burst; i++) {
      expect((await alert(user.licenseNumber)).statusCode, `alert ${i}`).toBe(200);
    }
    const refused = await alert(user.licenseNumber);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const stored = await t.deps.database.db
      .select({ id: signals.id })
      .from(signals)
      .where(eq(signals.userId, user.id));
    expect(stored).toHaveLength(webhookLimits.uncountedPerLicense.burst);
    // Same address, other license: served. TradingView's address is never throttled as such.
    const other = await createTestUser(t.deps.database.db);
    expect((await alert(other.licenseNumber)).statusCode).toBe(200);
    // The bucket refills: one more a second.
    clock += 2000;
    expect((await alert(user.licenseNumber)).statusCode).toBe(200);
  });

  it('answers unknown licenses 401 per IP up to the budget, then 429; valid ones still pass', async () => {
    const guesser = '198.51.100.23';
    for (let i = 0; i < webhookLimits.missesPerIp.burst; i++) {
      const res = await alert(`SR-WRONG-${i}`, guesser);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'LICENSE_INVALID' });
    }
    const throttled = await alert('SR-WRONG-LAST', guesser);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect((await alert('SR-WRONG-ELSEWHERE', '198.51.100.24')).statusCode).toBe(401);
    const user = await createTestUser(t.deps.database.db);
    expect((await alert(user.licenseNumber, guesser)).statusCode).toBe(200);

    const warnings = capture.lines.filter((l) => l.msg === 'unknown license numbers throttled');
    expect(warnings).toEqual([expect.objectContaining({ ip: guesser, route: 'webhook' })]);
    expect(JSON.stringify(capture.lines)).not.toContain('SR-WRONG');
  });
});
