import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createTestUser } from '../../../test/users.ts';
import { signals } from '../../db/schema/signals.ts';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function appWith(options: Parameters<typeof createTestApp>[0]) {
  const t = await createTestApp(options);
  apps.push(t);
  return t;
}

function send(t: TestApp, licenseNumber: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhook/handleWebhook',
    payload: { licenseNumber, symbol: 'EURUSD', position: 'buy', lot: 0.01, ...extra },
  });
}

async function statusOf(t: TestApp, id: string) {
  const [row] = await t.deps.database.db.select().from(signals).where(eq(signals.id, id));
  return row!.status;
}

describe('daily quota (real Redis)', () => {
  it('lets the 100th basic signal through and blocks the 101st, test signals uncounted', async () => {
    const t = await appWith({ redis: true });
    const user = await createTestUser(t.deps.database.db, { plan: 'basic' });
    for (let i = 1; i <= 100; i++) {
      const res = await send(t, user.licenseNumber);
      expect(res.statusCode, `signal ${i}`).toBe(200);
      if (i % 25 === 0) {
        const test = await send(t, user.licenseNumber, { isTest: true });
        expect(test.statusCode).toBe(200);
      }
    }
    const blocked = await send(t, user.licenseNumber);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(
      'Daily signal quota (100) exceeded. Signal was not transferred to terminal.',
    );
    expect(await statusOf(t, blocked.json().signalId)).toBe('quota_blocked');

    const test = await send(t, user.licenseNumber, { isTest: true });
    expect(test.statusCode).toBe(200);
  });

  it('blocks every real signal on the free plan but accepts test signals', async () => {
    const t = await appWith({ redis: true });
    const user = await createTestUser(t.deps.database.db, { plan: 'free' });
    const res = await send(t, user.licenseNumber);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Free plan does not support signal transfer. Upgrade to Basic or Pro plan.',
    );
    expect(await statusOf(t, res.json().signalId)).toBe('quota_blocked');
    expect((await send(t, user.licenseNumber, { isTest: true })).statusCode).toBe(200);
  });
});

describe('quota day boundary in New York (injected clock)', () => {
  // Days that start or end on a DST change: 2026-03-08 (23 h) and 2026-11-01 (25 h).
  const cases = [
    {
      name: 'spring forward',
      lastMinute: '2026-03-08T04:59:30Z', // 23:59:30 EST, 7 March
      afterMidnight: '2026-03-08T05:00:01Z', // 00:00:01 EST, 8 March
      nextEvening: '2026-03-09T03:59:00Z', // 23:59 EDT, 8 March: same day
      nextMidnight: '2026-03-09T04:00:01Z', // 00:00:01 EDT, 9 March
    },
    {
      name: 'fall back',
      lastMinute: '2026-11-01T03:59:30Z', // 23:59:30 EDT, 31 October
      afterMidnight: '2026-11-01T04:00:01Z', // 00:00:01 EDT, 1 November
      nextEvening: '2026-11-02T04:59:00Z', // 23:59 EST, 1 November: same day
      nextMidnight: '2026-11-02T05:00:01Z', // 00:00:01 EST, 2 November
    },
  ];

  it.each(cases)('resets at local midnight across $name', async (c) => {
    let clock = Date.parse(c.lastMinute);
    const t = await appWith({ now: () => clock });
    const user = await createTestUser(t.deps.database.db, { plan: 'basic' });
    const fill = async () => {
      for (let i = 0; i < 100; i++)
        expect((await send(t, user.licenseNumber)).statusCode).toBe(200);
      expect((await send(t, user.licenseNumber)).statusCode).toBe(429);
    };
    await fill();

    clock = Date.parse(c.afterMidnight);
    await fill();

    clock = Date.parse(c.nextEvening);
    expect((await send(t, user.licenseNumber)).statusCode).toBe(429);

    clock = Date.parse(c.nextMidnight);
    expect((await send(t, user.licenseNumber)).statusCode).toBe(200);
  });
});
