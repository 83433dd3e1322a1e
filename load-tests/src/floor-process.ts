import { createServer } from 'node:http';
import { Redis } from 'ioredis';
import { type WebSocket, WebSocketServer } from 'ws';
import { type DurableFloor, openDurableFloor } from './floor-durable.ts';
import { createFloorPolls } from './floor-polls.ts';
import { serveParent } from './ipc.ts';

/**
 * The floor: the least a relay can do on this machine. A bare node:http server reads the POST
 * body, finds the license's socket and writes the body to it with `ws`; no validation, no
 * database, no Redis. Driven by the same generator and read by the same kind of client as the
 * real server, it is what our latency is divided by.
 *
 * Listening `durable`, it is instead the least a relay that keeps our promises can do
 * (floor-durable.ts): the alert is counted and committed before the reply and the push, and
 * the EA's acknowledgement and result are stored. A license whose EA polls (`/poll`,
 * floor-polls.ts) has its signals in its poll's reply instead. Listening on a `bus`, it is
 * one of two: the `intake` floor publishes each signal on Redis instead of pushing it, the
 * `terminals` floor pushes what it hears to the sockets it holds (as two instances do in
 * `balanced`). Every socket's pings are answered, as the server answers EAs' heartbeats.
 * Listening with `workMs` (bench `--floor-work`), it spends that much CPU on each alert before
 * storing it: the cost of a real relay's own work, without its code.
 */
const sockets = new Map<string, WebSocket>();
let nextId = 1;
let durable: DurableFloor | null = null;
const busChannel = 'floor:signals';
let workMs = 0;
let publisher: Redis | null = null;
let subscriber: Redis | null = null;
type Bus = { redisUrl: string; role: 'intake' | 'terminals' };

async function joinBus({ redisUrl, role }: Bus) {
  if (role === 'intake') {
    publisher = new Redis(redisUrl, { enableAutoPipelining: true });
    return;
  }
  subscriber = new Redis(redisUrl);
  subscriber.on('message', (_channel: string, message: string) => {
    const cut = message.indexOf('\n');
    sockets.get(message.slice(0, cut))?.send(message.slice(cut + 1));
  });
  await subscriber.subscribe(busChannel);
}

/**
 * Keeps this process on the CPU for `ms` of CPU time (not wall time: preempted, it carries on
 * until it has had that much), as a relay's work per alert would.
 */
function spend(ms: number) {
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if (used.user + used.system >= ms * 1000) return;
  }
}

const polls = createFloorPolls(async (id, status) => durable?.record(id, status));

const server = createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(200).end('ok');
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', async () => {
    const text = Buffer.concat(chunks).toString();
    const url = new URL(req.url ?? '/', 'http://floor');
    if (url.pathname === '/poll') {
      void polls.poll(url.searchParams.get('license') ?? '', text, res);
      return;
    }
    const { licenseNumber, alertId } = JSON.parse(text) as {
      licenseNumber: string;
      alertId?: string;
    };
    if (workMs > 0) spend(workMs);
    let id: string;
    try {
      id = durable ? await durable.admit(licenseNumber, text, alertId ?? null) : String(nextId++);
    } catch (err) {
      res.writeHead(503).end(JSON.stringify({ ok: false, code: (err as Error).message }));
      return;
    }
    const signal = `{"id":"${id}","alert":${text}}`;
    const frame = `{"type":"signal","signal":${signal}}`;
    const socket = sockets.get(licenseNumber);
    const polled = polls.polls(licenseNumber);
    if (publisher) void publisher.publish(busChannel, `${licenseNumber}\n${frame}`);
    else if (polled) polls.push(licenseNumber, signal);
    else socket?.send(frame);
    const delivered = socket || polled || publisher;
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(`{"ok":true,"signalId":"${id}","delivered":${delivered ? 'true' : 'false'}}`);
  });
});

// As the server's (app.ts): at Node's default of 5 s, a keep-alive connection left idle while
// the bench waits for a quiet machine can close as the generator reuses it, and its alert
// counts as lost to the floor.
server.keepAliveTimeout = 65_000;

const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on('connection', (socket, req) => {
  const license = new URL(req.url ?? '/', 'http://floor').searchParams.get('license') ?? '';
  sockets.set(license, socket);
  socket.on('close', () => sockets.delete(license));
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as {
      type: string;
      id: string;
      status?: string;
      t?: number;
    };
    if (frame.type === 'ping') {
      socket.send(`{"type":"pong","t":${frame.t}}`);
      durable?.seen(license);
      return;
    }
    durable
      ?.record(frame.id, frame.type === 'result' ? (frame.status ?? 'success') : null)
      .catch((err: unknown) => console.error('floor: could not store an EA frame', err));
  });
});

serveParent({
  listen: async (o: ListenOptions = {}) => {
    if (o.durable) durable = await openDurableFloor(o.durable);
    workMs = o.workMs ?? 0;
    if (o.bus) await joinBus(o.bus);
    return new Promise<number>((resolve) => {
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  },
  close: async () => {
    polls.close();
    await durable?.close();
    durable = null;
    publisher?.disconnect();
    subscriber?.disconnect();
  },
});

type ListenOptions = {
  durable?: { databaseUrl: string; redisUrl: string };
  bus?: Bus;
  /** CPU milliseconds spent on each alert before it is stored (none when unset). */
  workMs?: number;
};

export type FloorCommands = {
  listen: (o?: ListenOptions) => Promise<number>;
  close: () => Promise<void>;
};
