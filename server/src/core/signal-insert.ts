import type { Database } from '../db/db.ts';
import { isPermanent } from '../db/db-errors.ts';
import { signals } from '../db/schema/signals.ts';
import { coalesce } from '../lib/coalesce.ts';
import type { RecordQueue } from '../ports/record-queue.ts';
import { createRecordRetry } from './record-retry.ts';
import { createSignalIds } from './signal-ids.ts';
import { insertedRowOf, type NewSignal, type SignalRow, signalRowOf } from './signal-rows.ts';
import { givenUpSql, insertedColumns, insertOneSql, insertSql } from './signal-statements.ts';

/**
 * An insert not answered within this long of its request is abandoned (the webhook answers
 * 503): TradingView gives up after 3 s, and the rest is the network's. Its statement must
 * reach Postgres in the first part of it, and the commit has the rest (`inTimeMarginMs`).
 */
const insertAnswerWithinMs = 2500;

/** Why a signal whose webhook was answered 503 was not sent (its Error Details). */
export const givenUpMessage =
  'The database did not confirm this alert in time, so the webhook answered "temporarily ' +
  'unavailable" (503). If TradingView sent the alert again, that copy is its own signal.';

/** What became of the alerts of an INSERT given up on (`settleGivenUp`). */
export type GivenUpListener = {
  /**
   * `failed`: the signals now stored as failed, one per alert. `movedOn`: signals that
   * INSERT stored after all and that had moved on (delivered, or blocked) before they could
   * be failed; they stay as they are.
   */
  recorded(outcome: { failed: SignalRow[]; movedOn: string[] }): void;
  /** Postgres did not take the record of `count` alerts (it is down, most likely): kept for later. */
  waiting(err: unknown, count: number): void;
  /** The record of `count` alerts will not be written: Postgres refused it, or too many waited. */
  lost(reason: unknown, count: number): void;
};

const ignoreGivenUp: GivenUpListener = { recorded() {}, waiting() {}, lost() {} };

/** An alert of a batch given up on, as its record stores it. */
type GivenUpAlert = { id: string; values: NewSignal };

/** Records that wait for Postgres beyond this many are dropped, the oldest first. */
const maxWaitingRecords = 10_000;

/** The columns a record's JSON gives as text and the INSERT takes as a Date. */
const dateColumns = insertedColumns.filter((key) => signals[key].dataType === 'date');

/** A record as it waits in the queue: JSON, its dates read back as dates. */
const recordCodec = {
  encode: (alert: GivenUpAlert) => JSON.stringify(alert),
  decode(text: string): GivenUpAlert {
    const alert = JSON.parse(text) as GivenUpAlert;
    const values = alert.values as Record<string, unknown>;
    for (const key of dateColumns) {
      if (typeof values[key] === 'string') values[key] = new Date(values[key]);
    }
    return alert;
  },
};

/** One alert's parameters, one per column, the id first (`insertOneSql`). */
function valuesOf(id: string, row: NewSignal): unknown[] {
  const params: unknown[] = [id];
  for (const key of insertedColumns) {
    const value = row[key];
    params.push(value === null ? null : signals[key].mapToDriverValue(value));
  }
  return params;
}

/** `insertSql`'s arrays, one per column, the ids first (`givenUpSql`'s too, after its reason). */
export function columnsOf(ids: string[], rows: NewSignal[]): unknown[] {
  const byRow = rows.map((row, i) => valuesOf(ids[i]!, row));
  return byRow[0]!.map((_, column) => byRow.map((values) => values[column]));
}

/**
 * Intake's INSERT of new signals (group commit), answered in time for TradingView (`inTime`
 * keeps a late one from storing a signal we refused with 503, db.ts), and the record of what
 * became of a batch given up on. Returns the stored row, or null when the user's alertId is
 * already taken; an INSERT not answered in time, or that reached Postgres past its deadline,
 * fails (and its alerts are recorded as given up on).
 */
export function createSignalInsert(
  database: Pick<Database, 'inTime' | 'settle'>,
  {
    records,
    givenUp = ignoreGivenUp,
  }: {
    /** Where records Postgres did not take wait (Redis: a restart does not lose them). */
    records: RecordQueue;
    givenUp?: GivenUpListener | undefined;
  },
) {
  const { inTime, settle } = database;
  const newSignalId = createSignalIds();

  /**
   * The records' statement (`givenUpSql`): records that come while one is being written go
   * together in the next; one Postgres refuses for its data is written again alone.
   */
  const givenUpCoalesced = coalesce(
    async (alerts: GivenUpAlert[]) => {
      const rows = await settle('signal_given_up', givenUpSql, [
        givenUpMessage,
        ...columnsOf(
          alerts.map((a) => a.id),
          alerts.map((a) => a.values),
        ),
      ]);
      const failed = new Map(rows.map((raw) => signalRowOf(raw.signal)).map((r) => [r.id, r]));
      return alerts.map((a) => failed.get(a.id) ?? null);
    },
    { concurrency: 2, aloneOn: isPermanent },
  );

  /**
   * Writes the records of `alerts` and reports each outcome (a batch's alerts may be
   * recorded in different statements). Answers the alerts whose record could not be written
   * for now, to be tried again (`retry`).
   */
  async function record(alerts: GivenUpAlert[]): Promise<GivenUpAlert[]> {
    const outcomes = await Promise.allSettled(alerts.map(givenUpCoalesced));
    const failed: SignalRow[] = [];
    const movedOn: string[] = [];
    const later: GivenUpAlert[] = [];
    let laterErr: unknown;
    outcomes.forEach((outcome, i) => {
      const alert = alerts[i]!;
      if (outcome.status === 'fulfilled') {
        if (outcome.value) failed.push(outcome.value);
        else movedOn.push(alert.id);
      } else if (isPermanent(outcome.reason)) {
        givenUp.lost(outcome.reason, 1);
      } else {
        later.push(alert);
        laterErr ??= outcome.reason;
      }
    });
    if (failed.length > 0 || movedOn.length > 0) givenUp.recorded({ failed, movedOn });
    if (later.length > 0) givenUp.waiting(laterErr, later.length);
    return later;
  }

  /**
   * Records Postgres did not take: it is unreachable, which is most often why their INSERT
   * was given up on. Written once it answers again, by this instance or (with Redis) any
   * other, so that every alert answered 503 still leaves its trace (in a 10 s partition,
   * most records failed to connect) and none stays pending to be delivered later.
   */
  const retry = createRecordRetry({
    queue: records,
    ...recordCodec,
    write: record,
    onLost: (reason, count) => givenUp.lost(reason, count),
    maxItems: maxWaitingRecords,
  });

  /**
   * Writes down what became of alerts whose INSERT was given up on (`givenUpSql`): their
   * webhooks were answered 503, so none of them may reach an EA, and each leaves a trace.
   * Test signals are left out: one delivered late trades nothing, and a failed test shows as
   * a success (`displayStatusOf`).
   */
  async function settleGivenUp(ids: string[], batch: NewSignal[]): Promise<void> {
    const alerts = batch.flatMap((values, i) =>
      values.isTest
        ? []
        : [{ id: ids[i]!, values: { ...values, status: 'failed' as const, alertId: null } }],
    );
    if (alerts.length > 0) await retry.add(await record(alerts));
  }

  /**
   * Inserts made while earlier ones are in flight go together: one statement and one commit
   * for a burst of alerts. Each waited since `at`; the batch must be answered by its oldest's
   * time. A batch given up on is settled in the background (`settleGivenUp`).
   */
  const insertCoalesced = coalesce(
    async (batch: { values: NewSignal; at: number }[]) => {
      const ids = batch.map(() => newSignalId());
      const values = batch.map((item) => item.values);
      const answerBy = Math.min(...batch.map(({ at }) => at)) + insertAnswerWithinMs;
      let rows: Record<string, unknown>[];
      try {
        rows =
          batch.length === 1
            ? await inTime(
                'signal_insert_one',
                insertOneSql,
                valuesOf(ids[0]!, values[0]!),
                answerBy,
              )
            : await inTime('signal_insert', insertSql, columnsOf(ids, values), answerBy);
      } catch (err) {
        // Refused for its data, nothing was stored, and the data could not be stored either.
        if (!isPermanent(err)) void settleGivenUp(ids, values);
        throw err;
      }
      const inserted = new Set(rows.map((raw) => raw.id as string));
      return values.map((row, i) => (inserted.has(ids[i]!) ? insertedRowOf(ids[i]!, row) : null));
    },
    { concurrency: 2, aloneOn: isPermanent },
  );

  return {
    insert: (values: NewSignal): Promise<SignalRow | null> =>
      insertCoalesced({ values, at: Date.now() }),
    /** Stops looking for records to write; those waiting stay in `records`. */
    close: () => retry.stop(),
  };
}
