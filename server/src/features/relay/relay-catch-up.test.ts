import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { pollIdentity, pollOnce, welcomedEaSocket } from '../../../test/ea-socket.ts';
import { newSignal } from '../../../test/signals.ts';
import { createTestUser } from '../../../test/users.ts';
import { alertFields, postWebhook } from '../../../test/webhook.ts';
import { signals } from '../../db/schema/signals.ts';
import { catchUpAfterMs, catchUpEveryMs } from './relay-catch-up.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ redis: true, listen: true, SIGNAL_TTL_MS: 30_000 });
});
afterAll(() => t.close());

/**
 * A signal stored as intake stores it, `catchUpAfterMs` ago, whose doorbell never rang: the
 * instance that took its alert was killed the moment after its commit.
 */
async function storedWithoutDoorbell(userId: string) {
  const receivedAt = new Date(Date.now() - catchUpAfterMs - 100);
  const [row] = await t.deps.database.db
    .insert(signals)
    .values({
      id: crypto.randomUUID(),
      ...newSignal(userId, { receivedAt, expiresAt: new Date(receivedAt.getTime() + 30_000) }),
    })
    .returning({ id: signals.id });
  return row!.id;
}

/** Longest wait for the catch-up: its interval, and its reads. */
const withinMs = catchUpEveryMs + 2000;

describe('a signal whose doorbell never rang', () => {
  it('reaches a WebSocket EA connected all along, within one catch-up', async () => {
    const user = await createTestUser(t.deps.database.db);
    const ea = await welcomedEaSocket(t.baseUrl, user.licenseNumber);
    const id = await storedWithoutDoorbell(user.id);
    const frame = await ea.next((f) => f.type === 'signal', withinMs);
    expect((frame.signal as { id: string }).id).toBe(id);
    ea.close();
  });

  it('reaches a long-poll EA polling all along, within one catch-up', async () => {
    const user = await createTestUser(t.deps.database.db);
    const identity = pollIdentity(user.licenseNumber);
    const first = (await postWebhook(t.baseUrl, alertFields(user.licenseNumber)).then((r) =>
      r.json(),
    )) as { signalId: string };
    const reply = await pollOnce(t.baseUrl, { ...identity, waitMs: 0 });
    expect((reply.body.signals as { id: string }[]).map((s) => s.id)).toEqual([first.signalId]);
    const id = await storedWithoutDoorbell(user.id);
    // Its link is whole and the poll acknowledges its last reply: the poll is held, not read,
    // until the catch-up wakes it; the one after reads Postgres.
    const started = Date.now();
    let received = [first.signalId];
    const arrived: string[] = [];
    while (arrived.length === 0 && Date.now() - started < withinMs) {
      const next = await pollOnce(t.baseUrl, { ...identity, received, waitMs: 20_000 });
      received = (next.body.signals as { id: string }[]).map((s) => s.id);
      arrived.push(...received);
    }
    expect(arrived).toEqual([id]);
  }, 30_000);
});
