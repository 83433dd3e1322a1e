import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchArgs } from './bench-args.ts';
import {
  checkRedis,
  cleanRedis,
  createBenchDatabase,
  createUsers,
  redisUrl,
} from './bench-services.ts';
import { sleep } from './clock.ts';
import { awaitDelivery, collectAll, eaSpecs, startFleets, startGenerator } from './fleets.ts';
import { pidsOf, prioritize, rssMb, waitForQuiet, watchProcesses } from './proc-stats.ts';
import { formatProfile, mainThreadProfile, summarizeProfile } from './profile-summary.ts';
import { analyze } from './relay-analysis.ts';
import { type Check, checksTable, counts, latencyTable } from './report.ts';
import { resultsDir, startServer } from './server-launcher.ts';

/** The memory budget of issue 10: how many idle EA WebSockets fit in one 1 GiB process. */
const budgetMb = 1024;
const step = 1000;

/** The server's own view of its heap (prom-client's default metrics), in MiB. */
async function heapUsedMb(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const bytes = Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(text)?.[1] ?? Number.NaN);
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

/**
 * Idle EA WebSockets (hello, welcome, a ping every 2 s) added 1,000 at a time to one server
 * process limited to a 1 GiB heap, until the target, the budget or a refusal; then held for
 * 20 s (the heartbeat cost) and used (alerts to 1,000 of them) to show they still work.
 */
export async function connectionsScenario(args: BenchArgs) {
  const target = args.eas ?? 19_000;
  const undo: (() => Promise<unknown>)[] = [];
  const notes: string[] = [];
  const log = (m: string) => console.error(`[connections] ${m}`);
  try {
    await checkRedis();
    const db = await createBenchDatabase();
    undo.push(() => db.drop());
    const users = await createUsers(db, target);
    undo.push(() => cleanRedis(users.map((u) => u.id)));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sr-bench-'));
    undo.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const profileDir = path.join(resultsDir, 'profiles', 'connections-server');
    rmSync(profileDir, { recursive: true, force: true });
    const server = await startServer({
      name: 'connections-server',
      env: {
        DATABASE_URL: db.url,
        REDIS_URL: redisUrl,
        LOG_LEVEL: args.logLevel,
        DATA_DIR: dataDir,
      },
      nodeArgs: [
        `--max-old-space-size=${budgetMb}`,
        ...(args.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ],
    });
    undo.push(() => server.stop());
    const specs = eaSpecs(
      users.map((u) => u.licenseNumber),
      0,
    );
    const fleets = startFleets(specs);
    prioritize([server.pid, ...fleets.map((f) => f.worker.pid)], args.nice);
    undo.push(() => Promise.all(fleets.map((f) => f.worker.stop())));
    undo.push(() => Promise.all(fleets.map((f) => f.worker.call('disconnectAll', undefined))));

    await sleep(2000);
    const curve = [
      { connections: 0, rssMb: rssMb(server.pid), heapMb: await heapUsedMb(server.url) },
    ];
    let held = 0;
    const connectStarted = performance.now();
    while (held < target) {
      const next = Math.min(target, held + step);
      const fleetIndex = Math.floor(held / 10_000);
      const fleet = fleets[fleetIndex]!;
      const slice = specs.slice(held, next);
      const result = await fleet.worker.call('connectEas', {
        server: server.url,
        eas: slice,
        resultsOnPoll: false,
        paper: false,
        // Each hello costs the server three queries: open gently, this measures capacity,
        // not a reconnect storm.
        batch: 100,
      });
      // `connected` counts the whole fleet; earlier fleets are full.
      const reached = fleetIndex * 10_000 + result.connected;
      if (reached < next) {
        notes.push(
          `stopped at ${reached}: ${next - reached} of the last ${slice.length} did not connect`,
        );
        held = reached;
        break;
      }
      held = next;
      const rss = rssMb(server.pid);
      curve.push({ connections: held, rssMb: rss, heapMb: await heapUsedMb(server.url) });
      log(`${held} connected, server RSS ${rss} MB`);
      if (rss >= budgetMb) {
        notes.push(`stopped at the ${budgetMb} MB budget`);
        break;
      }
    }
    const connectSeconds = (performance.now() - connectStarted) / 1000;

    await waitForQuiet(
      { server: [server.pid], eaFleets: fleets.map((f) => f.worker.pid), bench: [process.pid] },
      { log, timeoutMs: args.quietTimeout * 1000 },
    );
    log('holding for 20 s');
    await collectAll(fleets, true);
    const idle = watchProcesses({
      server: [server.pid],
      eaFleets: fleets.map((f) => f.worker.pid),
      redis: pidsOf('redis-server'),
      postgres: () => pidsOf('postgres', db.name),
    });
    await sleep(20_000);
    const idleUsage = idle.stop();
    const afterHold = {
      connections: held,
      rssMb: rssMb(server.pid),
      heapMb: await heapUsedMb(server.url),
    };

    log('1,000 alerts at 200/s to 1,000 of the EAs');
    const generator = startGenerator();
    prioritize([generator.pid, ...pidsOf('postgres', db.name)], args.nice);
    undo.push(() => generator.stop());
    const sample = users.slice(0, Math.min(1000, held)).map((u) => u.licenseNumber);
    const webhook = `${server.url}/api/webhook/handleWebhook`;
    await generator.call('fire', {
      url: webhook,
      licenses: sample,
      count: sample.length,
      rate: 200,
      concurrency: 16,
      isTest: true,
    });
    await sleep(1000);
    await collectAll(fleets, true);
    const fired = await generator.call('fire', {
      url: webhook,
      licenses: sample,
      count: 1000,
      rate: 200,
      concurrency: 16,
    });
    await awaitDelivery(fleets, fired.signalIds, fired.status, sample.length, 15_000);
    const reports = await collectAll(fleets, false);
    const figures = analyze(fired, reports, () => 'ws', 200);
    const connectedAtEnd = reports.reduce((n, r) => n + r.connected, 0);
    const disconnects = reports.reduce((n, r) => n + r.disconnects, 0);

    const base = curve[0]!;
    const perConnKb = held > 0 ? ((afterHold.rssMb - base.rssMb) * 1024) / held : 0;
    const heapPerConnKb = held > 0 ? ((afterHold.heapMb - base.heapMb) * 1024) / held : 0;
    const fits = perConnKb > 0 ? Math.floor(((budgetMb - base.rssMb) * 1024) / perConnKb) : 0;
    const idleServer = idleUsage.processes.find((p) => p.name === 'server');
    const checks: Check[] = [
      {
        target: '≥ 10,000 idle EA WebSockets per process',
        actual: String(held),
        ok: held >= 10_000,
      },
      {
        target: 'all still connected after the hold',
        actual: `${connectedAtEnd}/${held}, ${disconnects} disconnects`,
        ok: connectedAtEnd === held && disconnects === 0,
      },
      {
        target: 'alerts delivered at this scale, 0 lost',
        actual: String(figures.lost),
        ok: figures.lost === 0 && figures.accepted === 1000,
      },
    ];
    const lines = [
      `${held} idle EA WebSockets (target ${target}) on one server with --max-old-space-size=${budgetMb}; connected in ${connectSeconds.toFixed(1)} s`,
      `server RSS ${base.rssMb} MB with none → ${afterHold.rssMb} MB with ${held}: ${perConnKb.toFixed(1)} KiB per connection (heap ${heapPerConnKb.toFixed(1)} KiB)`,
      `at that rate ${fits} connections fit in ${budgetMb} MB RSS`,
      `memory curve (connections: RSS MB / heap MB): ${curve.map((c) => `${c.connections}: ${c.rssMb}/${c.heapMb}`).join(', ')}`,
      `holding ${held} (${Math.round(held / 2)} pings/s) for 20 s: CPU (% of one core) ${idleUsage.processes.map((p) => `${p.name} ${p.cpuPercent}`).join(', ')}; other processes ${idleUsage.machine.othersPercent}`,
      idleServer
        ? `server per ping: ${((idleServer.cpuMs * 1000) / (held * 10)).toFixed(1)} CPU µs, ${(idleServer.syscalls.reads / (held * 10)).toFixed(2)} read and ${(idleServer.syscalls.writes / (held * 10)).toFixed(2)} write system calls`
        : '',
      '',
      latencyTable([
        ['webhook reply', figures.webhookReply],
        ['delivery (alert → EA)', figures.delivery],
      ]),
      `replies ${counts(figures.statuses)} · lost ${figures.lost} · duplicated ${figures.duplicated}`,
      ...notes.map((n) => `note: ${n}`),
      '',
      checksTable(checks),
    ];
    return {
      text: lines.join('\n'),
      checks,
      json: {
        target,
        held,
        curve,
        afterHold,
        perConnKb,
        heapPerConnKb,
        fits,
        idleUsage,
        serverIdleCpu: idleServer?.cpuPercent,
        figures,
        notes,
        profileDir: args.profile ? profileDir : null,
      },
      after: () => {
        const file = mainThreadProfile(profileDir);
        return file ? `CPU profile: ${file}\n${formatProfile(summarizeProfile(file))}` : '';
      },
    };
  } finally {
    for (const stepUndo of undo.reverse()) {
      await stepUndo().catch((err) => log(`clean-up: ${(err as Error).message}`));
    }
  }
}
