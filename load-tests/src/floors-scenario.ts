import path from 'node:path';
import type { BenchArgs } from './bench-args.ts';
import { type Undo, undoAll } from './bench-server.ts';
import { createBenchDatabase, redisUrl } from './bench-services.ts';
import { sleep } from './clock.ts';
import { formatDiskFlushes } from './disk-flushes.ts';
import { eaSpecs, startFleets, startGenerator } from './fleets.ts';
import { type FloorFigures, measureFloor, measureFloorBasket } from './floor-run.ts';
import { type ProcessUsage, pidsOf, prioritize, waitForQuiet } from './proc-stats.ts';
import { type Check, checksTable, latencyTable } from './report.ts';
import { resultsDir } from './server-launcher.ts';
import { ratio, type Summary, summarize } from './stats.ts';

/** Issue 24's targets, applied here to the floors themselves. */
const targets = {
  cpuMs: 0.3,
  p50: 2,
  p99: 5,
  deliveryP99Ms: 25,
  basketMs: 15,
  pollBasketMs: 25,
  proxyMs: 0.5,
} as const;

type Basket = { spread: Summary | null; missed: number };

/** What the server's welcome tells every EA (ea/PROTOCOL.md): a heartbeat every 2 s. */
const eaHeartbeatMs = 2000;

const cpuOf = (usage: ProcessUsage[], name: string) =>
  usage.find((u) => u.name === name)?.cpuMs ?? 0;

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
    return report(rate, { bare, proxied, split, durable, beating, pair }, baskets, worked);
  } finally {
    await undoAll(undo, log);
  }
}

type Floors = Record<'bare' | 'proxied' | 'split' | 'durable' | 'beating' | 'pair', FloorFigures>;
/** The durable floor with heartbeats that spent `workMs` of CPU on each alert (`--floor-work`). */
type Worked = { workMs: number; floor: FloorFigures };

function report(
  rate: number,
  { bare, proxied, split, durable, beating, pair }: Floors,
  baskets: { bare: Basket; durable: Basket; durablePoll: Basket },
  worked: Worked | null,
) {
  const perSignal = (f: FloorFigures, name: string) =>
    f.figures.accepted > 0 ? cpuOf(f.usage, name) / f.figures.accepted : 0;
  const ms = (n: number) => `${n.toFixed(3)} ms`;
  const cpuLine = (label: string, f: FloorFigures) =>
    `${label} CPU per signal: ${f.usage
      .map((u) => `${u.name} ${ms(perSignal(f, u.name))}`)
      .join(
        ' · ',
      )}; all ${ms(f.usage.reduce((n, u) => n + u.cpuMs, 0) / Math.max(1, f.figures.accepted))}`;
  const server = perSignal(durable, 'floor');
  const p50 = ratio(durable.figures.delivery, bare.figures.delivery, 'p50');
  const p99 = ratio(durable.figures.delivery, bare.figures.delivery, 'p99');
  const beatingP99 = ratio(beating.figures.delivery, bare.figures.delivery, 'p99');
  const workedLabel = worked ? `durable + heartbeats + ${worked.workMs} ms of CPU per alert` : '';
  const workedP99 = worked && ratio(worked.floor.figures.delivery, bare.figures.delivery, 'p99');
  const workedRows: [string, Summary | null][] = worked
    ? [[`${workedLabel}: delivery`, worked.floor.figures.delivery]]
    : [];
  const lost = (f: FloorFigures) => f.figures.sent - f.figures.accepted + f.figures.lost;
  /** What `floor` adds to the delivery p50 of `base` (named `baseName`), in ms, as a check. */
  const addedCheck = (
    label: string,
    floor: FloorFigures,
    base = bare,
    baseName = 'the bare floor',
  ): Check => {
    const target = `${label}: delivery p50 over ${baseName} ≤ ${targets.proxyMs} ms`;
    const [over, under] = [floor.figures.delivery?.p50, base.figures.delivery?.p50];
    if (over === undefined || under === undefined) return { target, actual: 'n/a', ok: false };
    const added = over - under;
    return {
      target,
      actual: `${over} − ${under} = ${added.toFixed(2)} ms`,
      ok: added <= targets.proxyMs,
    };
  };
  const checks: Check[] = [
    {
      target: `durable floor: server CPU per signal ≤ ${targets.cpuMs} ms`,
      actual: ms(server),
      ok: server <= targets.cpuMs,
    },
    {
      target: `durable floor: delivery p50 ≤ ${targets.p50} × bare floor`,
      actual: p50 === null ? 'n/a' : `× ${p50}`,
      ok: p50 !== null && p50 <= targets.p50,
    },
    {
      target: `durable floor: delivery p99 ≤ ${targets.p99} × bare floor`,
      actual: p99 === null ? 'n/a' : `× ${p99}`,
      ok: p99 !== null && p99 <= targets.p99,
    },
    {
      target: `durable floor with EA heartbeats: delivery p99 ≤ ${targets.p99} × bare floor`,
      actual: beatingP99 === null ? 'n/a' : `× ${beatingP99}`,
      ok: beatingP99 !== null && beatingP99 <= targets.p99,
    },
    ...(worked
      ? [
          {
            target: `${workedLabel}: delivery p99 ≤ ${targets.p99} × bare floor`,
            actual: workedP99 === null ? 'n/a' : `× ${workedP99}`,
            ok: workedP99 !== null && workedP99 <= targets.p99,
          },
        ]
      : []),
    {
      target: `durable floor at ${rate}/s: every alert stored and delivered, p99 ≤ ${targets.deliveryP99Ms} ms`,
      actual: `${durable.figures.throughput}/s, ${lost(durable)} not stored or delivered, p99 ${durable.figures.delivery?.p99 ?? 'n/a'} ms`,
      ok:
        lost(durable) === 0 && (durable.figures.delivery?.p99 ?? Infinity) <= targets.deliveryP99Ms,
    },
    addedCheck('bare floor via HAProxy', proxied),
    addedCheck('two bare floors on Redis behind HAProxy', split),
    addedCheck(
      'two durable floors on Redis behind HAProxy, with heartbeats (as `balanced`)',
      pair,
      beating,
      'the durable floor with heartbeats',
    ),
    {
      target: `durable floor: basket, last delivered after first sent, median ≤ ${targets.basketMs} ms`,
      actual: `${baskets.durable.spread?.p50 ?? 'n/a'} ms (worst ${baskets.durable.spread?.max ?? 'n/a'} ms), ${baskets.durable.missed} missed`,
      ok:
        baskets.durable.missed === 0 &&
        (baskets.durable.spread?.p50 ?? Infinity) <= targets.basketMs,
    },
    {
      target: `durable floor: long-poll basket, last delivered after first sent, median ≤ ${targets.pollBasketMs} ms`,
      actual: `${baskets.durablePoll.spread?.p50 ?? 'n/a'} ms (worst ${baskets.durablePoll.spread?.max ?? 'n/a'} ms), ${baskets.durablePoll.missed} missed`,
      ok:
        baskets.durablePoll.missed === 0 &&
        (baskets.durablePoll.spread?.p50 ?? Infinity) <= targets.pollBasketMs,
    },
  ];
  const lines = [
    `${durable.figures.sent} alerts at ${rate}/s to each floor (nothing of SignalRelay running)`,
    '',
    latencyTable([
      ['bare: webhook reply', bare.figures.webhookReply],
      ['bare: delivery', bare.figures.delivery],
      ['bare via HAProxy: webhook reply', proxied.figures.webhookReply],
      ['bare via HAProxy: delivery', proxied.figures.delivery],
      ['two bare via Redis, HAProxy: delivery', split.figures.delivery],
      ['durable: webhook reply', durable.figures.webhookReply],
      ['durable: delivery', durable.figures.delivery],
      ['durable + heartbeats: delivery', beating.figures.delivery],
      ...workedRows,
      ['two durable via Redis, HAProxy + heartbeats: delivery', pair.figures.delivery],
      ['bare: basket first → last', baskets.bare.spread],
      ['durable: basket first → last', baskets.durable.spread],
      ['durable long-poll: basket first → last', baskets.durablePoll.spread],
    ]),
    '(basket rows: count = rounds of alerts written at once on one license)',
    `throughput: bare ${bare.figures.throughput}/s, via HAProxy ${proxied.figures.throughput}/s, two via Redis ${split.figures.throughput}/s, durable ${durable.figures.throughput}/s, two durable ${pair.figures.throughput}/s${worked ? `, worked ${worked.floor.figures.throughput}/s` : ''} · not stored or delivered: bare ${lost(bare)}, durable ${lost(durable)}, two durable ${lost(pair)}${worked ? `, worked ${lost(worked.floor)}` : ''}`,
    cpuLine('bare', bare),
    cpuLine('bare via HAProxy', proxied),
    cpuLine('two bare via Redis, HAProxy', split),
    cpuLine('durable', durable),
    cpuLine('durable + heartbeats', beating),
    ...(worked ? [cpuLine(workedLabel, worked.floor)] : []),
    cpuLine('two durable via Redis, HAProxy + heartbeats', pair),
    ...(durable.disk ? [`durable: ${formatDiskFlushes(durable.disk)}`] : []),
    ...[bare.profile, durable.profile].filter(Boolean).flatMap((p) => ['', p]),
    '',
    checksTable(checks),
  ];
  return {
    text: lines.join('\n'),
    checks,
    json: { rate, bare, proxied, split, durable, beating, pair, baskets, worked },
  };
}
