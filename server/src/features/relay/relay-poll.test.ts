import { describe, expect, it } from 'vitest';
import { pollIdentity, pollOnce, postPoll } from '../../../test/ea-socket.ts';
import { createTestUser } from '../../../test/users.ts';
import { alertFields } from '../../../test/webhook.ts';
import { pollWaitMs } from './relay-poll.ts';
import { db, postAlert, signalRow, t, useRelayApp } from './relay-test-setup.ts';

useRelayApp();

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
