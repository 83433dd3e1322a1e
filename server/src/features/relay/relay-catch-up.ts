import { sql } from 'drizzle-orm';
import type { CatchUpTarget, RelayHub } from '../../core/relay-hub.ts';
import { type Db, rowsOf } from '../../db/db.ts';

/** How often each instance looks for signals no terminal has received (`createCatchUp`). */
export const catchUpEveryMs = 5000;
/**
 * A signal no terminal has received this long after it was stored may have missed its
 * doorbell. Well past a delivery's slowest moments on a machine that struggles: the catch-up's
 * reads must not add to the load that slowed them.
 */
export const catchUpAfterMs = 10_000;

/**
 * Whom the signals no terminal has received are for (license, platform, account), of those
 * stored before `before` and not expired at `now` (over the pending signals' index).
 */
async function undeliveredTargets(db: Db, before: number, now: number): Promise<CatchUpTarget[]> {
  const result = await db.execute(sql`
    select distinct user_id, platform, account from signals
    where status = 'pending' and expires_at > ${new Date(now)}
      and delivered_at is null and received_at < ${new Date(before)}`);
  return rowsOf<{ user_id: string; platform: CatchUpTarget['platform']; account: string | null }>(
    result,
  ).map((row) => ({ userId: row.user_id, platform: row.platform, account: row.account }));
}

/**
 * Intake stores a signal, then rings its doorbell (RelayHub.dispatch). An instance killed
 * between the two (a hard kill in the moment after a commit) leaves a signal only Postgres
 * knows of, and terminals held by the other instances read Postgres only when they (re)connect
 * or the bus resubscribes. So every `catchUpEveryMs` each instance asks Postgres which
 * licenses have a signal no terminal has received for `catchUpAfterMs`, and its terminals
 * such a signal is for (its platform and account) catch up (`RelayHub.resync`, a few at a
 * time, the next look only once they have): a WebSocket replays what it was not sent, a
 * long-poll EA's next poll reads Postgres. A terminal of the license on another account is
 * left alone, however long the signal waits for its own. Signals delivered at once, as all
 * are while every instance lives, are never found: one small query per interval.
 */
export function createCatchUp({
  db,
  hub,
  now,
  onError,
}: {
  db: Db;
  hub: Pick<RelayHub, 'resync'>;
  now: () => number;
  onError: (err: unknown) => void;
}) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const at = now();
    undeliveredTargets(db, at - catchUpAfterMs, at)
      .then((targets) => hub.resync(targets))
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, catchUpEveryMs);
  timer.unref();
  return {
    close() {
      clearInterval(timer);
    },
  };
}
