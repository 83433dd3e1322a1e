import net from 'node:net';

export type TcpProxy = {
  port: number;
  /** Like the service dying: open connections are reset and new ones refused. */
  cut(): Promise<void>;
  /**
   * Like a network partition: nothing passes either way, open connections hang without an
   * error, new ones are accepted but never answered.
   */
  stall(): void;
  /** The service is back (after `stall`, held connections carry on; ones opened during it are reset). */
  restore(): Promise<void>;
  close(): Promise<void>;
};

type Pair = { client: net.Socket; upstream: net.Socket | null };

/**
 * A TCP relay between the code under test and a real service (Redis, Postgres), so a test can
 * take the service away and bring it back without touching the shared server.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const pairs = new Set<Pair>();
  let server: net.Server;
  let port = 0;
  let stalled = false;

  function track(socket: net.Socket) {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  }

  /** Connects a client to the service and relays both ways. */
  function join(pair: Pair) {
    const { client } = pair;
    const upstream = net.connect(target);
    pair.upstream = upstream;
    track(upstream);
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  }

  function listen() {
    server = net.createServer((client) => {
      track(client);
      const pair: Pair = { client, upstream: null };
      pairs.add(pair);
      client.on('error', () => client.destroy());
      client.on('close', () => {
        pair.upstream?.destroy();
        pairs.delete(pair);
      });
      // Accepted during a partition: held unanswered, and reset when it heals.
      if (stalled) client.pause();
      else join(pair);
    });
    return new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  async function cut() {
    stalled = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.resetAndDestroy();
    pairs.clear();
    await closed;
  }

  await listen();
  return {
    get port() {
      return port;
    },
    cut,
    stall() {
      stalled = true;
      for (const { client, upstream } of pairs) {
        client.pause();
        upstream?.pause();
      }
    },
    async restore() {
      if (stalled) {
        stalled = false;
        for (const pair of pairs) {
          if (pair.upstream) {
            pair.client.resume();
            pair.upstream.resume();
          } else {
            // Opened during the partition: its client has long given up (as after an
            // unanswered SYN), and joining it now would start a backend nobody uses.
            pair.client.resetAndDestroy();
            pairs.delete(pair);
          }
        }
        return;
      }
      await listen();
    },
    async close() {
      if (server.listening) await cut();
    },
  };
}
