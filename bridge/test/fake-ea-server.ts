import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import { until } from './wait.ts';

/**
 * A scriptable stand-in for the server side of ea/PROTOCOL.md, for the transport behaviours
 * the real server will not produce on demand: lost pongs, restarts (1012), duplicate
 * deliveries, errors and Retry-After. The happy paths are tested against the real server.
 * It closes when the test that started it finishes.
 */
export interface FakeConnection {
  socket: WebSocket;
  frames: Record<string, unknown>[];
  send(frame: unknown): void;
  next(
    match: (frame: Record<string, unknown>) => boolean,
    ms?: number,
  ): Promise<Record<string, unknown>>;
}

export interface HttpCall {
  path: string;
  body: Record<string, unknown>;
  /** The EA's end of the connection the request came on. */
  clientPort: number | undefined;
}

export type HttpAnswer = { status?: number; body: unknown; headers?: Record<string, string> };

export interface FakeEaServerOptions {
  /** What to do with a hello; default: welcome with heartbeatMs 2000. */
  onHello?: (connection: FakeConnection, hello: Record<string, unknown>) => void;
  /** Whether app-level pings get pongs (default true). */
  answerPings?: boolean;
  /** Answers POST /api/ea/poll and /api/ea/result; default: 200 with no signals. */
  onHttp?: (call: HttpCall, index: number) => HttpAnswer | Promise<HttpAnswer>;
}

export async function startFakeEaServer(options: FakeEaServerOptions = {}) {
  const connections: FakeConnection[] = [];
  const calls: HttpCall[] = [];
  const wss = new WebSocketServer({ noServer: true });
  const welcome = (c: FakeConnection) =>
    c.send({ type: 'welcome', v: 1, heartbeatMs: 2000, serverTime: Date.now() });

  const http = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    const call = {
      path: request.url ?? '',
      body: JSON.parse(text || '{}'),
      clientPort: request.socket.remotePort,
    };
    calls.push(call);
    const answer = options.onHttp
      ? await options.onHttp(call, calls.length - 1)
      : { body: { signals: [], waitMs: 20_000, heartbeatMs: 2000, serverTime: Date.now() } };
    if (response.destroyed) return;
    response.writeHead(answer.status ?? 200, {
      'content-type': 'application/json',
      ...answer.headers,
    });
    response.end(JSON.stringify(answer.body));
  });
  http.on('upgrade', (request, socket, head) => {
    if (request.url !== '/api/ea/ws') return socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) => {
      const frames: Record<string, unknown>[] = [];
      const connection: FakeConnection = {
        socket: ws,
        frames,
        send: (frame) => ws.send(JSON.stringify(frame)),
        next: (match, ms = 3000) => until(() => frames.find(match), ms, 'frame'),
      };
      connections.push(connection);
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString());
        frames.push(frame);
        if (frame.type === 'hello') (options.onHello ?? welcome)(connection, frame);
        if (frame.type === 'ping' && options.answerPings !== false) {
          connection.send({ type: 'pong', t: frame.t });
        }
      });
    });
  });
  await once(http.listen(0, '127.0.0.1'), 'listening');
  const fake = {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    connections,
    calls,
    welcome,
    /** The n-th WebSocket connection (0-based), once it has said hello. */
    connection: (n: number, ms = 3000) =>
      until(
        () => connections[n]?.frames.some((f) => f.type === 'hello') && connections[n],
        ms,
        `connection ${n}`,
      ),
    async close() {
      for (const c of wss.clients) c.terminate();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
  onTestFinished(() => fake.close());
  return fake;
}

export type FakeEaServer = Awaited<ReturnType<typeof startFakeEaServer>>;
