import { Agent, request } from 'node:http';
import { hash } from '@node-rs/argon2';
import type { BenchArgs } from './bench-args.ts';
import { prepareBench, type Undo, undoAll } from './bench-server.ts';
import { monoNow } from './clock.ts';
import { seedHistory } from './history-seed.ts';
import { pidsOf, prioritize, waitForQuiet, watchProcesses } from './proc-stats.ts';
import { counts, latencyTable } from './report.ts';
import { startServer } from './server-launcher.ts';
import { sessionCookies } from './sessions.ts';
import { type Summary, summarize } from './stats.ts';

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function get(url: string, cookie: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { cookie } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Signs in through the real login route; `null` when the server has none yet. */
async function login(base: string, email: string, password: string): Promise<string | null> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => /^(__Host-)?sid=/.test(c));
  if (!cookie) throw new Error('login answered without a session cookie');
  return cookie.split(';')[0]!;
}

/**
 * History endpoints at `rows` rows (100,000 by default): each dashboard query timed alone
 * (sequential requests), then all of them mixed by 8 concurrent clients for 10 s.
 */
export async function historyScenario(args: BenchArgs) {
  const rows = args.rows ?? 100_000;
  const undo: Undo = [];
  const notes: string[] = [];
  const log = (m: string) => console.error(`[history] ${m}`);
  try {
    const { db, users, env } = await prepareBench({ users: 1, logLevel: args.logLevel, undo });
    const user = users[0];
    // An argon2 hash carries its own parameters, so the login route verifies this one as its own.
    const password = 'bench-Password-1';
    await db.pool.query('update users set password_hash = $1 where id = $2', [
      await hash(password),
      user!.id,
    ]);
    log(`seeding ${rows} signals and ${rows} orders`);
    const seedStarted = monoNow();
    await seedHistory(db.url, user!.id, rows);
    const seedMs = Math.round(monoNow() - seedStarted);

    const server = await startServer({
      name: 'history-server',
      env,
      nodeArgs: args.serverNodeArgs,
    });
    undo.push(() => server.stop());

    let cookie = await login(server.url, user!.email, password);
    if (!cookie) {
      notes.push('no /api/auth/login: signed in with a session row from the session store');
      cookie = (await sessionCookies(db, [user!.id], server.url))[0]!;
    }
    const license = encodeURIComponent(user!.licenseNumber);
    const s = `${server.url}/api/webhook`;
    const o = `${server.url}/api/orders`;
    const queries: [string, string][] = [
      ['signals: page 1 of 100', `${s}/signalHistory?licenseNumber=${license}`],
      ['signals: page 500 (offset 49,900)', `${s}/signalHistory?licenseNumber=${license}&page=500`],
      ['signals: status success', `${s}/signalHistory?licenseNumber=${license}&status=success`],
      [
        'signals: errors, last 30 days',
        `${s}/signalHistory?licenseNumber=${license}&status=error&period=30d`,
      ],
      [
        'signals: mt4, oldest first',
        `${s}/signalHistory?licenseNumber=${license}&platform=mt4&sort=asc`,
      ],
      [
        'signals: 7 days, 20 a page',
        `${s}/signalHistory?licenseNumber=${license}&period=7d&pageSize=20`,
      ],
      ['signals: daily stats, 90 days', `${s}/signalStats?licenseNumber=${license}&days=90`],
      ['orders: page 1 of 100', `${o}/history?licenseNumber=${license}`],
      ['orders: page 500', `${o}/history?licenseNumber=${license}&page=500`],
      [
        'orders: by profit, ascending',
        `${o}/history?licenseNumber=${license}&sortBy=profit&sortOrder=asc`,
      ],
      [
        'orders: closed buys, 30 days',
        `${o}/history?licenseNumber=${license}&status=closed&orderType=buy&period=30d`,
      ],
      [
        'orders: by symbol, 25 a page',
        `${o}/history?licenseNumber=${license}&sortBy=symbol&pageSize=25`,
      ],
      ['orders: statistics', `${o}/statistics?licenseNumber=${license}`],
    ];

    const available: [string, string][] = [];
    for (const [name, url] of queries) {
      const res = await get(url, cookie!);
      if (res.status === 404) {
        notes.push(`${name}: not available (404)`);
        continue;
      }
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.body.slice(0, 200)}`);
      available.push([name, url]);
    }

    await waitForQuiet(
      { server: [server.pid], postgres: () => pidsOf('postgres', db.name), bench: [process.pid] },
      { log, timeoutMs: args.quietTimeout * 1000 },
    );
    log('timing each query');
    const table: [string, Summary | null][] = [];
    for (const [name, url] of available) {
      for (let i = 0; i < 3; i++) await get(url, cookie!);
      const times: number[] = [];
      for (let i = 0; i < 30; i++) {
        const t = monoNow();
        await get(url, cookie!);
        times.push(monoNow() - t);
      }
      table.push([name, summarize(times)]);
    }

    log('8 concurrent clients for 10 s');
    prioritize([server.pid, process.pid, ...pidsOf('postgres', db.name)], args.nice);
    const watcher = watchProcesses({
      server: [server.pid],
      postgres: () => pidsOf('postgres', db.name),
    });
    const mixed: number[] = [];
    const statuses: Record<string, number> = {};
    const end = monoNow() + 10_000;
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (monoNow() < end) {
          const [, url] = available[next++ % available.length]!;
          const t = monoNow();
          const res = await get(url, cookie!);
          mixed.push(monoNow() - t);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }
      }),
    );
    const usage = watcher.stop();
    const mixedSummary = summarize(mixed);
    table.push(['mixed, 8 concurrent', mixedSummary]);
    const throughput = Math.round(mixed.length / 10);

    const lines = [
      `${rows} signals and ${rows} orders for one user (seeded in ${seedMs} ms); each query 30× after 3 warm-ups`,
      '',
      latencyTable(table),
      '',
      `mixed: ${throughput} requests/s, replies ${counts(statuses)}`,
      `CPU (% of one core): ${usage.processes.map((p) => `${p.name} ${p.cpuPercent}`).join(', ')}; server RSS ${usage.processes[0]?.peakRssMb} MB`,
      ...notes.map((n) => `note: ${n}`),
    ];
    return {
      text: lines.join('\n'),
      checks: [],
      json: {
        rows,
        seedMs,
        queries: Object.fromEntries(table),
        throughput,
        statuses,
        usage,
        notes,
      },
    };
  } finally {
    await undoAll(undo, log);
  }
}
