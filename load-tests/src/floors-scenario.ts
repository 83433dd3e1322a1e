import path from 'node:path';
import type { BenchArgs } from './bench-args.ts';
import { type Undo, undoAll } from './bench-server.ts';
import { createBenchDatabase, redisUrl } from './bench-services.ts';
import { sleep } from './clock.ts';
import { eaSpecs, startFleets, startGenerator } from './fleets.ts';
import { measureFloor, measureFloorBasket } from './floor-run.ts';
import { type Basket, reportFloors, type Worked } from './floors-report.ts';
import { pidsOf, prioritize, waitForQuiet } from './proc-stats.ts';
import { resultsDir } from './server-launcher.ts';
import { summarize } from './stats.ts';

/** What the server's welcome tells every EA (ea/PROTOCOL.md): a heartbeat every 2 s. */
const eaHeartbeatMs = 2000;

/**
 * The two floors side by side, with nothing of SignalRelay running: the bare one (what our
 * latency is divided by) and the durable one (floor-durable.ts: the same plus the quota, the
 * commit before the reply and the push, and the EA's two frames stored). The durable floor's
 * CPU per signal, latency and top rate are what any relay that keeps our promises can reach
 * on this machine with this stack: a target it misses is out of reach for SignalRelay too.
 */
export async function floorsScenario(args: BenchArgs) {
  const eas = args.eas ?? 1000;
  const rate = args.rate ?? 500;
  const count = Math.round(rate * (args.duration ?? 10));
  const undo: Undo = [];
  const log = (m: string) => console.error(`[floors] ${m}`);
  try {
    const db = await createBenchDatabase();
    undo.push(() => db.drop());
    const licenses = Array.from(
      { length: eas },
      (_, i) => `SR-FLOOR-${String(i).padStart(5, '0')}`,
    );
    const fleet = startFleets(eaSpecs(licenses, 0))[0]!.worker;
    undo.push(() => fleet.stop());
    const generator = startGenerator();
    undo.push(() => generator.stop());
    prioritize([generator.pid, fleet.pid], args.nice);
    const quiet = () =>
      waitForQuiet(
        { generator: [generator.pid], fleet: [fleet.pid], bench: [process.pid] },
        { log, timeoutMs: args.quietTimeout * 1000 },
      );
    const postgres = () => pidsOf('postgres', db.name);
    const redis = () => pidsOf('redis-server');
    const common = {
      generator,
      fleet,
      licenses,
      rate,
      count,
      concurrency: args.concurrency ?? 64,
      connections: args.connections,
      quiet,
      nice: args.nice,
    };

    log(`bare floor: ${count} alerts at ${rate}/s to ${eas} raw clients`);
    const profileDir = (kind: string) =>
      args.profile ? path.join(resultsDir, 'profiles', `floors-${kind}`) : undefined;
    const bare = await measureFloor({ ...common, profileDir: profileDir('bare') });
    log('bare floor through HAProxy: webhooks and sockets both pass the proxy, as in `balanced`');
    const proxied = await measureFloor({ ...common, proxied: true });
    log(
      'two bare floors behind HAProxy: webhooks to one, which publishes on Redis, sockets on the other',
    );
    const split = await measureFloor({
      ...common,
      split: { redisUrl, services: { redis } },
    });
    log('durable floor: the same, counted and committed before the reply, EA frames stored');
    const durableServices = {
      databaseUrl: db.url,
      redisUrl,
      services: { postgres, redis },
      analyze: () => db.analyze(),
      async settled() {
        for (let waited = 0; waited < 10_000; waited += 50) {
          const { rows } = await db.pool.query<{ n: number }>(
            'select count(*)::int as n from floor_signals where result is null',
          );
          if (rows[0]!.n === 0) return;
          await sleep(50);
        }
        throw new Error('the durable floor had not stored every result 10 s after the last');
      },
    };
    const durable = await measureFloor({
      ...common,
      durable: durableServices,
      profileDir: profileDir('durable'),
    });
    log('durable floor with heartbeats: each client also pings every 2 s, as EAs do');
    const beating = await measureFloor({
      ...common,
      durable: durableServices,
      heartbeatMs: eaHeartbeatMs,
    });
    let worked: Worked | null = null;
    if (args.floorWork) {
      const workMs = args.floorWork;
      log(`durable floor with heartbeats, spending ${workMs} ms of CPU on each alert`);
      const floor = await measureFloor({
        ...common,
        durable: durableServices,
        heartbeatMs: eaHeartbeatMs,
        workMs,
      });
      worked = { workMs, floor };
    }
    log(
      'two durable floors behind HAProxy, with heartbeats: webhooks to one, which commits and publishes on Redis, sockets on the other',
    );
    const pair = await measureFloor({
      ...common,
      durable: durableServices,
      split: { redisUrl, services: { redis } },
      heartbeatMs: eaHeartbeatMs,
    });
    const size = args.count ?? 50;
    const rounds = args.rounds ?? 10;
    log(`baskets: ${rounds} rounds of ${size} alerts at once on one license, each floor`);
    const basketOf = async (
      durable?: typeof durableServices,
      transport: 'ws' | 'poll' = 'ws',
    ): Promise<Basket> => {
      const b = await measureFloorBasket({
        ...common,
        size,
        rounds,
        transport,
        ...(durable ? { durable } : {}),
      });
      return { spread: summarize(b.spreadMs), missed: b.missed };
    };
    const baskets = {
      bare: await basketOf(),
      durable: await basketOf(durableServices),
      durablePoll: await basketOf(durableServices, 'poll'),
    };
    return reportFloors(rate, { bare, proxied, split, durable, beating, pair }, baskets, worked);
  } finally {
    await undoAll(undo, log);
  }
}
