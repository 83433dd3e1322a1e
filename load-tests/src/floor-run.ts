import { rmSync } from 'node:fs';
import { balancerConnections, startBalancer } from './balancer.ts';
import { monoNow, sleep } from './clock.ts';
import { type DiskFlushes, watchDiskFlushes } from './disk-flushes.ts';
import type { FleetCommands } from './fleet-process.ts';
import type { FloorCommands } from './floor-process.ts';
import type { FireResult, GeneratorCommands } from './generator-process.ts';
import { startWorker, type Worker } from './ipc.ts';
import { type ProcessUsage, prioritize, type Targets, watchProcesses } from './proc-stats.ts';
import {
  formatProfile,
  mainThreadProfile,
  type ProfileWindow,
  summarizeProfile,
} from './profile-summary.ts';
import { analyze, type RelayFigures } from './relay-analysis.ts';

export type FloorFigures = {
  figures: RelayFigures;
  usage: ProcessUsage[];
  /** Where the floor process spent its CPU while measured (with `profileDir`), as text. */
  profile: string;
  /** The disk's flushes while the durable floor was measured (null for a bare floor). */
  disk: DiskFlushes | null;
};

/** The durable floor's services, and how to tell it has stored every EA frame sent so far. */
export type DurableServices = {
  databaseUrl: string;
  redisUrl: string;
  /** The processes whose CPU the durable floor causes besides its own (Postgres, Redis). */
  services: Targets;
  settled: () => Promise<void>;
  /** After the warm-up, as for the server (BenchDatabase `analyze`). */
  analyze: () => Promise<void>;
};

type FloorRun = {
  generator: Worker<GeneratorCommands>;
  fleet: Worker<FleetCommands>;
  licenses: string[];
  concurrency: number;
  connections?: number | undefined;
  durable?: DurableServices;
  /** Reached through HAProxy (balancer.ts) instead of directly, webhooks and sockets alike. */
  proxied?: boolean;
  /**
   * Behind HAProxy, two bare floors as `balanced` places two instances: webhooks reach the
   * first, which publishes each signal on Redis; the second holds the sockets and pushes.
   */
  split?: { redisUrl: string; services: Targets };
  /** How the fleet's clients reach the floor: a socket each (the default) or long-polls. */
  transport?: 'ws' | 'poll';
  /** Each socket client pings this often, as an EA does (none when unset). */
  heartbeatMs?: number;
  /** CPU milliseconds the floor spends on each alert before storing it (`--floor-work`). */
  workMs?: number;
  /** Where the floor process writes a CPU profile (`--profile`); none when unset. */
  profileDir?: string | undefined;
  /** Waits for the machine to be quiet before measuring. */
  quiet: () => Promise<unknown>;
  nice: number;
};

/**
 * Starts a floor (durable or bare), connects the fleet's raw clients to it for `licenses`
 * (answering every signal as an EA does when the floor is durable), runs `measure` against
 * its webhook, and takes it down again.
 */
async function withFloor<T>(
  o: FloorRun,
  measure: (url: string, watched: Targets) => Promise<T>,
): Promise<T> {
  if (o.profileDir) rmSync(o.profileDir, { recursive: true, force: true });
  const floors = Array.from({ length: o.split ? 2 : 1 }, () =>
    startWorker<FloorCommands>('./floor-process.ts', {
      name: 'floor',
      execArgv: o.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${o.profileDir}`] : [],
    }),
  );
  prioritize(
    floors.map((f) => f.pid),
    o.nice,
  );
  let stopBalancer = async () => undefined as unknown;
  try {
    const { durable, split } = o;
    const ports = await Promise.all(
      floors.map((floor, i) =>
        floor.call('listen', {
          ...(durable
            ? { durable: { databaseUrl: durable.databaseUrl, redisUrl: durable.redisUrl } }
            : {}),
          ...(split
            ? { bus: { redisUrl: split.redisUrl, role: i === 0 ? 'intake' : 'terminals' } }
            : {}),
          ...(o.workMs ? { workMs: o.workMs } : {}),
        }),
      ),
    );
    const direct = ports.map((port) => `127.0.0.1:${port}`);
    let host = direct[0]!;
    const watched: Targets = {
      floor: floors.map((f) => f.pid),
      generator: [o.generator.pid],
      fleet: [o.fleet.pid],
      ...durable?.services,
      ...split?.services,
    };
    if (o.proxied || split) {
      const balancer = await startBalancer({
        name: 'floors',
        intake: `http://${direct[0]}`,
        terminals: `http://${direct.at(-1)}`,
        connections: balancerConnections(),
      });
      stopBalancer = () => balancer.stop();
      host = new URL(balancer.url).host;
      watched.haproxy = [balancer.pid];
    }
    await o.fleet.call('connectFloor', {
      url: `ws://${host}/`,
      licenses: o.licenses,
      answer: !!durable,
      transport: o.transport ?? 'ws',
      ...(o.heartbeatMs ? { heartbeatMs: o.heartbeatMs } : {}),
    });
    // The path HAProxy sends to the intake side (balancer.ts); the floor ignores paths.
    return await measure(`http://${host}/api/webhook/floor`, watched);
  } finally {
    await o.fleet.call('closeFloor', undefined).catch(() => undefined);
    await stopBalancer();
    for (const floor of floors) {
      await floor.call('close', undefined).catch(() => undefined);
      await floor.stop();
    }
  }
}

/**
 * Waits until the accepted alerts of `fired` have reached the fleet's clients and, for the
 * durable floor, until it has stored their EA frames.
 */
async function delivered(o: FloorRun, fired: FireResult) {
  const ids = fired.signalIds.filter((id): id is string => id !== null);
  await o.fleet.call('awaitArrivals', { ids, timeoutMs: 5000 });
  await o.durable?.settled();
}

/**
 * The floor in the same run: the same generator and licenses against floor-process.ts, its
 * frames read by raw `ws` clients in the same fleet process as the EAs. One second of warm-up,
 * then at most ten seconds (or the run's count) measured. With `durable`, the floor that
 * stores (floor-durable.ts).
 */
export async function measureFloor(
  o: FloorRun & { rate: number | null; count: number },
): Promise<FloorFigures> {
  const measured: ProfileWindow = { fromMs: 0, toMs: 0 };
  const result = await withFloor(o, async (url, watched) => {
    const base = {
      url,
      licenses: o.licenses,
      rate: o.rate,
      concurrency: o.concurrency,
      connections: o.connections,
    };
    await o.generator.call('fire', { ...base, count: Math.round(o.rate ?? 1000) });
    await o.durable?.settled();
    await o.durable?.analyze();
    await o.fleet.call('collect', { reset: true });
    const count = o.rate ? Math.min(o.count, o.rate * 10) : o.count;
    await o.quiet();
    const watcher = watchProcesses(watched);
    const diskWatch = o.durable ? await watchDiskFlushes(o.durable.databaseUrl) : null;
    try {
      measured.fromMs = monoNow();
      const fired = await o.generator.call('fire', { ...base, count });
      await delivered(o, fired);
      measured.toMs = monoNow();
      const usage = watcher.stop().processes;
      const disk = (await diskWatch?.stop()) ?? null;
      const report = await o.fleet.call('collect', { reset: true });
      return { figures: analyze(fired, [report], () => 'floor', o.rate), usage, disk };
    } finally {
      await diskWatch?.stop();
    }
  });
  const file = o.profileDir ? mainThreadProfile(o.profileDir) : null;
  const profile = file
    ? `CPU profile: ${file}\n${formatProfile(summarizeProfile(file, 12, measured), measured)}`
    : '';
  return { ...result, profile };
}

/**
 * `basket`'s rounds against a floor: `size` alerts on the first license written at once,
 * `rounds` times (after two unmeasured ones). Returns each round's last arrival after its
 * first send, in ms, and how many alerts were not answered 200 or did not arrive.
 */
export function measureFloorBasket(
  o: FloorRun & { size: number; rounds: number },
): Promise<{ spreadMs: number[]; missed: number }> {
  const license = o.licenses[0]!;
  return withFloor({ ...o, licenses: [license] }, async (url) => {
    const round = async () => {
      await sleep(300); // as in `basket`: each round starts from an idle machine
      const fired = await o.generator.call('fire', {
        url,
        licenses: [license],
        count: o.size,
        rate: null,
        concurrency: o.size,
      });
      await delivered(o, fired);
      const { arrivals } = await o.fleet.call('collect', { reset: true });
      const accepted = [...fired.status].filter((status) => status === 200).length;
      return {
        spreadMs: Math.max(...arrivals.at) - Math.min(...fired.sentAt),
        missed: o.size - Math.min(accepted, arrivals.ids.length),
      };
    };
    await round();
    await round();
    await o.durable?.analyze();
    await o.quiet();
    const spreadMs: number[] = [];
    let missed = 0;
    for (let r = 0; r < o.rounds; r++) {
      const measured = await round();
      spreadMs.push(measured.spreadMs);
      missed += measured.missed;
    }
    return { spreadMs, missed };
  });
}
