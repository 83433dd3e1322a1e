import { signalHistoryReplySchema, signalStatsReplySchema } from '@signalrelay/contracts/signals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { sessionCookie } from '../../../test/sessions.ts';
import { createTestUser } from '../../../test/users.ts';
import { signals } from '../../db/schema/signals.ts';

let t: TestApp;
let user: Awaited<ReturnType<typeof createTestUser>>;
let cookie: string;
const minute = 60_000;

beforeAll(async () => {
  t = await createTestApp({ redis: true });
  const db = t.deps.database.db;
  user = await createTestUser(db, { plan: 'basic' });
  cookie = await sessionCookie(t.app, db, user.id);
  // 250 stored signals, one a minute going back, with a mix of outcomes and platforms.
  const statuses = ['success', 'error', 'failed', 'pending', 'quota_blocked'] as const;
  const now = Date.now();
  await db.insert(signals).values(
    Array.from({ length: 250 }, (_, i) => ({
      userId: user.id,
      symbol: i % 2 ? 'EURUSD' : 'XAUUSD',
      position: 'buy' as const,
      lot: 0.01,
      status: statuses[i % 5]!,
      isTest: i % 50 === 0,
      platform: i % 3 ? ('mt5' as const) : ('mt4' as const),
      receivedAt: new Date(now - i * 60 * minute),
      expiresAt: new Date(now - i * 60 * minute + 30_000),
      deliveredAt: i % 5 === 0 ? new Date(now - i * 60 * minute + 3) : null,
    })),
  );
});
afterAll(() => t.close());

function history(
  query: Record<string, string | number>,
  headers: Record<string, string> = { cookie },
) {
  const qs = new URLSearchParams({
    licenseNumber: user.licenseNumber,
    ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  return t.app.inject({ method: 'GET', url: `/api/webhook/signalHistory?${qs}`, headers });
}

describe('GET /api/webhook/signalHistory', () => {
  it('needs a session', async () => {
    expect((await history({}, {})).statusCode).toBe(401);
  });

  it("refuses another user's license", async () => {
    const other = await createTestUser(t.deps.database.db);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/webhook/signalHistory?licenseNumber=${encodeURIComponent(other.licenseNumber)}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(403);
  });

  it('returns the newest page with summary and quota', async () => {
    const res = await history({ pageSize: 20 });
    expect(res.statusCode).toBe(200);
    // The reply is the contract the client reads it by.
    const body = signalHistoryReplySchema.parse(res.json());
    expect(body.signals).toHaveLength(20);
    expect(body.total).toBe(250);
    expect(body.summary.total).toBe(250);
    expect(body.quota).toMatchObject({ used: 0, limit: 100, remaining: 100 });
    const times = body.signals.map((s) => Date.parse(s.receivedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.signals[0]).toMatchObject({ displayStatus: 'test_success', isTest: true });
  });

  it('filters by status, platform and period and pages without overlap', async () => {
    const failed = (await history({ status: 'failed', pageSize: 100 })).json();
    expect(
      failed.signals.every((s: { displayStatus: string }) => s.displayStatus === 'failed'),
    ).toBe(true);
    const mt4 = (await history({ platform: 'mt4', pageSize: 100 })).json();
    expect(mt4.total).toBe(Math.ceil(250 / 3));
    const day = (await history({ period: '24h' })).json();
    expect(day.total).toBe(24);
    const p1 = (await history({ pageSize: 50, page: 1, sort: 'asc' })).json();
    const p2 = (await history({ pageSize: 50, page: 2, sort: 'asc' })).json();
    const ids = new Set([...p1.signals, ...p2.signals].map((s: { id: string }) => s.id));
    expect(ids.size).toBe(100);
    expect(Date.parse(p1.signals[0].receivedAt)).toBeLessThan(Date.parse(p2.signals[0].receivedAt));
  });

  it('rejects a page size outside 20/50/100 naming the field', async () => {
    const res = await history({ pageSize: 7 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('pageSize');
  });

  it('gives daily counts and delivery latency percentiles', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/webhook/signalStats?licenseNumber=${encodeURIComponent(user.licenseNumber)}&days=14`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const { days } = signalStatsReplySchema.parse(res.json());
    expect(days.length).toBeGreaterThan(5);
    expect(days.reduce((n, d) => n + d.total, 0)).toBeGreaterThan(200);
    expect(days.find((d) => d.p50DeliveryMs !== null)?.p50DeliveryMs).toBe(3);
  });
});

describe('GET /api/live', () => {
  const listening = async () => {
    const address = t.app.server.address() as { port: number } | null;
    return address
      ? `http://127.0.0.1:${address.port}`
      : t.app.listen({ port: 0, host: '127.0.0.1' });
  };

  it('refuses a socket without a session', async () => {
    const url = await listening();
    const socket = new WebSocket(`${url.replace('http', 'ws')}/api/live`);
    const status = await new Promise((resolve) =>
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode)),
    );
    expect(status).toBe(401);
  });

  it("refuses a page of another site, even with the user's cookie (403)", async () => {
    const url = await listening();
    for (const origin of ['https://evil.example', 'null']) {
      const socket = new WebSocket(`${url.replace('http', 'ws')}/api/live`, {
        headers: { cookie, origin },
      });
      const status = await new Promise((resolve) =>
        socket.once('unexpected-response', (_req, res) => resolve(res.statusCode)),
      );
      expect(status).toBe(403);
    }
    const own = new WebSocket(`${url.replace('http', 'ws')}/api/live`, {
      headers: { cookie, origin: t.deps.config.publicUrl },
    });
    await new Promise((resolve, reject) => {
      own.once('open', resolve);
      own.once('error', reject);
    });
    own.close();
  });

  it('pushes the EA state, then new signals and quota as they happen', async () => {
    const url = await listening();
    const socket = new WebSocket(`${url.replace('http', 'ws')}/api/live`, { headers: { cookie } });
    const events: { type: string }[] = [];
    socket.on('message', (d) => events.push(JSON.parse(d.toString())));
    await new Promise((r) => socket.once('open', r));
    const until = async (type: string) => {
      for (let i = 0; i < 100 && !events.some((e) => e.type === type); i++)
        await new Promise((r) => setTimeout(r, 20));
      return events.find((e) => e.type === type);
    };
    expect(await until('ea')).toMatchObject({ connected: false });
    await t.app.inject({
      method: 'POST',
      url: '/api/webhook/handleWebhook',
      payload: { licenseNumber: user.licenseNumber, symbol: 'EURUSD', position: 'buy', lot: 0.01 },
    });
    expect(await until('signal')).toMatchObject({
      signal: { symbol: 'EURUSD', displayStatus: 'pending' },
    });
    expect(await until('quota')).toMatchObject({ used: 1, limit: 100, remaining: 99 });
    socket.close();
  });
});
