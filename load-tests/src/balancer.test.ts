import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { type Balancer, startBalancer } from './balancer.ts';

/**
 * The balanced scenario's HAProxy, started for real in front of two tiny servers that say
 * who they are: webhooks must reach the intake instance, everything else (health, WebSocket
 * upgrades of EAs) the terminals' one.
 */
function namedServer(name: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => res.end(name));
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket) => socket.send(name));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, server });
    }),
  );
}

describe('the bench balancer (HAProxy)', () => {
  let servers: { url: string; server: Server }[];
  let balancer: Balancer;

  beforeAll(async () => {
    servers = [await namedServer('intake'), await namedServer('terminals')];
    balancer = await startBalancer({
      name: 'balancer-test',
      intake: servers[0]!.url,
      terminals: servers[1]!.url,
      connections: 100,
    });
  });

  afterAll(async () => {
    await balancer?.stop();
    for (const s of servers ?? []) s.server.closeAllConnections();
    await Promise.all((servers ?? []).map((s) => new Promise((r) => s.server.close(r))));
  });

  it('sends webhooks to the intake instance and the rest to the terminals instance', async () => {
    const webhook = await fetch(`${balancer.url}/api/webhook/handleWebhook`, {
      method: 'POST',
      body: '{}',
    });
    expect(await webhook.text()).toBe('intake');
    expect(await (await fetch(`${balancer.url}/api/ea/poll`)).text()).toBe('terminals');
    expect(await (await fetch(`${balancer.url}/healthz`)).text()).toBe('terminals');
  });

  it('carries WebSocket upgrades through to the terminals instance', async () => {
    const socket = new WebSocket(`${balancer.url.replace(/^http/, 'ws')}/api/ea/ws`);
    const first = await new Promise<string>((resolve, reject) => {
      socket.once('message', (data) => resolve(data.toString()));
      socket.once('error', reject);
    });
    socket.terminate();
    expect(first).toBe('terminals');
  });
});
