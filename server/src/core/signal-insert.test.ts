import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignalStore } from '../../test/signal-store.ts';
import { newSignal } from '../../test/signals.ts';
import { createTestUser } from '../../test/users.ts';
import { signals } from '../db/schema/signals.ts';

const setup = useSignalStore();

describe('signal store: inserts that arrive together', () => {
  it('stores each in one batch, with its own values, and skips alert ids already taken', async () => {
    const alice = await createTestUser(setup.testDatabase.database.db);
    const bob = await createTestUser(setup.testDatabase.database.db);
    await setup.store.insert(newSignal(alice.id, { alertId: 'taken' }));

    const inputs = [
      newSignal(alice.id, { symbol: 'GBPUSD', lot: 0.25, alertId: 'a-1' }),
      newSignal(bob.id, { symbol: 'O\'Brien {x} "y" \\z', position: 'sell', platform: 'mt4' }),
      newSignal(alice.id, { alertId: 'taken' }),
      newSignal(alice.id, { alertId: 'twice' }),
      newSignal(alice.id, { alertId: 'twice' }),
      newSignal(bob.id, { alertId: 'taken', isTest: true, status: 'quota_blocked' }),
    ];
    const rows = await Promise.all(inputs.map((values) => setup.store.insert(values)));

    expect(rows.map((row) => row?.alertId ?? (row ? 'none' : null))).toEqual([
      'a-1',
      'none',
      null,
      'twice',
      null,
      'taken',
    ]);
    expect(rows[0]).toMatchObject({ userId: alice.id, symbol: 'GBPUSD', lot: 0.25 });
    expect(rows[1]).toMatchObject({
      userId: bob.id,
      symbol: 'O\'Brien {x} "y" \\z',
      position: 'sell',
      platform: 'mt4',
    });
    expect(rows[5]).toMatchObject({ userId: bob.id, isTest: true, status: 'quota_blocked' });
    expect(rows[1]!.receivedAt).toEqual(inputs[1]!.receivedAt);
    expect(new Set(rows.filter(Boolean).map((row) => row!.id)).size).toBe(4);
    // Each row is exactly what Postgres stored, though only its id was read back.
    for (const row of rows.filter((r) => r !== null)) {
      const [stored] = await setup.testDatabase.database.db
        .select()
        .from(signals)
        .where(eq(signals.id, row.id));
      expect(row).toStrictEqual(stored);
    }
  });

  it('stores one that goes alone (its own statement) exactly as a batch would', async () => {
    const user = await createTestUser(setup.testDatabase.database.db);
    const values = newSignal(user.id, {
      symbol: 'XAUUSD',
      position: 'sell',
      lot: 0.37,
      alertId: 'alone',
      tps: [{ price: 2400.5, percent: 50 }],
      comment: 'é "q" \\ ✓ {x}',
      magic: 7,
      closePercent: 100 / 3,
      platform: 'mt5',
    });
    const row = await setup.store.insert(values);
    const [stored] = await setup.testDatabase.database.db
      .select()
      .from(signals)
      .where(eq(signals.userId, user.id));
    expect(row).toStrictEqual(stored);
    expect(stored).toMatchObject({ alertId: 'alone', tps: [{ price: 2400.5, percent: 50 }] });
    // Its alertId taken, the next alone is skipped, as in a batch.
    expect(await setup.store.insert({ ...values, receivedAt: new Date() })).toBeNull();
  });
});
