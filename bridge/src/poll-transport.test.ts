import type { Signal } from '@signalrelay/contracts/ea-protocol';
import { describe, expect, it } from 'vitest';
import { slowExecutor, startTestEa, wireSignal } from '../test/ea-harness.ts';
import { type FakeEaServer, type HttpAnswer, startFakeEaServer } from '../test/fake-ea-server.ts';
import { sleep, until } from '../test/wait.ts';

const reply = (signals: Signal[] = [], waitMs = 20_000): HttpAnswer => ({
  body: { signals, waitMs, heartbeatMs: 2000, serverTime: Date.now() },
});
/** A held poll: answers nothing until the EA gives up or the test ends. */
const hold = () => new Promise<HttpAnswer>(() => undefined);
const polls = (s: FakeEaServer) => s.calls.filter((c) => c.path === '/api/ea/poll');

describe('long-poll transport', () => {
  it('polls again at once, carrying the received ids, and posts each result at once', async () => {
    const server = await startFakeEaServer({
      onHttp: (call, i) => {
        if (call.path === '/api/ea/result') return { body: { ok: true } };
        if (i === 0) return reply([wireSignal({ id: 'a' }), wireSignal({ id: 'a' })]);
        return hold();
      },
    });
    const { seen } = startTestEa(server.url, { transport: 'poll', platform: 'mt4' });
    await until(() => server.calls.length >= 3);
    const [first, second] = polls(server);
    expect(first!.body).toEqual({
      v: 3,
      licenseNumber: 'SR-TEST',
      platform: 'mt4',
      account: '5012345',
      broker: 'Demo',
      instanceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      chart: 'reference EA',
      eaVersion: 'reference-1',
      received: [],
      results: [],
      // v3: the rules it holds, none yet at start (ea/PROTOCOL.md, "Rules").
      rulesId: '',
    });
    expect(second!.body).toMatchObject({ received: ['a', 'a'], results: [] });
    await until(() => server.calls.filter((c) => c.path === '/api/ea/result').length === 2);
    const posted = server.calls.filter((c) => c.path === '/api/ea/result').map((c) => c.body);
    expect(posted[0]).toMatchObject({ id: 'a', status: 'success', ticket: '1', platform: 'mt4' });
    expect(posted[1]).toEqual(posted[0]);
    expect(seen.executed).toHaveLength(1);
    expect(seen.connected).toBe(1);
  });

  it('sends a result whose POST failed with the next poll', async () => {
    let released: (answer: HttpAnswer) => void = () => undefined;
    const server = await startFakeEaServer({
      onHttp: (call, i) => {
        if (call.path === '/api/ea/result') {
          return { status: 503, body: { code: 'UNAVAILABLE', message: 'down' } };
        }
        if (i === 0) return reply([wireSignal({ id: 'b' })]);
        if (polls(server).length === 2) return new Promise((r) => (released = r));
        return hold();
      },
    });
    const { seen } = startTestEa(server.url, { transport: 'poll' });
    await until(() => seen.problems.some((p) => p.includes('goes with the next poll')));
    released(reply());
    await until(() => polls(server).length === 3);
    expect(polls(server)[2]!.body).toMatchObject({
      received: [],
      results: [{ id: 'b', status: 'success' }],
    });
  });

  it('with resultsOnPoll, trades between polls and carries received and results together', async () => {
    const server = await startFakeEaServer({
      onHttp: (_call, i) => (i === 0 ? reply([wireSignal({ id: 'c' })]) : hold()),
    });
    startTestEa(server.url, {
      transport: 'poll',
      resultsOnPoll: true,
      execute: slowExecutor(50, '5').execute,
    });
    await until(() => server.calls.length === 2);
    expect(server.calls.map((c) => c.path)).toEqual(['/api/ea/poll', '/api/ea/poll']);
    expect(server.calls[1]!.body).toMatchObject({
      received: ['c'],
      results: [{ id: 'c', ticket: '5' }],
    });
  });

  it('re-sends received ids after a failed poll, backing off and honouring Retry-After', async () => {
    const times: number[] = [];
    const server = await startFakeEaServer({
      onHttp: (_call, i) => {
        times.push(performance.now());
        if (i === 0) return reply([wireSignal({ id: 'd' })]);
        if (i === 1) return { status: 503, body: { code: 'UNAVAILABLE', message: 'db down' } };
        if (i === 2) {
          return {
            status: 429,
            headers: { 'retry-after': '1' },
            body: { code: 'RATE_LIMITED', message: 'slow down' },
          };
        }
        return hold();
      },
    });
    const { seen } = startTestEa(server.url, { transport: 'poll', resultsOnPoll: true });
    await until(() => server.calls.length === 4, 4000);
    for (const call of server.calls.slice(1)) {
      expect(call.body).toMatchObject({ received: ['d'], results: [{ id: 'd' }] });
    }
    expect(times[3]! - times[2]!).toBeGreaterThanOrEqual(990);
    expect(seen.problems).toEqual(['poll failed: db down', 'poll failed: slow down']);
    expect(seen.disconnected).toEqual(['db down']);
    expect(seen.connected).toBe(1);
  });

  it('keeps its connection from one poll to the next', async () => {
    const server = await startFakeEaServer({
      onHttp: (_call, i) => (i < 3 ? reply([wireSignal({ id: `s${i}` })]) : hold()),
    });
    startTestEa(server.url, { transport: 'poll', platform: 'mt4', resultsOnPoll: true });
    await until(() => server.calls.length === 4);
    expect(new Set(server.calls.map((c) => c.clientPort)).size).toBe(1);
  });

  it('gives up a poll the server holds past waitMs + 5 s, and polls again', async () => {
    const server = await startFakeEaServer({
      onHttp: (_call, i) => (i === 0 ? reply([], 100) : hold()),
    });
    const { seen } = startTestEa(server.url, { transport: 'poll' });
    await until(() => server.calls.length === 3, 7000);
    expect(seen.problems).toEqual(['poll failed: timed out']);
  }, 10_000);

  it.each([
    [401, 'LICENSE_INVALID', 'Invalid license number.'],
    [400, 'BAD_REQUEST', 'account: must be a string of digits'],
  ])('stops for good on HTTP %i', async (status, code, message) => {
    const server = await startFakeEaServer({ onHttp: () => ({ status, body: { code, message } }) });
    const { ea, seen } = startTestEa(server.url, { transport: 'poll' });
    expect(await until(() => seen.fatal)).toEqual({ code, message });
    expect(ea.state).toBe('stopped');
    await sleep(200);
    expect(server.calls).toHaveLength(1);
  });
});
