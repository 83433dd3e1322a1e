import { createServer } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';
import { serveParent } from './ipc.ts';

/**
 * The floor: the least a relay can do on this machine. A bare node:http server reads the POST
 * body, finds the license's socket and writes the body to it with `ws`; no validation, no
 * database, no Redis. Driven by the same generator and read by the same kind of client as the
 * real server, it is what our latency is divided by.
 */
const sockets = new Map<string, WebSocket>();
let nextId = 1;

const server = createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(200).end('ok');
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const text = Buffer.concat(chunks).toString();
    const { licenseNumber } = JSON.parse(text) as { licenseNumber: string };
    const id = String(nextId++);
    const socket = sockets.get(licenseNumber);
    socket?.send(`{"type":"signal","signal":{"id":"${id}","alert":${text}}}`);
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(`{"ok":true,"signalId":"${id}","delivered":${socket ? 'true' : 'false'}}`);
  });
});

const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on('connection', (socket, req) => {
  const license = new URL(req.url ?? '/', 'http://floor').searchParams.get('license') ?? '';
  sockets.set(license, socket);
  socket.on('close', () => sockets.delete(license));
});

serveParent({
  listen: () =>
    new Promise<number>((resolve) => {
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    }),
});

export type FloorCommands = { listen: () => Promise<number> };
