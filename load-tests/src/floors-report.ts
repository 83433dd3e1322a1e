import { formatDiskFlushes } from './disk-flushes.ts';
import type { FloorFigures } from './floor-run.ts';
import type { ProcessUsage } from './proc-stats.ts';
import { type Check, checksTable, latencyTable } from './report.ts';
import { ratio, type Summary } from './stats.ts';

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

export type Basket = { spread: Summary | null; missed: number };

const cpuOf = (usage: ProcessUsage[], name: string) =>
  usage.find((u) => u.name === name)?.cpuMs ?? 0;

type Floors = Record<'bare' | 'proxied' | 'split' | 'durable' | 'beating' | 'pair', FloorFigures>;
/** The durable floor with heartbeats that spent `workMs` of CPU on each alert (`--floor-work`). */
export type Worked = { workMs: number; floor: FloorFigures };

/** The `floors` scenario's report: the floors' figures side by side, and the targets applied. */
export function reportFloors(
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
  const workedLabel = worked ? `durable + heartbeats + ${worked.workMs} ms of CPU per alert` : '';
  const workedRows: [string, Summary | null][] = worked
    ? [[`${workedLabel}: delivery`, worked.floor.figures.delivery]]
    : [];
  const lost = (f: FloorFigures) => f.figures.sent - f.figures.accepted + f.figures.lost;
  /** The p99 target applied to `floor` (named `label`), as a multiple of the bare floor's. */
  const p99Check = (label: string, floor: FloorFigures): Check => {
    const times = ratio(floor.figures.delivery, bare.figures.delivery, 'p99');
    return {
      target: `${label}: delivery p99 ≤ ${targets.p99} × bare floor`,
      actual: times === null ? 'n/a' : `× ${times}`,
      ok: times !== null && times <= targets.p99,
    };
  };
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
  /** A durable floor's basket (named `label`) against its median target, `targetMs`. */
  const basketCheck = (label: string, basket: Basket, targetMs: number): Check => ({
    target: `durable floor: ${label}, last delivered after first sent, median ≤ ${targetMs} ms`,
    actual: `${basket.spread?.p50 ?? 'n/a'} ms (worst ${basket.spread?.max ?? 'n/a'} ms), ${basket.missed} missed`,
    ok: basket.missed === 0 && (basket.spread?.p50 ?? Infinity) <= targetMs,
  });
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
    p99Check('durable floor', durable),
    p99Check('durable floor with EA heartbeats', beating),
    ...(worked ? [p99Check(workedLabel, worked.floor)] : []),
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
    basketCheck('basket', baskets.durable, targets.basketMs),
    basketCheck('long-poll basket', baskets.durablePoll, targets.pollBasketMs),
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
