import net from 'node:net';

export type TcpBalancer = {
  url: string;
  /** Connections each target took so far (by target index). */
  readonly counts: number[];
  /** Resets every open connection at once, like a network blip: every client reconnects. */
  dropAll(): void;
  close(): Promise<void>;
};

/** A target that failed is skipped this long, like a load balancer's passive health check. */
const downForMs = 5000;

/**
 * A TCP load balancer in front of several server processes, as in production: each new
 * connection goes to the next target in turn, and to the one after when a target refuses or
 * drops connections (a killed process), which is then left out for a few seconds, so clients
 * that reconnect land on a live instance.
 */
export async function startTcpBalancer(targets: { host: string; port: number }[]) {
  const sockets = new Set<net.Socket>();
  const counts = targets.map(() => 0);
  const downUntil = targets.map(() => 0);
  let next = 0;

  function pick(): number {
    for (let i = 0; i < targets.length; i++) {
      const index = next++ % targets.length;
      if (downUntil[index]! <= Date.now()) return index;
    }
    return next++ % targets.length;
  }

  function track(socket: net.Socket) {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  }

  function connect(client: net.Socket, tries: number) {
    if (tries >= targets.length) {
      client.destroy();
      return;
    }
    const index = pick();
    const upstream = net.connect(targets[index]!);
    track(upstream);
    client.once('close', () => upstream.destroy());
    let connected = false;
    upstream.on('error', () => {
      downUntil[index] = Date.now() + downForMs;
      // Refused before it connected: that instance is down, try the next one.
      if (!connected) connect(client, tries + 1);
      else client.destroy();
    });
    upstream.once('connect', () => {
      connected = true;
      counts[index]!++;
      upstream.once('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
      client.resume();
    });
  }

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    track(client);
    client.on('error', () => undefined);
    connect(client, 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    dropAll() {
      for (const socket of sockets) socket.resetAndDestroy();
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  } satisfies TcpBalancer;
}
