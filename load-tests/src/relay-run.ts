import { rmSync } from 'node:fs';
import path from 'node:path';
import { balancerConnections, startBalancer } from './balancer.ts';
import { prepareBench, type Undo, undoAll } from './bench-server.ts';
import { monoNow, sleep } from './clock.ts';
import { type DiskFlushes, watchDiskFlushes } from './disk-flushes.ts';
import {
  awaitDelivery,
  collectAll,
  eaSpecs,
  type Fleet,
  problemsOf,
  startFleets,
  startGenerator,
} from './fleets.ts';
import { type FloorFigures, measureFloor } from './floor-run.ts';
import type { FireArgs } from './generator-process.ts';
import { type PostgresWork, watchPostgres } from './pg-stats.ts';
import { pidsOf, prioritize, waitForQuiet, watchProcesses } from './proc-stats.ts';
import type { ProfileWindow } from './profile-summary.ts';
import { analyze, type RelayFigures } from './relay-analysis.ts';
import { type RunningServer, resultsDir, startServer } from './server-launcher.ts';
import { sessionCookies } from './sessions.ts';

export type RelayRunOptions = {
  scenario: string;
  /** EAs, one per user (each user its own license and quota). */
  eas: number;
  /** Share of the EAs on long-poll (MT4 style) instead of WebSocket. */
  pollShare: number;
  /** Long-poll EAs carry results on their next poll, as MQL4 EAs do. */
  resultsOnPoll: boolean;
  /** Alerts per second; null = as fast as `concurrency` allows. */
  rate: number | null;
  count: number;
  concurrency: number;
  /** Most webhook connections open at once (FireArgs.connections); unset: no limit. */
  connections?: number | undefined;
  /** 2 = alerts to one server process, EAs on another, sharing Postgres and Redis. */
  instances: 1 | 2;
  /** Everything through HAProxy (webhooks to the first instance, the rest to the last). */
  balancer: boolean;
  /** Users whose dashboard holds a live socket (result round trip is measured for them). */
  dashboards: number;
  floor: boolean;
  profile: boolean;
  /** Node flags for each server process (`--server-node-args`). */
  serverNodeArgs: string[];
  logLevel: string;
  /** How long to wait for the last signals to arrive after the last send. */
  drainMs: number;
  quietTimeoutMs: number;
  nice: number;
};

export type RelayRunReport = {
  figures: RelayFigures;
  floor: FloorFigures | null;
  usage: ReturnType<ReturnType<typeof watchProcesses>['stop']>;
  /** Signals in Postgres afterwards, by stored status (test signals of the warm-up excluded). */
  stored: Record<string, number>;
  fleetProblems: Record<string, number>;
  fleetFatal: string[];
  disconnects: number;
  notes: string[];
  profiles: string[];
  /** The measured phase on the shared clock: the profiles are summarised over it. */
  measured: ProfileWindow;
  /** CPU other processes on the machine used just before measuring, % of one core. */
  othersBefore: number;
  postgres: PostgresWork;
  disk: DiskFlushes;
};

/**
 * One latency run against the real server: fresh database and users, EAs connected through
 * the bridge client, a warm-up of test signals that also proves every EA is reachable, the
 * floor measured with the same generator, then the measured alerts.
 */
export async function runRelay(o: RelayRunOptions): Promise<RelayRunReport> {
  const undo: Undo = [];
  const notes: string[] = [];
  const log = (m: string) => console.error(`[${o.scenario}] ${m}`);
  try {
    const { db, users, env } = await prepareBench({ users: o.eas, logLevel: o.logLevel, undo });
    const licenses = users.map((u) => u.licenseNumber);

    const profileDir = path.join(resultsDir, 'profiles');
    const servers: RunningServer[] = [];
    undo.push(() => Promise.all(servers.map((s) => s.stop())));
    for (let k = 0; k < o.instances; k++) {
      const name = `${o.scenario}-server${o.instances > 1 ? `-${k + 1}` : ''}`;
      rmSync(path.join(profileDir, name), { recursive: true, force: true });
      servers.push(
        await startServer({
          name,
          env,
          // One directory per process: each server's main thread profile is found in its own.
          nodeArgs: [
            ...o.serverNodeArgs,
            ...(o.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, name)}`] : []),
          ],
        }),
      );
    }
    let intakeUrl = servers[0]!.url;
    let eaUrl = servers[servers.length - 1]!.url;
    const balancerPids: number[] = [];
    if (o.balancer) {
      const balancer = await startBalancer({
        name: o.scenario,
        intake: intakeUrl,
        terminals: eaUrl,
        connections: balancerConnections(),
      });
      undo.push(() => balancer.stop());
      balancerPids.push(balancer.pid);
      intakeUrl = balancer.url;
      eaUrl = balancer.url;
    }
    log(
      `server${servers.length > 1 ? 's' : ''} up${o.balancer ? ' behind HAProxy' : ''}; connecting ${o.eas} EAs`,
    );

    const specs = eaSpecs(licenses, o.pollShare);
    const fleets: Fleet[] = startFleets(specs);
    undo.push(() => Promise.all(fleets.map((f) => f.worker.stop())));
    undo.push(() => Promise.all(fleets.map((f) => f.worker.call('disconnectAll', undefined))));
    const connected = await Promise.all(
      fleets.map((f) =>
        f.worker.call('connectEas', {
          server: eaUrl,
          eas: f.specs,
          resultsOnPoll: o.resultsOnPoll,
          paper: true,
          batch: 250,
        }),
      ),
    );
    const wsCount = specs.filter((s) => s.transport === 'ws').length;
    const wsConnected = connected.reduce((n, c) => n + c.connected, 0);
    if (wsConnected < wsCount)
      throw new Error(`only ${wsConnected}/${wsCount} WebSocket EAs connected`);

    if (o.dashboards > 0) {
      const sample = users.slice(0, Math.min(o.dashboards, users.length));
      const cookies = await sessionCookies(
        db,
        sample.map((u) => u.id),
        intakeUrl,
      );
      const liveUrl = `${intakeUrl.replace(/^http/, 'ws')}/api/live`;
      await fleets[0]!.worker.call('openDashboards', { url: liveUrl, cookies }).catch((err) => {
        notes.push(`dashboards not opened, no result round trip: ${(err as Error).message}`);
      });
    }

    const generator = startGenerator();
    undo.push(() => generator.stop());
    const webhook = `${intakeUrl}/api/webhook/handleWebhook`;

    const ours = {
      server: servers.map((s) => s.pid),
      generator: [generator.pid],
      eaFleets: fleets.map((f) => f.worker.pid),
      postgres: () => pidsOf('postgres', db.name),
      redis: pidsOf('redis-server'),
      ...(o.balancer ? { haproxy: balancerPids } : {}),
    };
    // Before each measured phase: the pool may have opened new backends since.
    const prioritized = () =>
      prioritize(
        [
          ...servers.map((s) => s.pid),
          generator.pid,
          ...fleets.map((f) => f.worker.pid),
          ...pidsOf('postgres', db.name),
        ],
        o.nice,
      );
    prioritized();
    const quiet = () =>
      waitForQuiet({ ...ours, bench: [process.pid] }, { log, timeoutMs: o.quietTimeoutMs });

    await quiet();
    // Warm-up: test signals (no quota) to every EA, then more at the run's rate for the JIT.
    const warmCount = Math.max(licenses.length, Math.round((o.rate ?? 1000) * 2));
    for (let attempt = 1; ; attempt++) {
      log(`warm-up: ${warmCount} test signals`);
      const warm = await generator.call('fire', {
        url: webhook,
        licenses,
        count: warmCount,
        rate: Math.min(o.rate ?? 1000, 1000),
        concurrency: 32,
        connections: o.connections,
        isTest: true,
      });
      const unreached = await awaitDelivery(
        fleets,
        warm.signalIds,
        warm.status,
        licenses.length,
        30_000,
      );
      const problem =
        unreached > 0 || Object.keys(warm.errors).length > 0
          ? `${unreached} test signals undelivered, errors ${JSON.stringify(warm.errors)}`
          : null;
      if (!problem) break;
      // A busy machine can make a warm-up fail; a server that fails it three times is broken.
      if (attempt === 3) throw new Error(`warm-up failed three times: ${problem}`);
      notes.push(`warm-up attempt ${attempt}: ${problem}`);
      await quiet();
    }
    await sleep(1000);
    await db.analyze();
    await collectAll(fleets, true);

    let floor: FloorFigures | null = null;
    if (o.floor) {
      log('floor');
      floor = await measureFloor({
        quiet,
        nice: o.nice,
        generator,
        fleet: fleets[0]!.worker,
        licenses,
        rate: o.rate,
        count: o.count,
        concurrency: o.concurrency,
      });
      await collectAll(fleets, true);
    }

    const othersBefore = await quiet();
    prioritized();
    log(`measuring: ${o.count} alerts ${o.rate ? `at ${o.rate}/s` : 'as fast as possible'}`);
    const watcher = watchProcesses(ours);
    const measured = { fromMs: monoNow(), toMs: 0 };
    const postgresWatch = await watchPostgres(db.url, db.name);
    const diskWatch = await watchDiskFlushes(db.url);
    undo.push(() => diskWatch.stop());
    const args: FireArgs = {
      url: webhook,
      licenses,
      count: o.count,
      rate: o.rate,
      concurrency: o.concurrency,
      connections: o.connections,
    };
    const fired = await generator.call('fire', args);
    const missing = await awaitDelivery(
      fleets,
      fired.signalIds,
      fired.status,
      licenses.length,
      o.drainMs,
    );
    const usage = watcher.stop();
    measured.toMs = monoNow();
    const postgres = await postgresWatch.stop();
    const disk = await diskWatch.stop();
    if (missing > 0)
      notes.push(`${missing} accepted signals had not arrived ${o.drainMs} ms after the last send`);
    await sleep(1500); // results travel EA → server → dashboard
    const reports = await collectAll(fleets, false);
    const transportOf = (fleet: number, ea: number) => fleets[fleet]!.specs[ea]!.transport;
    const figures = analyze(fired, reports, transportOf, o.rate);

    const { rows } = await db.pool.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from signals where not is_test group by status',
    );
    const stored = Object.fromEntries(rows.map((r) => [r.status, r.n]));

    const profiles = o.profile ? servers.map((s) => path.join(profileDir, s.name)) : [];
    return {
      figures,
      floor,
      usage,
      stored,
      fleetProblems: problemsOf(reports),
      fleetFatal: reports.flatMap((r) => r.fatal),
      disconnects: reports.reduce((n, r) => n + r.disconnects, 0),
      notes,
      profiles,
      measured,
      othersBefore,
      postgres,
      disk,
    };
  } finally {
    await undoAll(undo, log);
  }
}
