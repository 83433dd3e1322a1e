import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP proxy in front of the server that forwards plain requests and refuses every
 * WebSocket upgrade with 403, like the corporate proxies and firewalls that make the MT5
 * relay fall back to the HTTPS long-poll (ea/README.md, "Transport (MT5)").
 */
export type NoWebSocketProxy = Awaited<ReturnType<typeof startNoWebSocketProxy>>;

export async function startNoWebSocketProxy(target: string) {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.on('upgrade', (_req, socket) => {
    socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
