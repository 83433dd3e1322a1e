import { randomBytes } from 'node:crypto';
import { createEaClient, type EaClient } from '@signalrelay/bridge/ea-client';
import type { BackoffOptions } from '@signalrelay/bridge/ea-types';
import { createPaperTerminal } from '@signalrelay/bridge/paper-terminal';
import { generateLicenseNumber, hashLicense } from '../../src/core/licenses.ts';
import type { Db } from '../../src/db/db.ts';
import { users } from '../../src/db/schema/users.ts';

export type FleetUser = { id: string; licenseNumber: string };

export type FleetEa = {
  user: FleetUser;
  client: EaClient;
  server: string;
  transport: 'ws' | 'poll';
  /** `Date.now()` of every welcome and every lost connection. */
  connectedAt: number[];
  disconnectedAt: number[];
  /** What the EA reported going wrong (failed connects and the like), with `Date.now()`. */
  problems: { at: number; message: string }[];
};

export type Fleet = {
  eas: FleetEa[];
  /** Executions per signal id, summed over every EA's paper terminal. */
  executions: Map<string, number>;
  /** Signal ids each EA has seen arrive (duplicates included), by license. */
  arrivals: Map<string, string[]>;
  connected(): number;
  /** Resolves once every EA is connected, or throws after `ms`. */
  allConnected(ms: number): Promise<number>;
  stop(): Promise<void>;
};

/** Pro-plan users straight in the database (one insert per 500), one per EA. */
export async function createUsers(db: Db, count: number): Promise<FleetUser[]> {
  const created: FleetUser[] = [];
  for (let first = 0; first < count; first += 500) {
    const rows = Array.from({ length: Math.min(500, count - first) }, () => {
      const licenseNumber = generateLicenseNumber();
      return {
        email: `fault-${randomBytes(6).toString('hex')}@example.test`,
        firstname: 'Fault',
        lastname: 'Test',
        verified: true,
        licenseNumber,
        licenseHash: hashLicense(licenseNumber),
        productType: 'pro' as const,
      };
    });
    const ids = await db.insert(users).values(rows).returning({ id: users.id });
    for (const [i, row] of ids.entries()) {
      created.push({ id: row.id, licenseNumber: rows[i]!.licenseNumber });
    }
  }
  return created;
}

/**
 * One reference EA (bridge/, WebSocket unless `transportOf` says long-poll, default dedupe)
 * per user, each executing on its own
 * paper terminal; `serverOf(i)` picks the server EA i connects to. Executions are counted per
 * signal id across the fleet, so a signal traded twice anywhere shows.
 */
export function startFleet(
  owners: FleetUser[],
  serverOf: (i: number) => string,
  options: {
    backoff?: Partial<BackoffOptions>;
    /** How EA i reaches the server: a WebSocket (the default) or long-poll, as MT4 EAs do. */
    transportOf?: (i: number) => 'ws' | 'poll';
  } = {},
): Fleet {
  const executions = new Map<string, number>();
  const arrivals = new Map<string, string[]>();
  const eas = owners.map((user, i) => {
    const server = serverOf(i);
    const transport = options.transportOf?.(i) ?? 'ws';
    const paper = createPaperTerminal({ seed: i + 1 });
    const seen: string[] = [];
    arrivals.set(user.licenseNumber, seen);
    const connectedAt: number[] = [];
    const disconnectedAt: number[] = [];
    const problems: { at: number; message: string }[] = [];
    const client = createEaClient({
      server,
      transport,
      licenseNumber: user.licenseNumber,
      platform: 'mt5',
      account: String(7_000_000 + i),
      broker: 'Fault-Demo',
      ...(options.backoff ? { backoff: options.backoff } : {}),
      onSignal: (signal) => seen.push(signal.id),
      onConnected: () => connectedAt.push(Date.now()),
      onDisconnected: () => disconnectedAt.push(Date.now()),
      onProblem: (message) => problems.push({ at: Date.now(), message }),
      execute(signal) {
        executions.set(signal.id, (executions.get(signal.id) ?? 0) + 1);
        return paper.execute(signal);
      },
    });
    client.start();
    return { user, client, server, transport, connectedAt, disconnectedAt, problems };
  });
  const connected = () => eas.filter((ea) => ea.client.state === 'connected').length;
  return {
    eas,
    executions,
    arrivals,
    connected,
    async allConnected(ms) {
      const started = Date.now();
      while (connected() < eas.length) {
        if (Date.now() - started > ms) {
          // Which EAs are missing and what each reported, so a failure in CI says why.
          const missing = eas
            .filter((ea) => ea.client.state !== 'connected')
            .map((ea) => {
              const said = ea.problems.map((p) => `+${p.at - started} ms ${p.message}`);
              return `${ea.user.licenseNumber} (${ea.transport} to ${ea.server}, ${ea.client.state}): ${said.join('; ') || 'nothing reported'}`;
            });
          throw new Error(
            `${connected()}/${eas.length} EAs connected after ${ms} ms\n${missing.join('\n')}`,
          );
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      return Date.now() - started;
    },
    async stop() {
      await Promise.all(eas.map((ea) => ea.client.stop()));
    },
  };
}
