import { planLimits } from '@signalrelay/contracts/billing';
import type { BenchArgs } from './bench-args.ts';
import { startBenchServer, type Undo, undoAll } from './bench-server.ts';
import { monoNow, sleep } from './clock.ts';
import {
  awaitDelivery,
  collectAll,
  eaSpecs,
  problemsOf,
  startFleets,
  startGenerator,
} from './fleets.ts';
import { pidsOf, prioritize, waitForQuiet } from './proc-stats.ts';
import { type Check, checksTable, counts, latencyTable } from './report.ts';
import { type Summary, summarize } from './stats.ts';

/** Issue 24: the last of 50 simultaneous alerts on one license reaches its EA within this. */
const targetMs = { ws: 15, poll: 25 } as const;
type Transport = keyof typeof targetMs;

/** A pro license's daily quota: every alert of every round must be a real, counted one. */
const quota = planLimits.pro.signalsPerDay;

/** What one burst on one license gave. */
type Round = {
  /** Last arrival at the EA minus the first request written (issue 24's figure). */
  spreadMs: number;
  /** First arrival minus the first request written. */
  firstMs: number;
  accepted: number;
  lost: number;
  /**
   * Distinct arrival instants: for a long-poll EA, the poll replies that carried the round's
   * signals (a reply's signals share one instant); a count no busy machine can blur.
   */
  replies: number;
  /**
   * What the fleet's EAs reported from the end of the last round to the end of this one (a
   * failed poll and its back-off, a reconnect): a slow round with none waited in the server.
   */
  problems: Record<string, number>;
};

/**
 * A trader's basket: `size` alerts on ONE license sent at once (one keep-alive connection
 * each, written in the same turn), measured from the first request written to the last
 * signal reaching the EA; `rounds` times for a WebSocket EA and for a long-poll (MT4) EA,
 * each on its own pro license. The alerts are real ones, counted against the license's daily
 * quota (a pro plan carries `rounds × size`): test signals would hit the cap on uncounted
 * signals a license may send (`webhookLimits`), which is what stopped `burst --eas 1`.
 * The warm-up is test signals at a modest rate plus two bursts of test signals, well under
 * that cap.
 */
export async function basketScenario(args: BenchArgs) {
  const size = args.count ?? 50;
  const rounds = args.rounds ?? 10;
  if (size * rounds > quota) {
    throw new Error(
      `--count ${size} × --rounds ${rounds} = ${size * rounds} alerts per license, over a pro plan's ${quota} a day`,
    );
  }
  const undo: Undo = [];
  const log = (m: string) => console.error(`[basket] ${m}`);
  try {
    const { users, server, db, profileText } = await startBenchServer({
      name: 'basket-server',
      users: 2,
      args,
      undo,
    });

    // EA 0 on WebSocket (MT5), EA 1 on long-poll (MT4, results on its next poll).
    const licenses = users.map((u) => u.licenseNumber);
    const specs = eaSpecs(licenses, 0.5);
    const fleets = startFleets(specs);
    const fleet = fleets[0]!;
    undo.push(() => fleet.worker.stop());
    undo.push(() => fleet.worker.call('disconnectAll', undefined));
    await fleet.worker.call('connectEas', {
      server: server.url,
      eas: specs,
      resultsOnPoll: true,
      paper: true,
      batch: 2,
    });
    const generator = startGenerator();
    undo.push(() => generator.stop());
    prioritize(
      [server.pid, generator.pid, fleet.worker.pid, ...pidsOf('postgres', db.name)],
      args.nice,
    );
    const webhook = `${server.url}/api/webhook/handleWebhook`;

    /** `count` alerts to one license, all at once (or at `rate`); resolves when all arrived. */
    const fire = async (license: string, count: number, isTest: boolean, rate: number | null) => {
      const fired = await generator.call('fire', {
        url: webhook,
        licenses: [license],
        count,
        rate,
        concurrency: count,
        isTest,
      });
      await awaitDelivery(fleets, fired.signalIds, fired.status, 1, 15_000);
      return fired;
    };

    log('warm-up: test signals to both EAs');
    for (const license of licenses) {
      await fire(license, 40, true, 20);
      for (let k = 0; k < 2; k++) await fire(license, size, true, null);
    }
    await db.analyze();
    await waitForQuiet(
      {
        server: [server.pid],
        generator: [generator.pid],
        eaFleets: [fleet.worker.pid],
        bench: [process.pid],
      },
      { log, timeoutMs: args.quietTimeout * 1000 },
    );

    const byTransport: Record<Transport, Round[]> = { ws: [], poll: [] };
    let duplicated = 0;
    let executedTwice = 0;
    const statuses: Record<string, number> = {};
    const measured = { fromMs: monoNow(), toMs: 0 };
    for (let round = 0; round < rounds; round++) {
      for (const [index, spec] of specs.entries()) {
        // A long-poll EA answered by the last round polls again at once; give it that moment.
        await sleep(300);
        const between = await collectAll(fleets, true);
        const fired = await fire(spec.licenseNumber, size, false, null);
        const [report] = await collectAll(fleets, false);
        const problems = problemsOf([...between, report!]);
        duplicated += report!.duplicates;
        executedTwice += report!.executedTwice;
        const arrived = new Map<string, number>();
        report!.arrivals.ids.forEach((id, j) => {
          if (report!.arrivals.ea[j] === index) arrived.set(id, report!.arrivals.at[j]!);
        });
        const firstSent = Math.min(...fired.sentAt);
        let first = Number.POSITIVE_INFINITY;
        let last = 0;
        let accepted = 0;
        let lost = 0;
        fired.status.forEach((status, i) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status !== 200) return;
          accepted++;
          const at = arrived.get(fired.signalIds[i]!);
          if (at === undefined) {
            lost++;
            return;
          }
          first = Math.min(first, at);
          last = Math.max(last, at);
        });
        byTransport[spec.transport].push({
          spreadMs: last - firstSent,
          firstMs: first - firstSent,
          accepted,
          lost,
          replies: new Set(arrived.values()).size,
          problems,
        });
      }
    }

    measured.toMs = monoNow();
    const summary = (t: Transport, key: 'spreadMs' | 'firstMs'): Summary | null =>
      summarize(byTransport[t].map((r) => r[key]));
    const total = (t: Transport, key: 'accepted' | 'lost') =>
      byTransport[t].reduce((n, r) => n + r[key], 0);
    const checks: Check[] = (['ws', 'poll'] as const).flatMap((t) => {
      const s = summary(t, 'spreadMs');
      const name = t === 'ws' ? 'WebSocket' : 'long-poll';
      return [
        {
          target: `${name}: last delivered after first sent, median ≤ ${targetMs[t]} ms`,
          actual: s ? `${s.p50} ms (worst ${s.max} ms)` : 'n/a',
          ok: !!s && s.p50 <= targetMs[t],
        },
        {
          target: `${name}: every alert accepted, 0 lost`,
          actual: `${total(t, 'accepted')}/${rounds * size} accepted, ${total(t, 'lost')} lost`,
          ok: total(t, 'accepted') === rounds * size && total(t, 'lost') === 0,
        },
      ];
    });
    checks.push({
      target: '0 delivered twice, 0 executed twice',
      actual: `${duplicated} / ${executedTwice}`,
      ok: duplicated === 0 && executedTwice === 0,
    });
    const overTarget = () => {
      const over = (['ws', 'poll'] as const).flatMap((t) =>
        byTransport[t].flatMap((r, i) =>
          r.spreadMs > targetMs[t]
            ? [`${t} #${i + 1} ${r.spreadMs.toFixed(1)} (${counts(r.problems)})`]
            : [],
        ),
      );
      return over.length === 0 ? 'none' : over.join(', ');
    };
    const lines = [
      `${rounds} rounds of ${size} concurrent alerts on one pro license, per EA: one WebSocket (MT5), one long-poll (MT4, results on the next poll)`,
      '',
      latencyTable([
        ['WebSocket: first → last', summary('ws', 'spreadMs')],
        ['WebSocket: first arrival', summary('ws', 'firstMs')],
        ['long-poll: first → last', summary('poll', 'spreadMs')],
        ['long-poll: first arrival', summary('poll', 'firstMs')],
      ]),
      `(count = rounds; each row's figures are per round: ms from the round's first request written)`,
      `long-poll replies carrying a round's ${size} signals: ${byTransport.poll.map((r) => r.replies).join(', ')}`,
      `EA problems in the rounds: ${counts(problemsOf(byTransport.ws.concat(byTransport.poll)))}`,
      `rounds over their target (ms, EA problems): ${overTarget()}`,
      `replies: ${counts(statuses)}`,
      '',
      checksTable(checks),
    ];
    return {
      text: lines.join('\n'),
      checks,
      json: { size, rounds, byTransport, duplicated, executedTwice, statuses },
      after: () => profileText(measured),
    };
  } finally {
    await undoAll(undo, log);
  }
}
