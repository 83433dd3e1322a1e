import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/db.ts';

/**
 * Commits slowed as a stalled disk's WAL flush slows them, for tests of an alert whose INSERT
 * Postgres does not confirm in time. After `installSlowCommits`, the first INSERT of an
 * alertId named by `slowCommit` commits after `commitMs` (a deferred trigger runs at commit)
 * or is rolled back then, and the record that fails such a signal is slowed by `slowFailure`.
 */
export async function installSlowCommits(db: Db): Promise<void> {
  await db.execute(sql`
    create table slow_commits (alert_id text primary key, commit_ms int, roll_back boolean)`);
  await db.execute(sql`
    create function slow_signal_commit() returns trigger language plpgsql as $$
    declare slow slow_commits;
    begin
      delete from slow_commits where alert_id = new.alert_id returning * into slow;
      if found then
        perform pg_sleep(slow.commit_ms / 1000.0);
        if slow.roll_back then raise exception 'commit refused'; end if;
      end if;
      return null;
    end $$`);
  await db.execute(sql`
    create constraint trigger slow_signal_commit after insert on signals
    deferrable initially deferred for each row when (new.alert_id is not null)
    execute function slow_signal_commit()`);
  await db.execute(sql`create table slow_failures (alert_id text primary key, ms int)`);
  await db.execute(sql`
    create function slow_signal_failure() returns trigger language plpgsql as $$
    declare slow slow_failures;
    begin
      delete from slow_failures where alert_id = old.alert_id returning * into slow;
      if found then perform pg_sleep(slow.ms / 1000.0); end if;
      return new;
    end $$`);
  await db.execute(sql`
    create trigger slow_signal_failure before update on signals for each row
    when (old.alert_id is not null and new.status = 'failed')
    execute function slow_signal_failure()`);
}

/** The next INSERT of `alertId` commits after `commitMs`, or is rolled back then. */
export async function slowCommit(db: Db, alertId: string, commitMs: number, rollBack = false) {
  await db.execute(sql`insert into slow_commits values (${alertId}, ${commitMs}, ${rollBack})`);
}

/** The record that fails the signal of `alertId` takes `ms` longer. */
export async function slowFailure(db: Db, alertId: string, ms: number) {
  await db.execute(sql`insert into slow_failures values (${alertId}, ${ms})`);
}
