import type { BenchArgs } from './bench-args.ts';
import { startBenchServer, type Undo, undoAll } from './bench-server.ts';
import { monoNow, sleep } from './clock.ts';
import { startGenerator } from './fleets.ts';
import type { FireResult } from './generator-process.ts';
import { pidsOf, prioritize, waitForQuiet, watchProcesses } from './proc-stats.ts';
import { type Check, checksTable, counts, latencyTable } from './report.ts';
import { type Summary, summarize } from './stats.ts';

/** Licenses the alerts go to: every one stays well inside a pro plan's daily quota. */
const users = 100;
/** A basket's size, as in `basket`. */
const burstSize = 50;
/**
 * The quiet before each of the last phase's alerts, as a trader's alerts come minutes apart:
 * longer than a user's cached rules are kept (30 s) and than the database pool once kept an
 * idle connection (30 s).
 */
const quietMs = 35_000;
/** The same alerts after a pause nothing expires in: what the quiet spell adds. */
const briefPauseMs = 1000;
/** Lone alerts in each pause phase: each is timed alone, on a connection of its own. */
const loneAlerts = 3;

/** What the server spent on one phase's webhooks. */
type Phase = {
  name: string;
  alerts: number;
  /**
   * Whether its CPU is shown per webhook: not for lone alerts after a pause, whose CPU is
   * mostly the idle server's own timers.
   */
  perWebhook: boolean;
  /** Server CPU per webhook in ms, user and system time apart (/proc). */
  userMs: number;
  systemMs: number;
  /** read / write system calls per webhook. */
  reads: number;
  writes: number;
  reply: Summary | null;
  statuses: Record<string, number>;
};

/**
 * The server's CPU per webhook with no EA connected: the intake path alone (HTTP, validation,
 * license, rules, quota, the INSERT, the doorbell, the reply), as `steady` cannot show it
 * beside 1,000 EAs' frames and heartbeats. Phases on the same server: alerts one at a time
 * (`--rate`, 500/s: each on an idle event loop, as in `steady`), then `--rounds` bursts of
 * 50 on one license (as in `basket`: what each alert costs when a turn carries many), then
 * lone alerts after 1 s and after 35 s of quiet (`quietMs`): the latter say what a trader
 * whose alerts come minutes apart waits (the CPU of those two phases is the idle server's
 * own timers, so it is not shown per webhook).
 * CPU comes from /proc, user and system time apart: the profiler's samples count time a
 * process waits for a core as its own, on a machine where every write wakes another process.
 */
export async function intakeScenario(args: BenchArgs) {
  const count = args.count ?? 5000;
  const rate = args.rate ?? 500;
  const rounds = args.rounds ?? 40;
  const undo: Undo = [];
  const log = (m: string) => console.error(`[intake] ${m}`);
  try {
    const {
      users: accounts,
      server,
      db,
      profileText,
    } = await startBenchServer({
      name: 'intake-server',
      users,
      args,
      undo,
    });
    const licenses = accounts.map((u) => u.licenseNumber);
    const generator = startGenerator();
    undo.push(() => generator.stop());
    prioritize([server.pid, generator.pid, ...pidsOf('postgres', db.name)], args.nice);
    const url = `${server.url}/api/webhook/handleWebhook`;
    const fire = (to: string[], n: number, at: number | null) =>
      generator.call('fire', {
        url,
        licenses: to,
        count: n,
        rate: at,
        // At a rate, a few keep-alive connections carry them; a burst opens one per alert.
        concurrency: at === null ? n : 4,
      });

    log('warm-up');
    await fire(licenses, 1000, rate);
    for (let k = 0; k < 3; k++) await fire([licenses[k]!], burstSize, null);
    await db.analyze();
    await waitForQuiet(
      { server: [server.pid], generator: [generator.pid], bench: [process.pid] },
      { log, timeoutMs: args.quietTimeout * 1000 },
    );

    /** Runs `send` with the server watched; what it cost per webhook. */
    const measure = async (
      name: string,
      send: () => Promise<FireResult[]>,
      perWebhook = true,
    ): Promise<Phase> => {
      const watch = watchProcesses({ server: [server.pid] });
      const fired = await send();
      const [usage] = watch.stop().processes;
      const alerts = fired.reduce((n, f) => n + f.status.length, 0);
      const statuses: Record<string, number> = {};
      const replies: number[] = [];
      for (const f of fired) {
        f.status.forEach((status, i) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (f.repliedAt[i]! > 0) replies.push(f.repliedAt[i]! - f.sentAt[i]!);
        });
      }
      return {
        name,
        alerts,
        perWebhook,
        userMs: usage!.userMs / alerts,
        systemMs: usage!.systemMs / alerts,
        reads: usage!.syscalls.reads / alerts,
        writes: usage!.syscalls.writes / alerts,
        reply: summarize(replies),
        statuses,
      };
    };

    // The profile is summarised over both phases, without the start-up and the warm-up.
    const measured = { fromMs: monoNow(), toMs: 0 };
    log(`one at a time: ${count} alerts at ${rate}/s`);
    const single = await measure('one at a time', async () => [
      await fire(licenses.slice(3), count, rate),
    ]);
    log(`bursts: ${rounds} rounds of ${burstSize} on one license`);
    const bursts = await measure(`bursts of ${burstSize}`, async () => {
      const fired: FireResult[] = [];
      for (let round = 0; round < rounds; round++) {
        fired.push(await fire([licenses[3 + (round % (users - 3))]!], burstSize, null));
        await sleep(200);
      }
      return fired;
    });

    /** Lone alerts, each on a new connection after `pauseMs` of quiet. */
    const afterPauses = (pauseMs: number) =>
      measure(
        `after ${pauseMs / 1000} s of quiet`,
        async () => {
          log(`${loneAlerts} alerts, each after ${pauseMs / 1000} s of quiet`);
          const fired: FireResult[] = [];
          for (let k = 0; k < loneAlerts; k++) {
            await sleep(pauseMs);
            fired.push(await fire([licenses[3 + k]!], 1, null));
          }
          return fired;
        },
        false,
      );
    const brief = await afterPauses(briefPauseMs);
    const quiet = await afterPauses(quietMs);

    measured.toMs = monoNow();
    const phases = [single, bursts, brief, quiet];
    const ms = (v: number) => v.toFixed(3);
    const checks: Check[] = phases.map((p) => ({
      target: `${p.name}: every alert stored (200)`,
      actual: counts(p.statuses),
      ok: (p.statuses[200] ?? 0) === p.alerts,
    }));
    const lines = [
      `${users} pro licenses, no EA connected; the server's CPU per webhook, from /proc`,
      '',
      '| phase | alerts | CPU per webhook: user + system = total | read / write calls per webhook |',
      '| --- | ---: | --- | --- |',
      ...phases.map((p) =>
        p.perWebhook
          ? `| ${p.name} | ${p.alerts} | ${ms(p.userMs)} + ${ms(p.systemMs)} = ${ms(p.userMs + p.systemMs)} ms | ${p.reads.toFixed(1)} / ${p.writes.toFixed(1)} |`
          : `| ${p.name} | ${p.alerts} | not per webhook: the pauses' timers | |`,
      ),
      '',
      latencyTable(phases.map((p) => [`webhook reply, ${p.name}`, p.reply])),
      '',
      checksTable(checks),
    ];
    return {
      text: lines.join('\n'),
      checks,
      json: { users, rate, rounds, burstSize, quietMs, phases },
      after: () => profileText(measured),
    };
  } finally {
    await undoAll(undo, log);
  }
}
