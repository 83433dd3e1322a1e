import { quotaDayAt } from '@signalrelay/contracts/quota-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotaKey } from '../../src/features/signals/signals-intake.ts';
import type { ServerProcess } from '../server-process.ts';
import { alertStream, sendAlert } from './alerts.ts';
import { type Cluster, startCluster } from './cluster.ts';
import { figures, settle } from './figures.ts';
import { type Fleet, startFleet } from './fleet.ts';

/**
 * Redis restarted (AOF on, as in docker-compose) while alerts flow through two server
 * processes and 40 EAs are connected, half to each; one in four long-polls, as MT4 EAs do
 * (their links between polls must not miss what was rung while the bus was down).
 */

const ttlMs = 8000;
let cluster: Cluster;
let fleet: Fleet | undefined;

beforeAll(async () => {
  cluster = await startCluster({ users: 40, signalTtlMs: ttlMs });
}, 60_000);

afterAll(async () => {
  await fleet?.stop();
  await cluster?.close();
});

async function ready(server: ServerProcess) {
  const res = await fetch(`${server.url}/readyz`);
  return { status: res.status, body: (await res.json()) as { checks: Record<string, string> } };
}

describe('Redis restarted under load', () => {
  it('loses no accepted signal, trades none twice, keeps quota counts and EAs', async () => {
    const [a, b] = cluster.servers;
    fleet = startFleet(cluster.users, (i) => (i % 2 === 0 ? a.url : b.url), {
      transportOf: (i) => (i % 4 < 2 ? 'ws' : 'poll'),
    });
    // 1–1.5 s here, idle or with every core busy; one CI run saw 4 of 40 still waiting at
    // 10 s. The wait is only the starting line, so it is generous, and a miss says who waited.
    await fleet.allConnected(20_000);

    // 40 alerts a second for 7 s, alternating instances so most cross through pub/sub;
    // Redis goes down for 1.5 s about 2 s in.
    const stream = alertStream({
      servers: () => [a.url, b.url],
      licenses: cluster.users.map((u) => u.licenseNumber).reverse(),
      perSecond: 40,
      durationMs: 7000,
    });
    await new Promise((r) => setTimeout(r, 2000));
    const restartedAt = Date.now();
    await cluster.redis.restart(1500);
    const replies = await stream;

    // Both processes see Redis again (ioredis reconnected) and say so.
    for (const server of cluster.servers) {
      await expect.poll(async () => (await ready(server)).status, { timeout: 10_000 }).toBe(200);
    }

    // Pub/sub resubscribed: an alert taken by one instance reaches an EA held by the other.
    const probes = await Promise.all(
      cluster.users.map((u, i) => sendAlert(i % 2 === 0 ? b.url : a.url, u.licenseNumber)),
    );
    expect(probes.map((p) => p.status)).toEqual(probes.map(() => 200));
    expect(probes.filter((p) => !p.delivered)).toEqual([]);

    const all = [...replies, ...probes];
    const ids = all.flatMap((r) => (r.signalId ? [r.signalId] : []));
    const outcomes = await settle(cluster.db, ids, ttlMs + 20_000);
    const f = figures('redis restart', all, outcomes, fleet.executions);

    // Every call was answered inside TradingView's 3 s: 200, or 503 while Redis was away.
    expect(f.other).toEqual({});
    expect(f.slowestReplyMs).toBeLessThan(3000);
    expect(f.unavailable).toBeGreaterThan(0);
    expect(replies.some((r) => r.status === 200)).toBe(true);
    // Every accepted signal ended; none lost silently, none traded twice.
    expect(f.pending).toBe(0);
    expect(outcomes).toHaveLength(f.accepted);
    for (const o of outcomes.filter((o) => o.status !== 'success')) {
      expect(o.status === 'failed' || o.errorMessage, JSON.stringify(o)).toBeTruthy();
    }
    expect(f.executedTwice).toBe(0);
    // Every EA stayed connected (or came back), so every accepted signal was traded.
    expect(fleet.connected()).toBe(cluster.users.length);
    expect(f.success).toBe(f.accepted);
    expect(f.executed).toBe(f.accepted);

    // Quota counters survived the restart: each user's count holds every signal accepted for
    // them. It may hold one more per call refused in the restart: Redis ran the INCR, then
    // went down before its answer left, so we answered 503 and could not take it back.
    const day = quotaDayAt(restartedAt).day;
    let overcount = 0;
    for (const user of cluster.users) {
      const mine = all.filter((r) => r.licenseNumber === user.licenseNumber);
      const accepted = mine.filter((r) => r.signalId).length;
      const refused = mine.filter((r) => r.status === 503).length;
      // The servers run under the default REDIS_PREFIX.
      const counted = Number(
        (await cluster.redis.client.get(`signalrelay:quota:${quotaKey(user.id, day)}`)) ?? 0,
      );
      expect(counted, user.licenseNumber).toBeGreaterThanOrEqual(accepted);
      expect(counted - accepted, user.licenseNumber).toBeLessThanOrEqual(refused);
      overcount += counted - accepted;
    }
    console.log(`[fault] redis restart: quota counted ${overcount} refused call(s) in the restart`);
  }, 60_000);
});
