import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pollIdentity, pollOnce } from '../../../test/ea-socket.ts';
import { installSlowCommits, slowCommit } from '../../../test/slow-commits.ts';
import { createTestUser } from '../../../test/users.ts';
import { alertFields } from '../../../test/webhook.ts';
import { rowsOf } from '../../db/db.ts';
import { db, postAlert, t, useRelayApp } from './relay-test-setup.ts';

useRelayApp();
beforeAll(() => installSlowCommits(db()));

/** Resolves once `count` statements wait for the lock on `signals`. */
async function lockWaiters(count: number) {
  for (;;) {
    const result = await db().execute(sql`
      select count(*)::int as n from pg_locks
      where relation = 'signals'::regclass and not granted`);
    if (rowsOf<{ n: number }>(result)[0]!.n >= count) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A held poll of a new user's EA (held 150 ms first, so it is registered). */
async function heldPoll() {
  const user = await createTestUser(db());
  const answer = pollOnce(t.baseUrl, pollIdentity(user.licenseNumber));
  await new Promise((r) => setTimeout(r, 150));
  return { user, answer };
}

describe('a basket over long-poll', () => {
  it('reaches a held poll in one reply when its alerts are stored by two INSERTs', async () => {
    const { user, answer } = await heldPoll();
    // Both alerts' INSERTs wait for this lock, as two statements (the first is in flight when
    // the second alert comes); released together, they commit a moment apart.
    const posted: ReturnType<typeof postAlert>[] = [];
    await db().transaction(async (tx) => {
      await tx.execute(sql`lock table signals in share mode`);
      posted.push(postAlert(alertFields(user.licenseNumber, { symbol: 'EURUSD' })));
      await lockWaiters(1);
      posted.push(postAlert(alertFields(user.licenseNumber, { symbol: 'GBPUSD' })));
      await lockWaiters(2);
    });

    const ids = (await Promise.all(posted)).map((r) => r.body.signalId);
    const reply = await answer;
    expect((reply.body.signals as { id: string }[]).map((s) => s.id).sort()).toEqual(ids.sort());
  });

  it('does not wait for an alert under way past the gathering time (basketGatherMs)', async () => {
    const { user, answer } = await heldPoll();
    // The second alert's INSERT commits 1.5 s late; the first is pushed meanwhile.
    await slowCommit(db(), 'slow-leg', 1500);
    let slowStored = false;
    const slow = postAlert(alertFields(user.licenseNumber, { alertId: 'slow-leg' })).then((r) => {
      slowStored = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 100));
    const first = await postAlert(alertFields(user.licenseNumber, { symbol: 'GBPUSD' }));
    const reply = await answer;

    expect(slowStored).toBe(false);
    expect((reply.body.signals as { id: string }[]).map((s) => s.id)).toEqual([
      first.body.signalId,
    ]);
    expect((await slow).status).toBe(200);
  });
});
