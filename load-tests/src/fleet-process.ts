import { createEaClient, type EaClient } from '@signalrelay/bridge/ea-client';
import { createPaperTerminal, type PaperTerminal } from '@signalrelay/bridge/paper-terminal';
import type { Platform } from '@signalrelay/contracts/ea-protocol';
import WebSocket from 'ws';
import { fromPerformance, monoNow, sleep } from './clock.ts';
import { createFloorClients } from './floor-clients.ts';
import { serveParent } from './ipc.ts';

/**
 * A fleet of EAs in one process: reference EAs from bridge/ (WebSocket or long-poll, each
 * with its own paper terminal), raw clients for the floor server (floor-clients.ts), and
 * dashboard live sockets that see results come back. Records when each signal arrived, on the
 * shared clock.
 */
export type EaSpec = {
  licenseNumber: string;
  transport: 'ws' | 'poll';
  platform: Platform;
  account: string;
};

type Arrivals = { ids: string[]; at: number[]; ea: number[] };

const eas: EaClient[] = [];
const dashboards: WebSocket[] = [];
let arrivals: Arrivals = { ids: [], at: [], ea: [] };
/** `ea|id` pairs seen: a second arrival of the same signal at the same EA is a duplicate. */
let seen = new Set<string>();
let duplicates = 0;
/** `ea|id` pairs executed: the EA's dedupe must make a second execution impossible. */
let executed = new Set<string>();
let executedTwice = 0;
let results = new Map<string, number>();
const problems = new Map<string, number>();
const fatal: string[] = [];

function record(ea: number, id: string, at: number) {
  const key = `${ea}|${id}`;
  if (seen.has(key)) {
    duplicates++;
    return;
  }
  seen.add(key);
  arrivals.ids.push(id);
  arrivals.at.push(at);
  arrivals.ea.push(ea);
}

function countProblem(message: string) {
  // Group by the message without ids and numbers so the report stays short.
  const key = message.replace(/[0-9a-f-]{36}/g, '<id>').replace(/\d+/g, 'N');
  problems.set(key, (problems.get(key) ?? 0) + 1);
}

async function connectEas(args: {
  server: string;
  eas: EaSpec[];
  resultsOnPoll: boolean;
  /** false: answer every signal with an instant success instead of a paper trade. */
  paper: boolean;
  /** How many connections are opened at once. */
  batch: number;
}): Promise<{ connected: number; total: number }> {
  const instant = { status: 'success' as const, ticket: '1', retcode: 10009 };
  const once = (index: number, id: string) => {
    const key = `${index}|${id}`;
    if (executed.has(key)) executedTwice++;
    executed.add(key);
  };
  const first = eas.length;
  for (let b = 0; b < args.eas.length; b += args.batch) {
    const batch = args.eas.slice(b, b + args.batch);
    const started = batch.map((spec, j) => {
      const index = first + b + j;
      let terminal: PaperTerminal | undefined;
      let resolveConnected: () => void = () => undefined;
      const connected = new Promise<void>((resolve) => {
        resolveConnected = resolve;
      });
      const client = createEaClient({
        server: args.server,
        transport: spec.transport,
        licenseNumber: spec.licenseNumber,
        platform: spec.platform,
        account: spec.account,
        broker: 'Bench-Demo',
        resultsOnPoll: args.resultsOnPoll,
        execute: (signal) => {
          once(index, signal.id);
          if (!args.paper) return instant;
          terminal ??= createPaperTerminal({ seed: index + 1 });
          return terminal.execute(signal);
        },
        onSignal: (signal, arrival) => record(index, signal.id, fromPerformance(arrival.monotonic)),
        onConnected: () => resolveConnected(),
        onProblem: countProblem,
        onFatal: (error) => fatal.push(`${error.code}: ${error.message}`),
      });
      eas.push(client);
      client.start();
      // A long-poll EA is "connected" only when its first poll is answered, which the
      // warm-up signal does; a WebSocket EA is when the welcome arrives.
      return spec.transport === 'ws' ? connected : Promise.resolve();
    });
    await Promise.race([Promise.all(started), sleep(30_000)]);
  }
  return {
    connected: eas.filter((c) => c.state === 'connected').length,
    total: eas.length,
  };
}

/** Dashboards' live sockets: the moment a signal's result is shown to its owner. */
async function openDashboards(args: { url: string; cookies: string[] }) {
  await Promise.all(
    args.cookies.map(
      (cookie) =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(args.url, { headers: { cookie }, perMessageDeflate: false });
          ws.on('message', (data) => {
            const at = monoNow();
            const event = JSON.parse(data.toString()) as {
              type: string;
              signal?: { id: string; status: string };
            };
            if (event.type !== 'signal' || !event.signal || event.signal.status === 'pending') {
              return;
            }
            if (!results.has(event.signal.id)) results.set(event.signal.id, at);
          });
          ws.once('open', () => resolve());
          ws.once('error', reject);
          dashboards.push(ws);
        }),
    ),
  );
  return { open: dashboards.length };
}

/** What arrived since the last call (or since `reset`), and the fleet's health. */
function collect(args: { reset: boolean }) {
  const out = {
    arrivals,
    duplicates,
    executedTwice,
    results: [...results.entries()],
    problems: Object.fromEntries(problems),
    fatal: [...fatal],
    connected: eas.filter((c) => c.state === 'connected').length,
    disconnects: eas.reduce((n, c) => n + c.counters.disconnects, 0),
  };
  if (args.reset) {
    arrivals = { ids: [], at: [], ea: [] };
    seen = new Set();
    duplicates = 0;
    executed = new Set();
    executedTwice = 0;
    results = new Map();
    problems.clear();
  }
  return out;
}

/** Waits until `ids` have all arrived somewhere in this fleet, or `timeoutMs` passes. */
async function awaitArrivals(args: { ids: string[]; timeoutMs: number }) {
  const deadline = monoNow() + args.timeoutMs;
  for (;;) {
    const have = new Set(arrivals.ids);
    const missing = args.ids.filter((id) => !have.has(id)).length;
    if (missing === 0 || monoNow() > deadline) return { missing };
    await sleep(50);
  }
}

/** The floor's raw clients, whose signals are recorded as the EAs' are. */
const floor = createFloorClients(record);

async function disconnectAll() {
  floor.close();
  await Promise.all(eas.map((c) => c.stop()));
  for (const ws of dashboards) ws.terminate();
  eas.length = 0;
  dashboards.length = 0;
  return null;
}

const handlers = {
  connectEas,
  connectFloor: floor.connect,
  closeFloor: floor.close,
  openDashboards,
  collect,
  awaitArrivals,
  disconnectAll,
  memory: () => process.memoryUsage().rss,
};

serveParent(handlers);

export type FleetCommands = typeof handlers;
