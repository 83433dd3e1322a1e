import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { until } from '../../../../bridge/test/wait.ts';
import { helloFrame, openEaSocket, welcomedEaSocket } from '../../../test/ea-socket.ts';
import { sessionCookie } from '../../../test/sessions.ts';
import { createTestUser } from '../../../test/users.ts';
import { alertFields } from '../../../test/webhook.ts';
import { ackHoldMs } from './relay-service.ts';
import { db, postAlert, signalRow, t, useRelayApp } from './relay-test-setup.ts';

useRelayApp();

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
