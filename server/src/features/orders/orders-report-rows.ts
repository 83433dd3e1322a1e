import { reportedOrderSchema } from '@signalrelay/contracts/ea-protocol';
import type { z } from 'zod';

/**
 * The rows of an orders report (ea/PROTOCOL.md, Orders report), one by one: checked beyond the
 * protocol schema, and turned into `orders` columns.
 */

/** Broker times before this are an EA sending seconds instead of milliseconds. */
const earliestTime = Date.UTC(1990, 0, 1);
/** Allows a broker clock a day ahead of ours (an EA that forgot to convert server time). */
const futureSlackMs = 24 * 60 * 60 * 1000;
export const hasNul = (s: string) => s.includes('\u0000');

/**
 * One reported row, checked beyond the protocol schema for what Postgres would refuse (NUL in
 * text, out-of-range bigint or timestamp) and for what would make the history wrong.
 */
function rowSchema(now: number) {
  const timeMessage = 'must be milliseconds since 1970-01-01 UTC (not seconds, not in the future)';
  const inRange = (t: number) => t >= earliestTime && t <= now + futureSlackMs;
  return reportedOrderSchema.superRefine((row, ctx) => {
    const issue = (field: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [field], message });
    if (hasNul(row.symbol)) issue('symbol', 'must not contain NUL characters');
    if (hasNul(row.comment)) issue('comment', 'must not contain NUL characters');
    if (!Number.isSafeInteger(row.magicNumber)) {
      issue('magicNumber', `must be at most ${Number.MAX_SAFE_INTEGER} in size`);
    }
    if (!inRange(row.openTime)) issue('openTime', timeMessage);
    const closeTime = row.closeTime ?? 0;
    if (row.status === 'closed') {
      if (closeTime === 0) issue('closeTime', 'is required when status is closed');
      else if (!inRange(closeTime)) issue('closeTime', timeMessage);
      else if (closeTime < row.openTime) issue('closeTime', 'must not be before openTime');
    }
  });
}
export type ValidRow = z.output<typeof reportedOrderSchema>;

export type RejectedRow = { index: number; field: string; message: string };

/**
 * Each row checked on its own: the valid ones by ticket (the last one wins when a ticket
 * repeats: an upsert cannot touch one row twice), the others named with their first problem.
 */
export function validRows(raws: unknown[], at: number) {
  const schema = rowSchema(at);
  const rejected: RejectedRow[] = [];
  const byTicket = new Map<string, ValidRow>();
  raws.forEach((raw, index) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) {
      byTicket.set(parsed.data.ticket, parsed.data);
      return;
    }
    const issue = parsed.error.issues[0];
    rejected.push({
      index,
      field: issue?.path.join('.') || '(row)',
      message: issue?.message ?? 'invalid',
    });
  });
  return { byTicket, rejected };
}

/** A reported row as columns: open orders have no close price or time (the EA sends 0). */
export function toColumns(row: ValidRow) {
  const closed = row.status === 'closed';
  return {
    // The schema keeps only the order's own fields, so the rest are columns as they are.
    ...row,
    closePrice: closed && row.closePrice ? row.closePrice : null,
    openTime: new Date(row.openTime),
    closeTime: closed && row.closeTime ? new Date(row.closeTime) : null,
  };
}
