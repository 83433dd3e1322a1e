import type { FleetCommands } from './fleet-process.ts';
import type { FloorCommands } from './floor-process.ts';
import type { GeneratorCommands } from './generator-process.ts';
import { startWorker, type Worker } from './ipc.ts';
import { type ProcessUsage, prioritize, type Targets, watchProcesses } from './proc-stats.ts';
import { analyze, type RelayFigures } from './relay-analysis.ts';

export type FloorFigures = { figures: RelayFigures; usage: ProcessUsage[] };

/** The durable floor's services, and how to tell it has stored every EA frame sent so far. */
export type DurableServices = {
  databaseUrl: string;
  redisUrl: string;
  /** The processes whose CPU the durable floor causes besides its own (Postgres, Redis). */
  services: Targets;
  settled: () => Promise<void>;
};

/**
 * The floor in the same run: the same generator and licenses against floor-process.ts, its
 * frames read by raw `ws` clients in the same fleet process as the EAs. One second of warm-up,
 * then at most ten seconds (or the run's count) measured. With `durable`, the floor that
 * stores (floor-durable.ts), its clients answering every signal as an EA does.
 */
export async function measureFloor(o: {
  generator: Worker<GeneratorCommands>;
  fleet: Worker<FleetCommands>;
  licenses: string[];
  rate: number | null;
  count: number;
  concurrency: number;
  connections?: number | undefined;
  durable?: DurableServices;
  /** Waits for the machine to be quiet before measuring. */
  quiet: () => Promise<unknown>;
  nice: number;
}): Promise<FloorFigures> {
  const floor = startWorker<FloorCommands>('./floor-process.ts', { name: 'floor' });
  prioritize([floor.pid], o.nice);
  try {
    const { durable } = o;
    const port = await floor.call('listen', {
      ...(durable
        ? { durable: { databaseUrl: durable.databaseUrl, redisUrl: durable.redisUrl } }
        : {}),
    });
    await o.fleet.call('connectFloor', {
      url: `ws://127.0.0.1:${port}/`,
      licenses: o.licenses,
      answer: !!durable,
    });
    const url = `http://127.0.0.1:${port}/hook`;
    const base = {
      url,
      licenses: o.licenses,
      rate: o.rate,
      concurrency: o.concurrency,
      connections: o.connections,
    };
    await o.generator.call('fire', { ...base, count: Math.round(o.rate ?? 1000) });
    await durable?.settled();
    await o.fleet.call('collect', { reset: true });
    const count = o.rate ? Math.min(o.count, o.rate * 10) : o.count;
    await o.quiet();
    const watcher = watchProcesses({
      floor: [floor.pid],
      generator: [o.generator.pid],
      fleet: [o.fleet.pid],
      ...durable?.services,
    });
    const fired = await o.generator.call('fire', { ...base, count });
    const ids = fired.signalIds.filter((id): id is string => id !== null);
    await o.fleet.call('awaitArrivals', { ids, timeoutMs: 5000 });
    await durable?.settled();
    const usage = watcher.stop().processes;
    const report = await o.fleet.call('collect', { reset: true });
    return { figures: analyze(fired, [report], () => 'floor', o.rate), usage };
  } finally {
    await o.fleet.call('closeFloor', undefined).catch(() => undefined);
    await floor.call('close', undefined).catch(() => undefined);
    await floor.stop();
  }
}
