import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { newConnection, push, send } from './relay-ws-connection.ts';

/** A WebSocket that records what it is given, over a TCP socket that records each write. */
function fakeSockets() {
  const writes: string[][] = [];
  let pending: string[] = [];
  let corks = 0;
  const flush = () => {
    if (corks === 0 && pending.length > 0) {
      writes.push(pending);
      pending = [];
    }
  };
  const tcp = {
    cork: () => corks++,
    uncork: () => {
      corks--;
      flush();
    },
  };
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    send(text: string) {
      pending.push(text);
      flush();
    },
  };
  return { socket: socket as unknown as WebSocket, tcp: tcp as unknown as Socket, writes };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('push', () => {
  it('writes the signal frames of one turn to an EA in one write, in order', async () => {
    const { socket, tcp, writes } = fakeSockets();
    const c = newConnection(socket, tcp, '127.0.0.1', 0);
    await Promise.resolve().then(() => push(c, 'a'));
    // Later promise reactions of the same turn (the rest of an INSERT batch) join it.
    await Promise.resolve().then(() => push(c, 'b'));
    expect(push(c, 'c')).toBe(true);
    expect(writes).toEqual([]);
    await tick();
    expect(writes).toEqual([['a', 'b', 'c']]);

    push(c, 'd');
    await tick();
    expect(writes).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('leaves other frames (pongs, errors) uncorked: they go at once', () => {
    const { socket, tcp, writes } = fakeSockets();
    send(newConnection(socket, tcp, '127.0.0.1', 0), 'pong');
    expect(writes).toEqual([['pong']]);
  });
});
