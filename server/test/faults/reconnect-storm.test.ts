import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helloFrame, openEaSocket } from '../ea-socket.ts';
import { type AlertReply, sendAlert } from './alerts.ts';
import { type Cluster, portOf, startCluster } from './cluster.ts';
import { figures, rssMiB, settle, watchPeakRss } from './figures.ts';
import { type Fleet, startFleet } from './fleet.ts';
import { startTcpBalancer, type TcpBalancer } from './tcp-balancer.ts';

/**
 * 1,000 EAs behind a load balancer reconnect at once (the balancer drops every connection),
 * and an EA stops reading while it floods the server: memory stays bounded and the EAs that
 * are not involved do not notice.
 */

const stormSize = 1000;
const bystanders = 20;
let cluster: Cluster;
let balancer: TcpBalancer | undefined;
let storm: Fleet | undefined;
let calm: Fleet | undefined;

beforeAll(async () => {
  cluster = await startCluster({ users: stormSize + bystanders, signalTtlMs: 20_000 });
  balancer = await startTcpBalancer(
    cluster.servers.map((s) => ({ host: '127.0.0.1', port: portOf(s) })),
  );
}, 90_000);

afterAll(async () => {
  await Promise.all([storm?.stop(), calm?.stop()]);
  await balancer?.close();
  await cluster?.close();
});

const pids = () => cluster.servers.map((s) => s.child.pid!);

describe('reconnect storm and slow consumer', () => {
  it('1,000 EAs reconnecting at once all come back; the others never notice', async () => {
    const stormUsers = cluster.users.slice(0, stormSize);
    const calmUsers = cluster.users.slice(stormSize);
    // The bystanders bypass the balancer, so the drop does not touch them.
    calm = startFleet(calmUsers, (i) => cluster.servers[i % 2]!.url);
    storm = startFleet(stormUsers, () => balancer!.url);
    await Promise.all([calm.allConnected(20_000), storm.allConnected(40_000)]);
    await new Promise((r) => setTimeout(r, 1000));
    const before = pids().map(rssMiB);
    const peaks = pids().map(watchPeakRss);

    const droppedAt = Date.now();
    balancer!.dropAll();
    // Alerts during the storm: one to each bystander, and to 100 of the EAs coming back.
    const replies: AlertReply[] = await Promise.all([
      ...calmUsers.map((u, i) => sendAlert(cluster.servers[i % 2]!.url, u.licenseNumber)),
      ...stormUsers
        .slice(0, 100)
        .map((u, i) => sendAlert(cluster.servers[i % 2]!.url, u.licenseNumber)),
    ]);
    const backMs = await storm.allConnected(30_000);
    const peak = peaks.map((p) => p.stop());
    const after = pids().map(rssMiB);

    const ids = replies.flatMap((r) => (r.signalId ? [r.signalId] : []));
    const outcomes = await settle(cluster.db, ids, 20_000);
    const all = new Map([...storm.executions, ...calm.executions]);
    const f = figures('reconnect storm', replies, outcomes, all);
    console.log(
      `[fault] reconnect storm: ${stormSize} EAs back in ${backMs} ms; RSS MiB before ` +
        `${before.join('/')}, peak ${peak.join('/')}, after ${after.join('/')}`,
    );

    // Everybody is back, every alert was answered in time and traded once.
    expect(storm.eas.every((ea) => ea.connectedAt.some((t) => t > droppedAt))).toBe(true);
    expect(f.other).toEqual({});
    expect(f.slowestReplyMs).toBeLessThan(3000);
    expect(f.accepted).toBe(replies.length);
    expect(f.success).toBe(f.accepted);
    expect(f.executedTwice).toBe(0);
    // The bystanders kept their connections and got their signals as they were sent.
    expect(calm.eas.every((ea) => ea.disconnectedAt.length === 0)).toBe(true);
    expect(replies.slice(0, bystanders).every((r) => r.delivered)).toBe(true);
    // A thousand handshakes at once cost each process little memory.
    for (const [i, p] of peak.entries()) expect(p - before[i]!).toBeLessThan(150);
  }, 120_000);

  it('an EA that stops reading is cut off at the send cap; memory stays flat', async () => {
    const [a] = cluster.servers;
    const user = cluster.users[0]!;
    const slow = await openEaSocket(a.url);
    slow.send(helloFrame(user.licenseNumber, { account: '999' }));
    await slow.next((f) => f.type === 'welcome');
    const before = rssMiB(a.child.pid!);
    const peak = watchPeakRss(a.child.pid!);

    // Stop reading, and flood pings: every one asks for a pong we will never read. 64 MiB of
    // them, masked frames as a client must send, written straight to the socket.
    const socket = (slow.socket as unknown as { _socket: net.Socket })._socket;
    socket.pause();
    const frame = maskedTextFrame(JSON.stringify({ type: 'ping', t: 1 }));
    const chunk = Buffer.concat(Array.from({ length: 16_384 }, () => frame));
    let written = 0;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    const started = Date.now();
    let open = true;
    void closed.then(() => {
      open = false;
    });
    while (open && written < 64 * 1024 * 1024 && Date.now() - started < 20_000) {
      if (!socket.write(chunk)) {
        await Promise.race([new Promise((r) => socket.once('drain', r)), closed]);
      }
      written += chunk.length;
    }
    await Promise.race([closed, new Promise((r) => setTimeout(r, 15_000))]);
    const cutAfterMs = Date.now() - started;
    const highest = peak.stop();
    console.log(
      `[fault] slow consumer: wrote ${Math.round(written / 1048576)} MiB of pings, ` +
        `cut off after ${cutAfterMs} ms: ${!open}; server RSS ${before} -> peak ${highest} MiB`,
    );

    // Cut off, not buffered without end: the growth is the garbage of handling ~250k frames
    // (before the cap covered pongs, 8 MiB of pings cost 200 MiB and the socket stayed open).
    expect(open).toBe(false);
    expect(highest - before).toBeLessThan(96);
    // Everyone else is still served.
    const reply = await sendAlert(a.url, cluster.users[stormSize]!.licenseNumber);
    expect(reply).toMatchObject({ status: 200, delivered: true });
  }, 60_000);
});

/** A client-to-server text frame (payload under 126 bytes) with a zero mask. */
function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
}
