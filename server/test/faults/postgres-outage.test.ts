import { quotaDayAt } from '@signalrelay/contracts/quota-day';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenUpMessage } from '../../src/core/signal-insert.ts';
import { signals } from '../../src/db/schema/signals.ts';
import { quotaKey } from '../../src/features/signals/signals-intake.ts';
import type { ServerProcess } from '../server-process.ts';
import { testDatabaseUrl } from '../services.ts';
import { startTcpProxy, type TcpProxy } from '../tcp-proxy.ts';
import { type AlertReply, alertStream } from './alerts.ts';
import { type Cluster, startCluster } from './cluster.ts';
import { figures, settle } from './figures.ts';
import { type Fleet, startFleet } from './fleet.ts';

/**
 * Postgres unreachable for 10 s while alerts flow and EAs are connected: the servers reach it
 * through a TCP proxy that stops passing anything, as in a network partition (the shared
 * Postgres itself keeps running).
 */

const outageMs = 10_000;
const ttlMs = 20_000;
let proxy: TcpProxy;
let cluster: Cluster;
let fleet: Fleet | undefined;

beforeAll(async () => {
  const target = new URL(testDatabaseUrl);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  cluster = await startCluster({
    users: 20,
    signalTtlMs: ttlMs,
    databaseHost: `127.0.0.1:${proxy.port}`,
  });
}, 90_000);

afterAll(async () => {
  await fleet?.stop();
  await cluster?.close();
  await proxy?.close();
});

async function readiness(server: ServerProcess) {
  const started = performance.now();
  const res = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(5000) });
  const body = (await res.json()) as { checks: Record<string, string> };
  return { status: res.status, checks: body.checks, ms: performance.now() - started };
}

describe('Postgres unavailable for 10 s', () => {
  it('answers 503 fast while it is away, then accepts again; nothing half-written', async () => {
    fleet = startFleet(cluster.users, (i) => cluster.servers[i % 2]!.url);
    await fleet.allConnected(15_000);
    const licenses = cluster.users.map((u) => u.licenseNumber);

    // 20 alerts a second for 20 s; the database goes away 3 s in and comes back 10 s later,
    // leaving 7 s of normal service to show it accepts again.
    const stream = alertStream({
      servers: () => cluster.servers.map((s) => s.url),
      licenses,
      perSecond: 20,
      durationMs: 20_000,
    });
    await new Promise((r) => setTimeout(r, 3000));
    // A partition rather than a refusal: held queries hang instead of failing, the harder case.
    const cutAt = Date.now();
    proxy.stall();

    await new Promise((r) => setTimeout(r, 1500));
    for (const server of cluster.servers) {
      const ready = await readiness(server);
      expect(ready.status).toBe(503);
      expect(ready.checks.database).toMatch(/^unavailable/);
      expect(ready.ms).toBeLessThan(3000);
    }

    await new Promise((r) => setTimeout(r, outageMs - (Date.now() - cutAt)));
    await proxy.restore();
    const replies: AlertReply[] = await stream;

    for (const server of cluster.servers) {
      await expect
        .poll(async () => (await readiness(server)).status, { timeout: 10_000 })
        .toBe(200);
    }

    const ids = replies.flatMap((r) => (r.signalId ? [r.signalId] : []));
    /** The ids of every signal stored for the cluster's users. */
    const storedIds = async () =>
      (
        await cluster.db
          .select({ id: signals.id })
          .from(signals)
          .where(
            inArray(
              signals.userId,
              cluster.users.map((u) => u.id),
            ),
          )
      ).map((r) => r.id);
    const stored = await storedIds();
    const outcomes = await settle(cluster.db, stored, ttlMs + 20_000);
    const f = figures('postgres outage', replies, outcomes, fleet.executions);

    // Never a hang: 200 or 503, each inside TradingView's 3 s.
    expect(f.other).toEqual({});
    expect(f.slowestReplyMs).toBeLessThan(3000);
    expect(f.unavailable).toBeGreaterThan(0);
    // Accepted again once the database was back.
    expect(replies.slice(-20).every((r) => r.status === 200)).toBe(true);

    // No half-written rows: every accepted signal is stored. Every alert answered 503 leaves
    // its trace once the database is back (the record of having given up on it, written then
    // if it could not be during the outage): failed, and traded by nobody.
    const accepted = new Set(ids);
    expect(stored.filter((id) => accepted.has(id))).toHaveLength(accepted.size);
    const answered503 = replies.filter((r) => r.status === 503).length;
    // Before the outage every alert was accepted: any other row is the trace of a 503.
    const traces = async () => (await storedIds()).filter((id) => !accepted.has(id));
    // Records that failed to connect are tried again after 1, 2, 4, 8, 16 s.
    await expect.poll(async () => (await traces()).length, { timeout: 40_000 }).toBe(answered503);
    const lateOutcomes = await settle(cluster.db, await traces(), 0);
    for (const outcome of lateOutcomes) {
      expect(outcome).toMatchObject({ status: 'failed', errorMessage: givenUpMessage });
      expect(fleet.executions.get(outcome.id) ?? 0).toBe(0);
    }
    const day = quotaDayAt(cutAt).day;
    for (const user of cluster.users) {
      // The servers run under the default REDIS_PREFIX.
      const counted = Number(
        (await cluster.redis.client.get(`signalrelay:quota:${quotaKey(user.id, day)}`)) ?? 0,
      );
      const mine = replies.filter((r) => r.signalId && r.licenseNumber === user.licenseNumber);
      expect(counted, user.licenseNumber).toBe(mine.length);
    }

    // Every accepted signal ended, none twice; the EAs stayed connected and traded them all.
    expect(f.pending).toBe(0);
    expect(f.executedTwice).toBe(0);
    expect(fleet.connected()).toBe(cluster.users.length);
    expect(outcomes.filter((o) => accepted.has(o.id) && o.status !== 'success')).toEqual([]);
  }, 150_000);
});
