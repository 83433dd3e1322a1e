import type { FireResult } from './generator-process.ts';
import { type BySecond, bySecond, type Summary, summarize } from './stats.ts';

/** What one fleet process saw: arrivals (on the shared clock) and results on dashboards. */
export type FleetReport = {
  arrivals: { ids: string[]; at: number[]; ea: number[] };
  duplicates: number;
  executedTwice: number;
  results: [string, number][];
  problems: Record<string, number>;
  fatal: string[];
  connected: number;
  disconnects: number;
};

export type RelayFigures = {
  sent: number;
  /** Replies by HTTP status. */
  statuses: Record<string, number>;
  errors: Record<string, number>;
  accepted: number;
  /** 429 replies: stored as quota_blocked, not delivered. */
  blocked: number;
  /** Accepted signals no EA received. */
  lost: number;
  /** Signals that reached the same EA more than once (the protocol allows it; wasteful). */
  duplicated: number;
  /** Signals an EA executed twice: must never happen (EA dedupe by id). */
  executedTwice: number;
  /** Accepted signals whose reply said no EA on that instance took it at once. */
  notPushedAtIntake: number;
  offeredRate: number | null;
  /** Accepted signals per second, first send to last reply. */
  throughput: number;
  webhookReply: Summary | null;
  delivery: Summary | null;
  /** Delivery by the second its alert was sent: is the tail a few bad seconds, or every one? */
  deliveryBySecond: BySecond;
  deliveryByTransport: Record<string, Summary | null>;
  resultRoundTrip: Summary | null;
  generatorLag: Summary | null;
};

/**
 * Joins the generator's sends and replies with the fleets' arrivals by signal id: webhook
 * reply time, alert-to-EA delivery, result round trip (alert to the owner's dashboard showing
 * the EA's result), lost and duplicated signals.
 */
export function analyze(
  fired: FireResult,
  fleets: FleetReport[],
  transportOf: (fleet: number, ea: number) => string,
  offeredRate: number | null,
): RelayFigures {
  const arrival = new Map<string, { at: number; transport: string }>();
  fleets.forEach((f, fleet) => {
    f.arrivals.ids.forEach((id, j) => {
      const at = f.arrivals.at[j]!;
      const known = arrival.get(id);
      if (!known || at < known.at) {
        arrival.set(id, { at, transport: transportOf(fleet, f.arrivals.ea[j]!) });
      }
    });
  });
  const resultAt = new Map<string, number>();
  for (const f of fleets) for (const [id, at] of f.results) resultAt.set(id, at);

  const statuses: Record<string, number> = {};
  const reply: number[] = [];
  const delivery: number[] = [];
  const deliveredSentAt: number[] = [];
  const byTransport: Record<string, number[]> = {};
  const roundTrip: number[] = [];
  let accepted = 0;
  let blocked = 0;
  let lost = 0;
  let notPushed = 0;
  let firstSend = Number.POSITIVE_INFINITY;
  let lastReply = 0;
  for (let i = 0; i < fired.sentAt.length; i++) {
    const status = fired.status[i]!;
    statuses[status] = (statuses[status] ?? 0) + 1;
    const sent = fired.sentAt[i]!;
    firstSend = Math.min(firstSend, sent);
    if (fired.repliedAt[i]! > 0) {
      reply.push(fired.repliedAt[i]! - sent);
      lastReply = Math.max(lastReply, fired.repliedAt[i]!);
    }
    if (status === 429) blocked++;
    if (status !== 200) continue;
    accepted++;
    if (!fired.delivered[i]) notPushed++;
    const id = fired.signalIds[i]!;
    const got = arrival.get(id);
    if (!got) {
      lost++;
      continue;
    }
    delivery.push(got.at - sent);
    deliveredSentAt.push(sent);
    const bucket = byTransport[got.transport] ?? [];
    byTransport[got.transport] = bucket;
    bucket.push(got.at - sent);
    const result = resultAt.get(id);
    if (result !== undefined) roundTrip.push(result - sent);
  }
  const seconds = (lastReply - firstSend) / 1000;
  return {
    sent: fired.sentAt.length,
    statuses,
    errors: fired.errors,
    accepted,
    blocked,
    lost,
    duplicated: fleets.reduce((n, f) => n + f.duplicates, 0),
    executedTwice: fleets.reduce((n, f) => n + (f.executedTwice ?? 0), 0),
    notPushedAtIntake: notPushed,
    offeredRate,
    throughput: seconds > 0 ? Math.round(accepted / seconds) : 0,
    webhookReply: summarize(reply),
    delivery: summarize(delivery),
    deliveryBySecond: bySecond(deliveredSentAt, delivery),
    deliveryByTransport: Object.fromEntries(
      Object.entries(byTransport).map(([t, v]) => [t, summarize(v)]),
    ),
    resultRoundTrip: summarize(roundTrip),
    generatorLag: summarize(fired.lateBy),
  };
}
