import type { FleetCommands } from './fleet-process.ts';
import type { FloorCommands } from './floor-process.ts';
import type { GeneratorCommands } from './generator-process.ts';
import { startWorker, type Worker } from './ipc.ts';
import { type ProcessUsage, prioritize, watchProcesses } from './proc-stats.ts';
import { analyze, type RelayFigures } from './relay-analysis.ts';

export type FloorFigures = { figures: RelayFigures; usage: ProcessUsage[] };

/**
 * The floor in the same run: the same generator and licenses against floor-process.ts, its
 * frames read by raw `ws` clients in the same fleet process as the EAs. One second of warm-up,
 * then at most ten seconds (or the run's count) measured.
 */
export async function measureFloor(o: {
  generator: Worker<GeneratorCommands>;
  fleet: Worker<FleetCommands>;
  licenses: string[];
  rate: number | null;
  count: number;
  concurrency: number;
  /** Waits for the machine to be quiet before measuring. */
  quiet: () => Promise<unknown>;
  nice: number;
}): Promise<FloorFigures> {
  const floor = startWorker<FloorCommands>('./floor-process.ts', { name: 'floor' });
  prioritize([floor.pid], o.nice);
  try {
    const port = await floor.call('listen', undefined);
    await o.fleet.call('connectFloor', { url: `ws://127.0.0.1:${port}/`, licenses: o.licenses });
    const url = `http://127.0.0.1:${port}/hook`;
    const base = { url, licenses: o.licenses, rate: o.rate, concurrency: o.concurrency };
    await o.generator.call('fire', { ...base, count: Math.round(o.rate ?? 1000) });
    await o.fleet.call('collect', { reset: true });
    const count = o.rate ? Math.min(o.count, o.rate * 10) : o.count;
    await o.quiet();
    const watcher = watchProcesses({ floor: [floor.pid], generator: [o.generator.pid] });
    const fired = await o.generator.call('fire', { ...base, count });
    const ids = fired.signalIds.filter((id): id is string => id !== null);
    await o.fleet.call('awaitArrivals', { ids, timeoutMs: 5000 });
    const usage = watcher.stop().processes;
    const report = await o.fleet.call('collect', { reset: true });
    return { figures: analyze(fired, [report], () => 'floor', o.rate), usage };
  } finally {
    await o.fleet.call('closeFloor', undefined).catch(() => undefined);
    await floor.stop();
  }
}
