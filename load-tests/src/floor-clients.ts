import http from 'node:http';
import { joinHeartbeat } from '@signalrelay/bridge/heartbeat-wheel';
import WebSocket from 'ws';
import { monoNow } from './clock.ts';

/** Where a client hands each signal it received: its license's index, the id, the time. */
type Arrival = (index: number, id: string, at: number) => void;

/**
 * Raw clients of the floor server (floor-process.ts), in the fleet process beside the EAs:
 * one per license, no protocol beyond JSON, over a socket or (`poll`) by long-poll.
 */
export function createFloorClients(record: Arrival) {
  const sockets: WebSocket[] = [];
  /** The long-polls, one per license, each polling again as soon as it is answered. */
  const polls = new Set<http.ClientRequest>();
  let polling = false;
  const pollAgent = new http.Agent({ keepAlive: true });

  /** Resolves once the floor has answered the license's first poll (it knows the EA is there). */
  function poll(
    args: { url: string; answer?: boolean | undefined },
    license: string,
    index: number,
  ): Promise<void> {
    polling = true;
    const url = new URL(args.url.replace(/^ws/, 'http'));
    url.pathname = '/poll';
    url.searchParams.set('license', license);
    return new Promise((resolve, reject) => {
      const send = (body: string) => {
        const req = http.request(url, { method: 'POST', agent: pollAgent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const at = monoNow();
            polls.delete(req);
            const { signals } = JSON.parse(Buffer.concat(chunks).toString()) as {
              signals: { id: string }[];
            };
            for (const { id } of signals) record(index, id, at);
            resolve();
            if (!polling) return;
            const ids = signals.map((s) => s.id);
            send(
              args.answer
                ? JSON.stringify({
                    received: ids,
                    results: ids.map((id) => ({ id, status: 'success' })),
                  })
                : '',
            );
          });
        });
        req.once('error', (err) => {
          polls.delete(req);
          if (polling) reject(err);
        });
        polls.add(req);
        req.end(body);
      };
      send('');
    });
  }

  /** A socket for the license; `heartbeatMs` as in `connect`. */
  function open(
    args: { url: string; answer?: boolean | undefined; heartbeatMs?: number | undefined },
    license: string,
    index: number,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(`${args.url}?license=${encodeURIComponent(license)}`, {
        perMessageDeflate: false,
      });
      ws.on('message', (data) => {
        const at = monoNow();
        const text = data.toString();
        if (text.startsWith('{"type":"pong"')) return;
        const { id } = (JSON.parse(text) as { signal: { id: string } }).signal;
        record(index, id, at);
        if (args.answer) {
          ws.send(`{"type":"received","id":"${id}"}`);
          ws.send(`{"type":"result","id":"${id}","status":"success"}`);
        }
      });
      ws.once('open', () => {
        const { heartbeatMs } = args;
        if (heartbeatMs) {
          const leave = joinHeartbeat(heartbeatMs, {
            beat: (now) => ws.send(`{"type":"ping","t":${Math.round(now)}}`),
          });
          ws.once('close', leave);
        }
        resolve();
      });
      ws.once('error', reject);
      sockets.push(ws);
    });
  }

  return {
    /**
     * Connects a client for each license. With `answer`, each signal is acknowledged and
     * reported done at once, in the EA protocol's two frames, or on the next poll (for the
     * durable floor, which stores both). With `heartbeatMs`, each socket also pings as an EA
     * does, spread over the period.
     */
    async connect(args: {
      url: string;
      licenses: string[];
      answer?: boolean;
      transport?: 'ws' | 'poll';
      heartbeatMs?: number;
    }) {
      const connectOne = args.transport === 'poll' ? poll : open;
      await Promise.all(args.licenses.map((license, index) => connectOne(args, license, index)));
      return { connected: args.licenses.length };
    },

    close() {
      for (const ws of sockets) ws.terminate();
      sockets.length = 0;
      polling = false;
      for (const req of polls) req.destroy();
      polls.clear();
      return null;
    },
  };
}
