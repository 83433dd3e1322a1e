import type { EaSpec, FleetCommands } from './fleet-process.ts';
import type { GeneratorCommands } from './generator-process.ts';
import { startWorker, type Worker } from './ipc.ts';
import type { FleetReport } from './relay-analysis.ts';

/** One fleet process holds at most this many EAs (it needs a file descriptor for each). */
export const maxEasPerFleet = 10_000;

export type Fleet = { worker: Worker<FleetCommands>; specs: EaSpec[]; firstUser: number };

export function startGenerator(): Worker<GeneratorCommands> {
  return startWorker<GeneratorCommands>('./generator-process.ts', { name: 'generator' });
}

/**
 * EA i belongs to user i and uses long-poll when it falls on the `pollShare` grid (spread
 * evenly, so the round-robin alerts reach both kinds all through the run).
 */
export function eaSpecs(licenses: string[], pollShare: number): EaSpec[] {
  return licenses.map((licenseNumber, i) => {
    const poll = Math.floor((i + 1) * pollShare) > Math.floor(i * pollShare);
    return {
      licenseNumber,
      transport: poll ? 'poll' : 'ws',
      platform: poll ? 'mt4' : 'mt5',
      account: String(5_000_000 + i),
    };
  });
}

/** Splits the EAs over as few fleet processes as their sockets need. */
export function startFleets(specs: EaSpec[]): Fleet[] {
  const fleets: Fleet[] = [];
  for (let first = 0; first < Math.max(1, specs.length); first += maxEasPerFleet) {
    fleets.push({
      worker: startWorker<FleetCommands>('./fleet-process.ts', {
        name: `fleet ${fleets.length + 1}`,
      }),
      specs: specs.slice(first, first + maxEasPerFleet),
      firstUser: first,
    });
  }
  return fleets;
}

/** Which fleet holds user `userIndex`'s EA. */
export function fleetOf(fleets: Fleet[], userIndex: number): number {
  return Math.floor(userIndex / maxEasPerFleet) % fleets.length;
}

export async function collectAll(fleets: Fleet[], reset: boolean): Promise<FleetReport[]> {
  return Promise.all(fleets.map((f) => f.worker.call('collect', { reset })));
}

/** The EAs' problems over several reports (fleets, or one fleet's successive collections). */
export function problemsOf(reports: Pick<FleetReport, 'problems'>[]): Record<string, number> {
  const problems: Record<string, number> = {};
  for (const r of reports) {
    for (const [k, v] of Object.entries(r.problems)) problems[k] = (problems[k] ?? 0) + v;
  }
  return problems;
}

/**
 * Waits until every accepted signal of the given alerts has reached its EA (or `timeoutMs`);
 * alert i went to user firstUser + i % users. Returns how many are still missing.
 */
export async function awaitDelivery(
  fleets: Fleet[],
  signalIds: (string | null)[],
  status: Int16Array,
  users: number,
  timeoutMs: number,
  firstUser = 0,
): Promise<number> {
  const perFleet: string[][] = fleets.map(() => []);
  signalIds.forEach((id, i) => {
    if (id && status[i] === 200) perFleet[fleetOf(fleets, firstUser + (i % users))]!.push(id);
  });
  const missing = await Promise.all(
    fleets.map((f, k) => f.worker.call('awaitArrivals', { ids: perFleet[k]!, timeoutMs })),
  );
  return missing.reduce((n, m) => n + m.missing, 0);
}
