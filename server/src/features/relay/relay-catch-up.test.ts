import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { pollIdentity, pollOnce, welcomedEaSocket } from '../../../test/ea-socket.ts';
import { newSignal } from '../../../test/signals.ts';
import { createTestUser } from '../../../test/users.ts';
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
    // Its link is whole (the first poll read Postgres): only a catch-up makes it read again.
    expect((await pollOnce(t.baseUrl, { ...identity, waitMs: 0 })).body.signals).toEqual([]);
    const id = await storedWithoutDoorbell(user.id);
    const started = Date.now();
    const arrived: string[] = [];
    while (arrived.length === 0 && Date.now() - started < withinMs) {
      const reply = await pollOnce(t.baseUrl, { ...identity, waitMs: 20_000 });
      arrived.push(...(reply.body.signals as { id: string }[]).map((s) => s.id));
    }
    expect(arrived).toEqual([id]);
  });
});
