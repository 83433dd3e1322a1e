import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFloorPolls } from './floor-polls.ts';

const frames: [string, string | null][] = [];
const polls = createFloorPolls(async (id, status) => {
  frames.push([id, status]);
});
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void polls.poll('L1', Buffer.concat(chunks).toString(), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  polls.close();
  await new Promise((resolve) => server.close(resolve));
});

const poll = async (body = '') =>
  ((await (await fetch(base, { method: 'POST', body })).json()) as { signals: { id: string }[] })
    .signals;

describe('the floor’s long-poll', () => {
  it('answers a first poll at once, then holds one until signals come, all of a turn together', async () => {
    expect(polls.polls('L1')).toBe(false);
    expect(await poll()).toEqual([]);
    expect(polls.polls('L1')).toBe(true);

    const held = poll();
    await new Promise((r) => setTimeout(r, 50));
    polls.push('L1', '{"id":"a"}');
    polls.push('L1', '{"id":"b"}');
    expect(await held).toEqual([{ id: 'a' }, { id: 'b' }]);

    // Pushed while no poll was held: the next poll has it at once, and records its frames.
    polls.push('L1', '{"id":"c"}');
    const body = JSON.stringify({ received: ['a', 'b'], results: [{ id: 'a', status: 'error' }] });
    expect(await poll(body)).toEqual([{ id: 'c' }]);
    expect(frames).toEqual([
      ['a', null],
      ['b', null],
      ['a', 'error'],
    ]);
  });
});
