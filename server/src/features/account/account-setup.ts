import type { SetupProgress } from '@signalrelay/contracts/account';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { signals, terminals } from '../../db/schema/signals.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The dashboard's setup checklist (issue 20), read from what really happened so it ticks itself
 * on every device; done for good once all four steps were.
 */
const everyStepDone: SetupProgress = {
  licenseCopied: true,
  eaConnected: true,
  testSignalReceived: true,
  liveAlertReceived: true,
  done: true,
};

export async function setupProgressOf(db: Db, userId: string, now: number): Promise<SetupProgress> {
  // Skipped once setup is complete: a finished user's every dashboard load stays one lookup.
  const exists = (table: typeof terminals | typeof signals, where: SQL | undefined) =>
    sql<boolean>`case when ${users.setupCompletedAt} is null then exists (${db.select({ one: sql`1` }).from(table).where(where)}) end`;
  const [row] = await db
    .select({
      licenseCopied: sql<boolean>`${users.licenseCopiedAt} is not null`,
      completed: sql<boolean>`${users.setupCompletedAt} is not null`,
      eaConnected: exists(terminals, eq(terminals.userId, userId)),
      testSignalReceived: exists(
        signals,
        and(eq(signals.userId, userId), eq(signals.isTest, true), eq(signals.status, 'success')),
      ),
      // A refused alert (signals-refusals.ts) is the only row that keeps its raw body.
      liveAlertReceived: exists(
        signals,
        and(eq(signals.userId, userId), eq(signals.isTest, false), isNull(signals.rawBody)),
      ),
    })
    .from(users)
    .where(eq(users.id, userId));
  // A user deleted meanwhile has nothing left to set up either.
  if (!row || row.completed) return everyStepDone;
  const { completed: _completed, ...steps } = row;
  const done = Object.values(steps).every(Boolean);
  if (done) {
    await db
      .update(users)
      .set({ setupCompletedAt: new Date(now) })
      .where(and(eq(users.id, userId), isNull(users.setupCompletedAt)));
  }
  return { ...steps, done };
}

/** Notes the first press of a license Copy button; later presses change nothing. */
export async function recordLicenseCopied(db: Db, userId: string, now: number): Promise<void> {
  await db
    .update(users)
    .set({ licenseCopiedAt: new Date(now) })
    .where(and(eq(users.id, userId), isNull(users.licenseCopiedAt)));
}
