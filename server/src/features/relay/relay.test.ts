import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../../bridge/test/wait.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  helloFrame,
  openEaSocket,
  pollIdentity,
  pollOnce,
  postPoll,
  welcomedEaSocket,
} from '../../../test/ea-socket.ts';
import { sessionCookie } from '../../../test/sessions.ts';
import { createTestUser } from '../../../test/users.ts';
import { alertFields, postWebhook } from '../../../test/webhook.ts';
import { signals } from '../../db/schema/signals.ts';
import { pollWaitMs } from './relay-poll.ts';
import { ackHoldMs } from './relay-service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ redis: true, SIGNAL_TTL_MS: 1500, listen: true });
});
afterAll(() => t.close());

const db = () => t.deps.database.db;

async function postAlert(body: Record<string, unknown>) {
  const res = await postWebhook(t.baseUrl, body);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function signalRow(id: string) {
  const [row] = await db().select().from(signals).where(eq(signals.id, id));
  return row!;
}

describe('EA gateway over WebSocket', () => {
  it('delivers an alert to the EA and records the result with hop timings', async () => {
    const user = await createTestUser(db());
    const ea = await openEaSocket(t.baseUrl);
    ea.send(helloFrame(user.licenseNumber));
    const welcome = await ea.next((f) => f.type === 'welcome');
    expect(welcome).toMatchObject({ v: 1, heartbeatMs: 2000 });

    const reply = await postAlert(
      alertFields(user.licenseNumber, { symbol: 'OANDA:EURUSD', position: 'Long', lot: '0.05' }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ ok: true, status: 'pending', delivered: true });
    const id = reply.body.signalId as string;

    const frame = (await ea.next((f) => f.type === 'signal')) as {
      signal: Record<string, unknown>;
    };
    expect(frame.signal).toMatchObject({
      id,
      symbol: 'EURUSD',
      position: 'buy',
      lot: 0.05,
      isTest: false,
    });
    expect(frame.signal.ttlMs).toBeGreaterThan(1000);

    ea.send({ type: 'received', id });
    ea.send({
      type: 'result',
      id,
      status: 'success',
      ticket: '50123456',
      price: 1.08342,
      retcode: 10009,
      executedAt: Date.now(),
    });
    const row = await until(async () => {
      const r = await signalRow(id);
      return r.status === 'success' ? r : null;
    });
    expect(row.ticket).toBe('50123456');
    expect(row.deliveredAt!.getTime()).toBeGreaterThanOrEqual(row.receivedAt.getTime());
    expect(row.executedAt).not.toBeNull();
    ea.close();
  });

  it('stores an acknowledgement with its own time, whether its result follows at once or never', async () => {
    const user = await createTestUser(db());
    const ea = await welcomedEaSocket(t.baseUrl, user.licenseNumber);
    const alert = { licenseNumber: user.licenseNumber, symbol: 'EURUSD', position: 'buy', lot: 1 };
    const traded = (await postAlert(alert)).body.signalId as string;
    const unanswered = (await postAlert(alert)).body.signalId as string;
    const has = (id: string) => (f: Record<string, unknown>) =>
      f.type === 'signal' && (f.signal as { id: string }).id === id;
    await ea.next(has(traded));
    await ea.next(has(unanswered));

    ea.send({ type: 'received', id: traded });
    ea.send({ type: 'received', id: unanswered });
    // The result comes while the acknowledgement is still held, and carries it.
    await new Promise((r) => setTimeout(r, ackHoldMs / 2));
    ea.send({ type: 'result', id: traded, status: 'success', ticket: '7', retcode: 10009 });

    const row = await until(async () => {
      const r = await signalRow(traded);
      return r.status === 'success' ? r : null;
    });
    // Delivered when the acknowledgement arrived, not when the result did.
    expect(row.executedAt!.getTime() - row.deliveredAt!.getTime()).toBeGreaterThanOrEqual(
      ackHoldMs / 2 - 5,
    );
    const lone = await until(async () => {
      const r = await signalRow(unanswered);
      return r.deliveredAt ? r : null;
    }, 1000);
    expect(lone.status).toBe('pending');
    expect(lone.deliveredAt!.getTime()).toBeLessThanOrEqual(row.deliveredAt!.getTime() + 5);
    ea.close();
  });

  it('rejects an unknown license with close code 4401', async () => {
    const ea = await openEaSocket(t.baseUrl);
    ea.send(helloFrame('SR-NOT-A-REAL-LICENSE'));
    expect(await ea.next((f) => f.type === 'error')).toMatchObject({ code: 'LICENSE_INVALID' });
    expect((await ea.closed).code).toBe(4401);
  });

  it('closes an EA with 4401 as soon as its license is regenerated', async () => {
    const user = await createTestUser(db());
    const ea = await welcomedEaSocket(t.baseUrl, user.licenseNumber);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/license/regenerate',
      headers: {
        cookie: await sessionCookie(t.app, db(), user.id),
        origin: t.deps.config.publicUrl,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await ea.next((f) => f.type === 'error')).toMatchObject({ code: 'LICENSE_INVALID' });
    expect((await ea.closed).code).toBe(4401);
  });

  it('rejects frames before hello with 4400', async () => {
    const ea = await openEaSocket(t.baseUrl);
    ea.send({ type: 'ping', t: 1 });
    expect(await ea.next((f) => f.type === 'error')).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await ea.closed).code).toBe(4400);
  });

  it('answers ping with pong', async () => {
    const user = await createTestUser(db());
    const ea = await welcomedEaSocket(t.baseUrl, user.licenseNumber);
    ea.send({ type: 'ping', t: 42 });
    expect(await ea.next((f) => f.type === 'pong')).toEqual({ type: 'pong', t: 42 });
    ea.close();
  });

  it('answers pings and stores later results while an earlier result waits on the database', async () => {
    const user = await createTestUser(db());
    const ea = await welcomedEaSocket(t.baseUrl, user.licenseNumber);
    const ids: string[] = [];
    for (const symbol of ['EURUSD', 'USDJPY']) {
      const reply = await postAlert({
        licenseNumber: user.licenseNumber,
        symbol,
        position: 'buy',
        lot: 0.01,
      });
      expect(reply.status).toBe(200);
      ids.push(reply.body.signalId as string);
    }
    const [slow, fast] = ids as [string, string];

    // A row lock holds the first result's write, as a slow database would.
    await db().transaction(async (tx) => {
      await tx.execute(sql`select id from signals where id = ${slow} for update`);
      ea.send({ type: 'result', id: slow, status: 'success', ticket: '1' });
      await new Promise((r) => setTimeout(r, 100));
      ea.send({ type: 'ping', t: 7 });
      expect(await ea.next((f) => f.type === 'pong' && f.t === 7, 500)).toBeTruthy();
      ea.send({ type: 'result', id: fast, status: 'success', ticket: '2' });
      await until(async () => (await signalRow(fast)).status === 'success', 1000);
      expect((await signalRow(slow)).status).toBe('pending');
    });
    await until(async () => (await signalRow(slow)).status === 'success');
    ea.close();
  });

  it('replays an undelivered signal once on reconnect within the TTL', async () => {
    const user = await createTestUser(db());
    const reply = await postAlert(
      alertFields(user.licenseNumber, { symbol: 'XAUUSD', position: 'sell', lot: 1 }),
    );
    expect(reply.body.delivered).toBe(false);
    const id = reply.body.signalId as string;

    const ea = await openEaSocket(t.baseUrl);
    ea.send(helloFrame(user.licenseNumber));
    await ea.next((f) => f.type === 'signal' && (f.signal as { id: string }).id === id);
    ea.send({ type: 'received', id });
    await until(async () => (await signalRow(id)).deliveredAt);
    ea.close();
    await ea.closed;

    const again = await welcomedEaSocket(t.baseUrl, user.licenseNumber);
    await new Promise((r) => setTimeout(r, 200));
    expect(again.frames.filter((f) => f.type === 'signal')).toHaveLength(0);
    again.close();
  });

  it('marks a signal nobody received as failed after the TTL', async () => {
    const user = await createTestUser(db());
    const reply = await postAlert(alertFields(user.licenseNumber, { lot: 0.1 }));
    const id = reply.body.signalId as string;
    const row = await until(async () => {
      const r = await signalRow(id);
      return r.status === 'failed' ? r : null;
    }, 6000);
    expect(row.deliveredAt).toBeNull();
  });

  it('only sends a platform-specific signal to terminals of that platform', async () => {
    const user = await createTestUser(db());
    const mt4 = await welcomedEaSocket(t.baseUrl, user.licenseNumber, {
      platform: 'mt4',
      account: '111',
    });
    const mt5 = await welcomedEaSocket(t.baseUrl, user.licenseNumber, {
      platform: 'mt5',
      account: '222',
    });

    const reply = await postAlert({
      licenseNumber: user.licenseNumber,
      symbol: 'EURUSD',
      position: 'closeall',
      platform: 'MT5',
    });
    const id = reply.body.signalId as string;
    await mt5.next((f) => f.type === 'signal' && (f.signal as { id: string }).id === id);
    await new Promise((r) => setTimeout(r, 150));
    expect(mt4.frames.some((f) => f.type === 'signal')).toBe(false);
    mt4.close();
    mt5.close();
  });
});

describe('EA gateway over long-poll', () => {
  const poll = (body: Record<string, unknown>) => pollOnce(t.baseUrl, body);

  it('answers a held poll as soon as a signal arrives, then records received and result', async () => {
    const user = await createTestUser(db());
    const held = poll(pollIdentity(user.licenseNumber));
    await new Promise((r) => setTimeout(r, 150));
    const reply = await postAlert(
      alertFields(user.licenseNumber, { symbol: 'GBPUSD', position: 'sell', lot: 0.2 }),
    );
    expect(reply.body.delivered).toBe(true);
    const id = reply.body.signalId as string;
    const answer = await held;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ waitMs: 20_000, heartbeatMs: 2000 });
    expect((answer.body.signals as { id: string }[]).map((s) => s.id)).toEqual([id]);

    const res = await fetch(`${t.baseUrl}/api/ea/result`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...pollIdentity(user.licenseNumber),
        id,
        status: 'error',
        message: 'Market is closed',
        retcode: 10018,
      }),
    });
    expect(res.status).toBe(200);
    const row = await signalRow(id);
    expect(row.status).toBe('error');
    expect(row.errorMessage).toBe('Market is closed');
  });

  it('returns waiting signals at once and stops once they are acknowledged', async () => {
    const user = await createTestUser(db());
    const reply = await postAlert(alertFields(user.licenseNumber, { lot: 0.1 }));
    const id = reply.body.signalId as string;
    const first = await poll(pollIdentity(user.licenseNumber));
    expect((first.body.signals as { id: string }[]).map((s) => s.id)).toEqual([id]);

    const second = poll({ ...pollIdentity(user.licenseNumber), received: [id] });
    const raced = await Promise.race([
      second.then(() => 'answered'),
      new Promise((r) => setTimeout(() => r('held'), 300)),
    ]);
    expect(raced).toBe('held');
    await postAlert({ licenseNumber: user.licenseNumber, symbol: 'EURUSD', position: 'closebuy' });
    const answer = await second;
    expect((answer.body.signals as { position: string }[]).map((s) => s.position)).toEqual([
      'closebuy',
    ]);
  });

  it('rejects an unknown license with 401 LICENSE_INVALID', async () => {
    const res = await poll(pollIdentity('SR-WRONG'));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('LICENSE_INVALID');
  });
});

describe('long-poll hold', () => {
  /** A new user's first poll, with nothing waiting: its reply and how long it was held. */
  async function emptyPoll(waitMs: number) {
    const user = await createTestUser(db());
    const started = Date.now();
    const res = await postPoll(t.baseUrl, { ...pollIdentity(user.licenseNumber), waitMs });
    const body = (await res.json()) as { signals: unknown[]; waitMs: number };
    return { status: res.status, body, heldMs: Date.now() - started };
  }

  it('keeps an idle connection open longer than the longest hold', () => {
    // A held poll sends nothing; a socket idle past server.timeout is destroyed under it.
    expect(t.app.server.timeout).toBeGreaterThan(pollWaitMs + 5000);
  });

  it('holds no longer than the EA asks (waitMs), at least its last quarter, and echoes the value used', async () => {
    const { status, body, heldMs } = await emptyPoll(300);
    expect(status).toBe(200);
    expect(body).toMatchObject({ signals: [], waitMs: 300 });
    expect(heldMs).toBeGreaterThanOrEqual(0.75 * 300 - 10);
    expect(heldMs).toBeLessThan(2000);
  });

  it('spreads out the end of polls held together, so EAs that polled at once do not come back at once', async () => {
    const polls = await Promise.all(Array.from({ length: 10 }, () => emptyPoll(400)));
    for (const { body } of polls) expect(body).toMatchObject({ signals: [], waitMs: 400 });
    const heldMs = polls.map((p) => p.heldMs);
    // Ten holds at random in the last 100 ms: all ten within 20 ms of each other is ~1e-5 likely.
    expect(Math.max(...heldMs) - Math.min(...heldMs)).toBeGreaterThan(20);
    expect(Math.min(...heldMs)).toBeGreaterThanOrEqual(0.75 * 400 - 10);
  });
});
