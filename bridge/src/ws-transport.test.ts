import { mkdtemp, rm } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { slowExecutor, startTestEa, wireSignal } from '../test/ea-harness.ts';
import { startFakeEaServer } from '../test/fake-ea-server.ts';
import { sleep, until } from '../test/wait.ts';

describe('WebSocket transport', () => {
  it('says hello, acknowledges each signal before its result, and sends a repeat the first result', async () => {
    const server = await startFakeEaServer();
    const { ea, seen } = startTestEa(server.url);
    const conn = await server.connection(0);
    expect(conn.frames[0]).toEqual({
      type: 'hello',
      v: 3,
      licenseNumber: 'SR-TEST',
      platform: 'mt5',
      account: '5012345',
      broker: 'Demo',
      instanceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      chart: 'reference EA',
      eaVersion: 'reference-1',
    });
    await until(() => seen.connected === 1);
    conn.send({ type: 'signal', signal: wireSignal({ id: 'a' }) });
    conn.send({ type: 'signal', signal: wireSignal({ id: 'a' }) });
    await until(() => conn.frames.filter((f) => f.type === 'result').length === 2);
    const wire = conn.frames.filter((f) => f.type !== 'ping').slice(1);
    expect(wire.map((f) => f.type)).toEqual(['received', 'received', 'result', 'result']);
    expect(wire[2]).toMatchObject({ type: 'result', id: 'a', status: 'success', ticket: '1' });
    expect(wire[3]).toEqual(wire[2]);
    expect(seen.executed).toHaveLength(1);
    expect(seen.results.map((r) => r.duplicate)).toEqual([false, true]);
    expect(ea.counters).toMatchObject({ signals: 2, duplicates: 1, executed: 1, results: 2 });
  });

  it('dates the signals of one socket read to that read, not to when each was handled', async () => {
    const server = await startFakeEaServer();
    const arrivals = new Map<string, number>();
    const { seen } = startTestEa(server.url, {
      onSignal: (signal, arrival) => arrivals.set(signal.id, arrival.monotonic),
    });
    const conn = await server.connection(0);
    await until(() => seen.connected === 1);
    // A burst in one write, as the server pushes the signals of one turn.
    const tcp = (conn.socket as unknown as { _socket: Socket })._socket;
    tcp.cork();
    for (const id of ['a', 'b', 'c']) conn.send({ type: 'signal', signal: wireSignal({ id }) });
    tcp.uncork();
    await until(() => seen.results.length === 3);
    expect(new Set(arrivals.values()).size).toBe(1);

    conn.send({ type: 'signal', signal: wireSignal({ id: 'd' }) });
    await until(() => arrivals.has('d'));
    expect(arrivals.get('d')).toBeGreaterThan(arrivals.get('a')!);
  });

  it('answers ttlMs ≤ 0 and a TTL that ran out in the queue with "expired", and never executes them', async () => {
    const server = await startFakeEaServer();
    const slow = slowExecutor(150, '9');
    const { ea, seen } = startTestEa(server.url, { execute: slow.execute });
    const conn = await server.connection(0);
    await until(() => seen.connected === 1);
    conn.send({ type: 'signal', signal: wireSignal({ id: 'slow' }) });
    conn.send({ type: 'signal', signal: wireSignal({ id: 'late', ttlMs: 50 }) });
    conn.send({ type: 'signal', signal: wireSignal({ id: 'dead', ttlMs: 0 }) });
    conn.send({ type: 'signal', signal: wireSignal({ id: 'test', isTest: true, ttlMs: 50 }) });
    await until(() => seen.results.length === 4);
    const byId = Object.fromEntries(seen.results.map(({ result }) => [result.id, result]));
    expect(byId.slow).toMatchObject({ status: 'success' });
    expect(byId.late).toMatchObject({ status: 'error', message: 'expired' });
    expect(byId.dead).toMatchObject({ status: 'error', message: 'expired' });
    expect(byId.test).toMatchObject({ status: 'skipped' });
    expect(slow.executed).toEqual(['slow']);
    expect(ea.counters).toMatchObject({ expired: 2, skipped: 1, executed: 1 });
  });

  it('answers an invalid signal with an error naming the field, and ignores junk frames', async () => {
    const server = await startFakeEaServer();
    const { ea, seen } = startTestEa(server.url);
    const conn = await server.connection(0);
    await until(() => seen.connected === 1);
    conn.socket.send('not json');
    conn.send({ type: 'news', text: 'a later server may add frame types' });
    conn.send({ type: 'signal', signal: { ...wireSignal({ id: 'bad' }), lot: -1 } });
    const result = await conn.next((f) => f.type === 'result');
    expect(result).toMatchObject({ id: 'bad', status: 'error' });
    expect(result.message).toMatch(/^invalid signal: lot /);
    expect(conn.frames.some((f) => f.type === 'received' && f.id === 'bad')).toBe(true);
    expect(seen.executed).toEqual([]);
    expect(seen.problems).toContain('the server sent a frame that is not JSON; ignored');
    expect(ea.state).toBe('connected');
  });

  it('with a dedupe file, answers a signal executed before a restart with its first result', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ea-dedupe-'));
    const file = path.join(dir, 'executed.jsonl');
    try {
      const server = await startFakeEaServer();
      const before = startTestEa(server.url, { dedupe: { file } });
      const first = await server.connection(0);
      await until(() => before.seen.connected === 1);
      first.send({ type: 'signal', signal: wireSignal({ id: 'p' }) });
      await first.next((f) => f.type === 'result');
      await before.ea.stop();

      const after = startTestEa(server.url, { dedupe: { file } });
      const second = await server.connection(1);
      await until(() => after.seen.connected === 1);
      second.send({ type: 'signal', signal: wireSignal({ id: 'p' }) });
      const again = await second.next((f) => f.type === 'result');
      expect(again).toMatchObject({ id: 'p', status: 'success', ticket: '1' });
      expect(after.seen.executed).toEqual([]);
      expect(after.seen.results[0]!.duplicate).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps answering signals when a callback throws', async () => {
    const server = await startFakeEaServer();
    let calls = 0;
    const { seen } = startTestEa(server.url, {
      onResult: () => {
        calls++;
        throw new Error('listener bug');
      },
    });
    const conn = await server.connection(0);
    await until(() => seen.connected === 1);
    conn.send({ type: 'signal', signal: wireSignal({ id: 'x1' }) });
    conn.send({ type: 'signal', signal: wireSignal({ id: 'x2' }) });
    await until(() => conn.frames.filter((f) => f.type === 'result').length === 2);
    expect(calls).toBe(2);
    expect(seen.problems).toEqual([
      'an EA callback failed: listener bug',
      'an EA callback failed: listener bug',
    ]);
  });

  it('pings every heartbeatMs and reconnects after 3 missed pongs', async () => {
    const server = await startFakeEaServer({
      answerPings: false,
      onHello: (c) => c.send({ type: 'welcome', v: 1, heartbeatMs: 40, serverTime: Date.now() }),
    });
    const { seen } = startTestEa(server.url);
    const first = await server.connection(0);
    await server.connection(1, 2000);
    const pings = first.frames.filter((f) => f.type === 'ping');
    expect(pings.length).toBeGreaterThanOrEqual(3);
    expect(typeof pings[0]!.t).toBe('number');
    expect(seen.problems).toContain('3 pongs missed; reconnecting');
    expect(seen.disconnected).toHaveLength(1);
  });

  it('keeps a connection whose pongs arrive, and measures their round trip', async () => {
    const server = await startFakeEaServer({
      onHello: (c) => c.send({ type: 'welcome', v: 1, heartbeatMs: 30, serverTime: Date.now() }),
    });
    const { ea } = startTestEa(server.url);
    await server.connection(0);
    await sleep(400);
    expect(server.connections).toHaveLength(1);
    expect(ea.counters.lastRttMs).toBeGreaterThanOrEqual(0);
  });

  it('reconnects after a restart (1012) and re-sends a result the broken socket could not carry', async () => {
    const server = await startFakeEaServer();
    const { seen } = startTestEa(server.url, { execute: slowExecutor(100, '77').execute });
    const first = await server.connection(0);
    await until(() => seen.connected === 1);
    first.send({ type: 'signal', signal: wireSignal({ id: 'r' }) });
    await first.next((f) => f.type === 'received');
    first.socket.close(1012, 'restarting');
    const second = await server.connection(1);
    const result = await second.next((f) => f.type === 'result');
    expect(result).toMatchObject({ id: 'r', ticket: '77' });
    // Sent after the new welcome, never before the hello.
    expect(second.frames[0]!.type).toBe('hello');
    expect(first.frames.some((f) => f.type === 'result')).toBe(false);
    expect(seen.connected).toBe(2);
  });

  it('backs off and retries while the server cannot be reached', async () => {
    const { ea, seen } = startTestEa('http://127.0.0.1:9');
    await until(() => seen.problems.length >= 3, 3000);
    expect(seen.problems[0]).toMatch(/^could not connect: /);
    expect(ea.state).toBe('connecting');
  });

  it.each([
    [4401, 'LICENSE_INVALID', 'Unknown license number.'],
    [4400, 'BAD_REQUEST', 'account: must be a string of digits'],
  ])(
    'stops for good on close %i and reports the server error',
    async (code, errorCode, message) => {
      const server = await startFakeEaServer({
        onHello: (c) => {
          c.send({ type: 'error', code: errorCode, message });
          c.socket.close(code, 'rejected');
        },
      });
      const { ea, seen } = startTestEa(server.url);
      const fatal = await until(() => seen.fatal);
      expect(fatal).toEqual({ code: errorCode, message });
      expect(ea.state).toBe('stopped');
      await sleep(300);
      expect(server.connections).toHaveLength(1);
    },
  );
});
