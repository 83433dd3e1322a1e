import type { BenchArgs } from './bench-args.ts';
import { startBenchServer, type Undo, undoAll } from './bench-server.ts';
import { monoNow, sleep } from './clock.ts';
import {
  budgetMb,
  checkOpenFiles,
  inspectorArgs,
  memoryPerEa,
  perEaTargetKb,
  serverMemory,
} from './connections-memory.ts';
import {
  awaitDelivery,
  collectAll,
  eaSpecs,
  type Fleet,
  maxEasPerFleet,
  problemsOf,
  startFleets,
  startGenerator,
} from './fleets.ts';
import { pidsOf, prioritize, waitForQuiet, watchProcesses } from './proc-stats.ts';
import { analyze } from './relay-analysis.ts';
import { type Check, checksTable, counts, latencyTable } from './report.ts';

const step = 1000;

/**
 * Idle EAs on one server process limited to a 1 GiB heap: WebSockets (hello, welcome, a ping
 * every 2 s) added 1,000 at a time until the target, the budget or a refusal, then MT4-style
 * long-poll EAs (a poll always held; each proven held by a test signal it receives); all held
 * for 20 s (the heartbeat cost) and used (alerts to 1,000 of the WebSocket EAs) to show they
 * still work. Memory per idle EA is the server's RSS over its baseline, per EA.
 */
export async function connectionsScenario(args: BenchArgs) {
  const target = args.eas ?? 10_000;
  const pollTarget = args.pollEas ?? 2000;
  const files = checkOpenFiles(target + pollTarget);
  const undo: Undo = [];
  const notes: string[] = [];
  const log = (m: string) => console.error(`[connections] ${m}`);
  try {
    const { users, server, db, profileText } = await startBenchServer({
      name: 'connections-server',
      users: target + pollTarget,
      args,
      undo,
      nodeArgs: [`--max-old-space-size=${budgetMb}`, ...inspectorArgs],
    });
    const licenses = users.map((u) => u.licenseNumber);
    // WebSocket EAs first, long-poll after: fleet k holds EAs k × 10,000 onwards.
    const specs = [...eaSpecs(licenses.slice(0, target), 0), ...eaSpecs(licenses.slice(target), 1)];
    const fleets = startFleets(specs);
    /**
     * Connects EAs from..to (global indexes, one fleet) and returns that fleet's connected
     * count. WebSocket EAs (`settle`) whose hello was refused or slow on a busy machine retry
     * with their backoff: up to 30 s more are given for that before a shortfall counts.
     */
    const connect = async (from: number, to: number, settle: boolean) => {
      const fleetIndex = Math.floor(from / maxEasPerFleet);
      const fleet: Fleet = fleets[fleetIndex]!;
      let { connected } = await fleet.worker.call('connectEas', {
        server: server.url,
        eas: specs.slice(from, to),
        resultsOnPoll: true,
        paper: false,
        // Each hello costs the server three queries: open gently, this measures capacity,
        // not a reconnect storm.
        batch: 100,
      });
      const expected = to - fleetIndex * maxEasPerFleet;
      for (let waited = 0; settle && connected < expected && waited < 30; waited++) {
        await sleep(1000);
        ({ connected } = await fleet.worker.call('collect', { reset: false }));
      }
      return connected;
    };
    /** The next step's end: `step` EAs on, never past `limit` or a fleet's last EA. */
    const stepEnd = (from: number, limit: number) =>
      Math.min(limit, from + step, (Math.floor(from / maxEasPerFleet) + 1) * maxEasPerFleet);
    prioritize([server.pid, ...fleets.map((f) => f.worker.pid)], args.nice);
    undo.push(() => Promise.all(fleets.map((f) => f.worker.stop())));
    undo.push(() => Promise.all(fleets.map((f) => f.worker.call('disconnectAll', undefined))));

    await sleep(2000);
    const curve = [{ connections: 0, ...(await serverMemory(server)) }];
    let held = 0;
    const connectStarted = performance.now();
    /** The server's CPU while WebSocket EAs connect, the memory samples' collections left out. */
    let connectingCpuMs = 0;
    while (held < target) {
      const next = stepEnd(held, target);
      const connecting = watchProcesses({ server: [server.pid] });
      // `connected` counts the whole fleet; earlier fleets are full (of WebSocket EAs).
      const reached =
        Math.floor(held / maxEasPerFleet) * maxEasPerFleet + (await connect(held, next, true));
      connectingCpuMs += connecting.stop().processes[0]!.cpuMs;
      if (reached < next) {
        notes.push(
          `stopped at ${reached}: ${next - reached} of the last ${next - held} did not connect`,
        );
        held = reached;
        break;
      }
      held = next;
      const memory = await serverMemory(server);
      curve.push({ connections: held, ...memory });
      log(`${held} connected, server RSS ${memory.rssMb} MB`);
      if (memory.rssMb >= budgetMb) {
        notes.push(`stopped at the ${budgetMb} MB budget`);
        break;
      }
    }
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    const afterWs = await serverMemory(server);

    const generator = startGenerator();
    prioritize([generator.pid, ...pidsOf('postgres', db.name)], args.nice);
    undo.push(() => generator.stop());
    const webhook = `${server.url}/api/webhook/handleWebhook`;
    // A long-poll EA is held once its first poll is answered: a test signal to each does it
    // and proves the poll reached the server.
    let polling = 0;
    for (let from = target; from < target + pollTarget; ) {
      const to = stepEnd(from, target + pollTarget);
      await connect(from, to, false);
      const warm = await generator.call('fire', {
        url: webhook,
        licenses: licenses.slice(from, to),
        count: to - from,
        rate: 500,
        concurrency: 16,
        isTest: true,
      });
      const missing = await awaitDelivery(
        fleets,
        warm.signalIds,
        warm.status,
        to - from,
        15_000,
        from,
      );
      polling += to - from - missing;
      const memory = await serverMemory(server);
      curve.push({ connections: held + polling, ...memory });
      log(`${held} WebSocket and ${polling} long-poll EAs held, server RSS ${memory.rssMb} MB`);
      if (missing > 0) {
        notes.push(`long-poll: ${missing} of the last ${to - from} never got their test signal`);
        break;
      }
      from = to;
    }
    const afterPoll = await serverMemory(server);

    await db.analyze();
    await waitForQuiet(
      { server: [server.pid], eaFleets: fleets.map((f) => f.worker.pid), bench: [process.pid] },
      { log, timeoutMs: args.quietTimeout * 1000 },
    );
    log('holding for 20 s');
    // Disconnects while connecting (e.g. a hello refused on a busy machine, then retried)
    // are counted apart from the hold's.
    const beforeHold = (await collectAll(fleets, true)).reduce((n, r) => n + r.disconnects, 0);
    const idle = watchProcesses({
      server: [server.pid],
      eaFleets: fleets.map((f) => f.worker.pid),
      redis: pidsOf('redis-server'),
      postgres: () => pidsOf('postgres', db.name),
    });
    const hold = { fromMs: monoNow(), toMs: 0 };
    await sleep(20_000);
    hold.toMs = monoNow();
    const idleUsage = idle.stop();

    log('1,000 alerts at 200/s to 1,000 of the WebSocket EAs');
    const sample = licenses.slice(0, Math.min(1000, held));
    await generator.call('fire', {
      url: webhook,
      licenses: sample,
      count: sample.length,
      rate: 200,
      concurrency: 16,
      isTest: true,
    });
    await sleep(1000);
    const heldReports = await collectAll(fleets, true);
    const fired = await generator.call('fire', {
      url: webhook,
      licenses: sample,
      count: 1000,
      rate: 200,
      concurrency: 16,
    });
    await awaitDelivery(fleets, fired.signalIds, fired.status, sample.length, 15_000);
    const reports = await collectAll(fleets, false);
    // Read last: each reading forces two full collections, which stall this server for
    // 0.4–0.8 s with 12,000 EAs. Read right after the hold, inside the window judged for
    // disconnects, the stall made up to 1,172 long polls wait past the pool's 1 s for a
    // connection and fail (load-tests/RESULTS.md, thirty-eighth session).
    const afterUse = {
      connections: held + polling,
      ...(await serverMemory(server)),
    };
    const figures = analyze(fired, reports, () => 'ws', 200);
    const connectedAtEnd = reports.reduce((n, r) => n + r.connected, 0);
    const disconnects = reports.reduce((n, r) => n + r.disconnects, 0) - beforeHold;
    const problems = problemsOf([...heldReports, ...reports]);

    const base = curve[0]!;
    const eas = held + polling;
    const memory = memoryPerEa({ base, afterWs, afterPoll, afterUse }, held, polling);
    const idleServer = idleUsage.processes.find((p) => p.name === 'server');
    const checks: Check[] = [
      {
        target: `idle EAs on one process: ${target} WebSocket, ${pollTarget} long-poll`,
        actual: `${held} WebSocket, ${polling} long-poll`,
        ok: held >= target && polling >= pollTarget,
      },
      {
        target: `server memory per idle EA ≤ ${perEaTargetKb} KiB`,
        actual: `${memory.perEaKb} KiB RSS (heap ${memory.heapPerEaKb} KiB)`,
        // Below zero, a collection outweighed the EAs: too few of them to tell.
        ok: memory.perEaKb > 0 && memory.perEaKb <= perEaTargetKb,
      },
      {
        target: 'all still connected after the hold',
        actual: `${connectedAtEnd}/${eas}, ${disconnects} disconnects (${beforeHold} while connecting)`,
        ok: connectedAtEnd === eas && disconnects === 0,
      },
      {
        target: 'alerts delivered at this scale, 0 lost',
        actual: String(figures.lost),
        ok: figures.lost === 0 && figures.accepted === 1000,
      },
    ];
    const lines = [
      `${held} idle WebSocket EAs (target ${target}) and ${polling} long-poll EAs (target ${pollTarget}) on one server with --max-old-space-size=${budgetMb}; WebSockets connected in ${connectSeconds.toFixed(1)} s; open files limit ${files.soft}`,
      held > 0
        ? `server CPU while the WebSocket EAs connected, per EA (hellos, welcomes; pings of those already held): ${(connectingCpuMs / held).toFixed(2)} ms`
        : '',
      `server RSS ${base.rssMb} MB with none → ${afterWs.rssMb} MB with the WebSockets → ${afterPoll.rssMb} MB with the long-polls → ${afterUse.rssMb} MB after the hold and the alerts`,
      `per idle EA (RSS / heap, KiB): all ${memory.perEaKb} / ${memory.heapPerEaKb} · WebSocket ${memory.perWsKb} / ${memory.heapPerWsKb} · long-poll ${memory.perPollKb} / ${memory.heapPerPollKb}`,
      `at that rate ${memory.fits} EAs fit in ${budgetMb} MB RSS`,
      `memory curve (EAs: RSS MB / heap MB): ${curve.map((c) => `${c.connections}: ${c.rssMb}/${c.heapMb}`).join(', ')}`,
      `holding ${eas} (${Math.round(held / 2)} pings/s) for 20 s: CPU (% of one core) ${idleUsage.processes.map((p) => `${p.name} ${p.cpuPercent}`).join(', ')}; other processes ${idleUsage.machine.othersPercent}`,
      idleServer && held > 0
        ? `server per WebSocket ping (long-poll cost included): ${((idleServer.cpuMs * 1000) / (held * 10)).toFixed(1)} CPU µs, ${(idleServer.syscalls.reads / (held * 10)).toFixed(2)} read and ${(idleServer.syscalls.writes / (held * 10)).toFixed(2)} write system calls`
        : '',
      '',
      latencyTable([
        ['webhook reply', figures.webhookReply],
        ['delivery (alert → EA)', figures.delivery],
      ]),
      `replies ${counts(figures.statuses)} · lost ${figures.lost} · duplicated ${figures.duplicated}`,
      `EA problems since the hold began: ${counts(problems)}`,
      ...notes.map((n) => `note: ${n}`),
      '',
      checksTable(checks),
    ];
    return {
      text: lines.join('\n'),
      checks,
      json: {
        target,
        pollTarget,
        held,
        polling,
        connectingCpuMs,
        curve,
        afterWs,
        afterPoll,
        afterUse,
        memory,
        idleUsage,
        serverIdleCpu: idleServer?.cpuPercent,
        figures,
        notes,
      },
      // The hold: what idle EAs cost.
      after: () => profileText(hold),
    };
  } finally {
    await undoAll(undo, log);
  }
}
