import type { BenchArgs } from './bench-args.ts';
import { formatDiskFlushes } from './disk-flushes.ts';
import { formatProfile, mainThreadProfile, summarizeProfile } from './profile-summary.ts';
import { type RelayRunOptions, type RelayRunReport, runRelay } from './relay-run.ts';
import { type Check, checksTable, counts, latencyTable } from './report.ts';
import { describeSeconds, ratio } from './stats.ts';

/** The relay scenarios of issue 10 and their targets. */
export type RelayScenario = 'steady' | 'burst' | 'longpoll' | 'instances' | 'balanced';

/** Issue 24: two instances behind a real load balancer add at most this to delivery p50. */
const balancedExtraMs = 0.5;

function optionsFor(name: RelayScenario, a: BenchArgs): RelayRunOptions {
  const base = {
    scenario: name,
    resultsOnPoll: false,
    concurrency: a.concurrency ?? 64,
    connections: a.connections,
    instances: 1 as const,
    balancer: false,
    floor: a.floor,
    profile: a.profile,
    serverNodeArgs: a.serverNodeArgs,
    logLevel: a.logLevel,
    drainMs: 15_000,
    quietTimeoutMs: a.quietTimeout * 1000,
    nice: a.nice,
  };
  const timed = (eas: number, rate: number, seconds: number, pollShare: number) => {
    const r = a.rate ?? rate;
    return {
      eas: a.eas ?? eas,
      rate: r,
      count: Math.round(r * (a.duration ?? seconds)),
      pollShare: a.pollShare ?? pollShare,
      dashboards: Math.min(a.dashboards ?? 100, a.eas ?? eas),
    };
  };
  switch (name) {
    case 'steady':
      return { ...base, ...timed(1000, 500, 30, 0.1) };
    case 'longpoll':
      return { ...base, ...timed(1000, 200, 20, 1), resultsOnPoll: true, drainMs: 30_000 };
    case 'instances':
      return { ...base, ...timed(1000, 500, 20, 0.1), instances: 2 };
    case 'balanced':
      return { ...base, ...timed(1000, 500, 10, 0.1), instances: 2, balancer: true };
    case 'burst': {
      // 16 users × 500/day = 8,000 deliverable: the rest must be stored as blocked.
      const eas = a.eas ?? 16;
      return {
        ...base,
        eas,
        rate: a.rate ?? null,
        count: a.count ?? 10_000,
        pollShare: a.pollShare ?? 0,
        dashboards: Math.min(a.dashboards ?? eas, eas),
        concurrency: a.concurrency ?? 64,
        drainMs: 30_000,
      };
    }
  }
}

function checksFor(name: RelayScenario, r: RelayRunReport): Check[] {
  const f = r.figures;
  const ms = (v: number | undefined) => (v === undefined ? 'n/a' : `${v} ms`);
  const checks: Check[] = [];
  const noLoss = () => {
    checks.push({ target: '0 lost', actual: String(f.lost), ok: f.lost === 0 });
    checks.push({
      target: '0 duplicated (delivered twice)',
      actual: String(f.duplicated),
      ok: f.duplicated === 0,
    });
    checks.push({
      target: '0 executed twice',
      actual: String(f.executedTwice),
      ok: f.executedTwice === 0,
    });
  };
  if (name === 'balanced') noLoss();
  if (name === 'steady' || name === 'instances') {
    const d = f.delivery;
    checks.push({ target: 'delivery p50 ≤ 3 ms', actual: ms(d?.p50), ok: !!d && d.p50 <= 3 });
    checks.push({ target: 'delivery p99 ≤ 20 ms', actual: ms(d?.p99), ok: !!d && d.p99 <= 20 });
    const w = f.webhookReply;
    checks.push({
      target: 'webhook reply p99 ≤ 20 ms',
      actual: ms(w?.p99),
      ok: !!w && w.p99 <= 20,
    });
    noLoss();
    const x = ratio(f.delivery, r.floor?.figures.delivery ?? null, 'p50');
    checks.push({
      target: 'delivery p50 ≤ 2 × floor',
      actual: x === null ? 'no floor' : `× ${x}`,
      ok: x !== null && x <= 2,
    });
    const errors = f.sent - f.accepted;
    checks.push({ target: 'no errors', actual: String(errors), ok: errors === 0 });
  }
  if (name === 'burst') {
    const stored = Object.values(r.stored).reduce((a, b) => a + b, 0);
    const blockedStored = r.stored.quota_blocked ?? 0;
    checks.push({
      target: 'every alert answered 200 or 429',
      actual: counts(f.statuses),
      ok: f.accepted + f.blocked === f.sent,
    });
    checks.push({
      target: 'every alert stored',
      actual: `${stored}/${f.sent}`,
      ok: stored === f.sent,
    });
    checks.push({
      target: 'every 429 stored as quota_blocked',
      actual: `${blockedStored}/${f.blocked}`,
      ok: blockedStored === f.blocked,
    });
    noLoss();
  }
  if (name === 'longpoll') {
    const d = f.deliveryByTransport.poll ?? null;
    checks.push({ target: 'poll delivery p50 ≤ 5 ms', actual: ms(d?.p50), ok: !!d && d.p50 <= 5 });
    noLoss();
  }
  return checks;
}

/** One run's table, counts, CPU and checks. */
function runReport(name: RelayScenario, options: RelayRunOptions, r: RelayRunReport) {
  const f = r.figures;
  const rows: [string, (typeof f)['delivery']][] = [
    ['webhook reply', f.webhookReply],
    ['delivery (alert → EA)', f.delivery],
    ...Object.entries(f.deliveryByTransport).map(
      ([t, s]) => [`  via ${t === 'ws' ? 'WebSocket' : 'long-poll'}`, s] as [string, typeof s],
    ),
    ['result round trip', f.resultRoundTrip],
  ];
  if (r.floor) {
    rows.push(['floor: webhook reply', r.floor.figures.webhookReply]);
    rows.push(['floor: delivery', r.floor.figures.delivery]);
  }
  rows.push(['generator lag', f.generatorLag]);
  const wsCount = Math.round(options.eas * (1 - options.pollShare));
  const lines = [
    `${options.eas} EAs (${wsCount} WebSocket, ${options.eas - wsCount} long-poll${options.resultsOnPoll ? ', results on next poll' : ''}), ` +
      `${options.count} alerts ${options.rate ? `at ${options.rate}/s` : `as fast as possible (${options.concurrency} connections)`}` +
      `${options.instances > 1 ? ', alerts to server 1, EAs on server 2' : ''}` +
      `${options.balancer ? ', all through HAProxy' : ''}`,
    '',
    latencyTable(rows),
    '',
    `sent ${f.sent} · accepted ${f.accepted} · blocked ${f.blocked} · lost ${f.lost} · delivered twice ${f.duplicated} · executed twice ${f.executedTwice} · not pushed at intake ${f.notPushedAtIntake}`,
    `replies: ${counts(f.statuses)} · errors: ${counts(f.errors)}`,
    `stored: ${counts(r.stored)}`,
    `throughput ${f.throughput} accepted/s${f.offeredRate ? ` (offered ${f.offeredRate}/s)` : ''}` +
      (r.floor ? ` · floor ${r.floor.figures.throughput}/s` : ''),
  ];
  const p50s = describeSeconds(f.deliveryBySecond, 'p50');
  const p99s = describeSeconds(f.deliveryBySecond, 'p99');
  if (p50s && p99s) {
    lines.push(`delivery by second sent: p50 ${p50s}; p99 ${p99s}`);
  }
  if (r.floor) {
    lines.push(
      `ratio to floor, delivery: p50 × ${ratio(f.delivery, r.floor.figures.delivery, 'p50')}, p99 × ${ratio(f.delivery, r.floor.figures.delivery, 'p99')}`,
    );
  }
  lines.push(
    `CPU (% of one core): ${r.usage.processes.map((p) => `${p.name} ${p.cpuPercent}`).join(', ')}; ` +
      `machine ${r.usage.machine.cpuPercent} % of ${r.usage.machine.cores} cores, of which other processes ${r.usage.machine.othersPercent} % of a core (${r.othersBefore} % just before)`,
  );
  const server = r.usage.processes.find((p) => p.name === 'server');
  if (server) {
    const per = (v: number, digits: number) =>
      f.accepted > 0 ? (v / f.accepted).toFixed(digits) : 'n/a';
    lines.push(
      `server: RSS ${server.rssMb} MB (peak ${server.peakRssMb} MB); per accepted signal ${per(server.cpuMs, 3)} CPU ms, ` +
        `${per(server.syscalls.reads, 1)} read and ${per(server.syscalls.writes, 1)} write system calls`,
    );
  }
  const pgw = r.postgres;
  const perSignal = (v: number) => (f.sent > 0 ? (v / f.sent).toFixed(2) : 'n/a');
  lines.push(
    `postgres per alert sent: ${perSignal(pgw.transactions)} transactions (${pgw.rollbacks} rolled back in all), ` +
      `${perSignal(pgw.rowsInserted)} rows inserted, ${perSignal(pgw.rowsUpdated)} updated; ${pgw.connectionsOpened} connections opened`,
  );
  lines.push(formatDiskFlushes(r.disk));
  lines.push(`EA disconnects ${r.disconnects} · EA problems: ${counts(r.fleetProblems)}`);
  for (const fatal of r.fleetFatal.slice(0, 5)) lines.push(`EA stopped: ${fatal}`);
  for (const note of r.notes) lines.push(`note: ${note}`);
  for (const dir of r.profiles) {
    const file = mainThreadProfile(dir);
    if (!file) continue;
    lines.push(
      `CPU profile: ${file}`,
      formatProfile(summarizeProfile(file, 15, r.measured), r.measured),
    );
  }
  return { lines, checks: checksFor(name, r) };
}

export async function relayScenario(name: RelayScenario, args: BenchArgs) {
  if (name === 'balanced') return balancedScenario(args);
  const options = optionsFor(name, args);
  const r = await runRelay(options);
  const { lines, checks } = runReport(name, options, r);
  lines.push('', checksTable(checks));
  return { text: lines.join('\n'), checks, json: { options, ...r } };
}

/**
 * Issue 24's "two instances behind a real load balancer": the same alerts and EAs first on
 * one instance reached directly, then on two instances behind HAProxy (webhooks to one, EAs
 * held by the other); the figure is the second run's delivery p50 over the first's.
 */
async function balancedScenario(args: BenchArgs) {
  const balanced = optionsFor('balanced', args);
  const single: RelayRunOptions = {
    ...balanced,
    scenario: 'balanced-single',
    instances: 1,
    balancer: false,
  };
  const one = await runRelay(single);
  const two = await runRelay({ ...balanced, floor: false });
  const a = runReport('balanced', single, one);
  const b = runReport('balanced', balanced, two);
  const p50 = (r: RelayRunReport) => r.figures.delivery?.p50;
  const [p50One, p50Two] = [p50(one), p50(two)];
  const extra =
    p50One === undefined || p50Two === undefined
      ? null
      : Math.round((p50Two - p50One) * 1000) / 1000;
  const checks: Check[] = [
    ...a.checks.map((c) => ({ ...c, target: `one instance: ${c.target}` })),
    ...b.checks.map((c) => ({ ...c, target: `behind HAProxy: ${c.target}` })),
    {
      target: `delivery p50 behind HAProxy ≤ one instance's + ${balancedExtraMs} ms`,
      actual: extra === null ? 'n/a' : `${p50Two} − ${p50One} = ${extra} ms`,
      ok: extra !== null && extra <= balancedExtraMs,
    },
  ];
  const text = [
    'one instance, reached directly:',
    ...a.lines,
    '',
    'two instances behind HAProxy (webhooks → instance 1, EAs and dashboards → instance 2):',
    ...b.lines,
    '',
    checksTable(checks),
  ].join('\n');
  return {
    text,
    checks,
    json: { options: balanced, single: one, balanced: two, extraP50Ms: extra },
  };
}
