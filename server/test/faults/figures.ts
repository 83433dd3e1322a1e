import { readFileSync } from 'node:fs';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../src/db/db.ts';
import { signals } from '../../src/db/schema/signals.ts';
import type { AlertReply } from './alerts.ts';

export type SignalOutcome = {
  id: string;
  status: string;
  errorMessage: string | null;
  delivered: boolean;
};

/**
 * Waits until no accepted signal is still pending (each ended success, error or failed), or
 * `ms` passed; returns every accepted signal's stored outcome.
 */
export async function settle(db: Db, ids: string[], ms: number): Promise<SignalOutcome[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const rows: SignalOutcome[] = [];
    for (let first = 0; first < ids.length; first += 1000) {
      const chunk = ids.slice(first, first + 1000);
      const found = await db
        .select({
          id: signals.id,
          status: signals.status,
          errorMessage: signals.errorMessage,
          deliveredAt: signals.deliveredAt,
        })
        .from(signals)
        .where(inArray(signals.id, chunk));
      for (const r of found) rows.push({ ...r, delivered: r.deliveredAt !== null });
    }
    if (rows.every((r) => r.status !== 'pending') || Date.now() > deadline) return rows;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Every signal stored for these users (replied to or not: a killed process answers nobody). */
export async function storedSignalIds(db: Db, userIds: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: signals.id })
    .from(signals)
    .where(inArray(signals.userId, userIds));
  return rows.map((r) => r.id);
}

export type Figures = {
  sent: number;
  accepted: number;
  /** Refused before storing with 503 UNAVAILABLE (TradingView retries those). */
  unavailable: number;
  delivered: number;
  executed: number;
  /** Signals traded more than once, over every paper terminal. Must be 0. */
  executedTwice: number;
  success: number;
  /** Ended `failed` (nobody received it in time) or `error` (the EA or broker refused). */
  failed: number;
  pending: number;
  /** Other replies by status/code, e.g. `500 INTERNAL`, `0 TIMEOUT`. Must be empty. */
  other: Record<string, number>;
  slowestReplyMs: number;
};

/** The per-scenario figures, printed as one line so CI logs carry them. */
export function figures(
  scenario: string,
  replies: AlertReply[],
  outcomes: SignalOutcome[],
  executions: Map<string, number>,
): Figures {
  const other: Record<string, number> = {};
  for (const r of replies) {
    if (r.status === 200 || r.status === 503) continue;
    const key = `${r.status} ${r.code ?? ''}`.trim();
    other[key] = (other[key] ?? 0) + 1;
  }
  const accepted = new Set(replies.flatMap((r) => (r.signalId ? [r.signalId] : [])));
  const result: Figures = {
    sent: replies.length,
    accepted: accepted.size,
    unavailable: replies.filter((r) => r.status === 503).length,
    delivered: outcomes.filter((o) => o.delivered).length,
    executed: [...accepted].filter((id) => (executions.get(id) ?? 0) > 0).length,
    executedTwice: [...executions.values()].filter((n) => n > 1).length,
    success: outcomes.filter((o) => o.status === 'success').length,
    failed: outcomes.filter((o) => o.status === 'failed' || o.status === 'error').length,
    pending: outcomes.filter((o) => o.status === 'pending').length,
    other,
    slowestReplyMs: Math.round(Math.max(0, ...replies.map((r) => r.ms))),
  };
  const extra = Object.entries(other)
    .map(([k, n]) => ` ${k}=${n}`)
    .join('');
  console.log(
    `[fault] ${scenario}: sent=${result.sent} accepted=${result.accepted} ` +
      `503=${result.unavailable} delivered=${result.delivered} executed=${result.executed} ` +
      `success=${result.success} failed=${result.failed} pending=${result.pending} ` +
      `executedTwice=${result.executedTwice} slowestReplyMs=${result.slowestReplyMs}${extra}`,
  );
  return result;
}

/** Resident memory of a process in MiB (Linux /proc), for "memory stays bounded". */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kib / 1024);
}

/** Samples `rssMiB` every 100 ms until stopped; resolves to the highest value seen. */
export function watchPeakRss(pid: number): { stop(): number } {
  let peak = rssMiB(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMiB(pid));
    },
  };
}
