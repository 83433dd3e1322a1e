import type { Signal, SignalResult } from '@signalrelay/contracts/ea-protocol';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/app.ts';
import { signals } from '../../server/test/internals.ts';
import { createTestUser } from '../../server/test/users.ts';
import { sendAlert } from '../test/server-api.ts';
import { sleep, until } from '../test/wait.ts';
import { createEaClient, type EaClient, type EaClientOptions } from './ea-client.ts';
import type { Arrival, FatalError } from './ea-types.ts';
import { createPaperTerminal } from './paper-terminal.ts';

/**
 * End to end against the real server (Postgres + Redis): a TradingView-style webhook, the
 * server's EA gateway, this reference EA and its paper terminal, and the recorded result.
 */
let t: TestApp;
const running: EaClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ redis: true, listen: true });
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((ea) => ea.stop()));
});
afterAll(() => t?.close());

async function postAlert(body: Record<string, unknown>) {
  const res = await sendAlert(t.baseUrl, body, 'application/json');
  const json = (await res.json()) as { signalId: string };
  expect(res.status).toBe(200);
  return json.signalId;
}

const signalRow = async (id: string) => {
  const [row] = await t.deps.database.db.select().from(signals).where(eq(signals.id, id));
  return row!;
};

function startEa(
  licenseNumber: string,
  transport: 'ws' | 'poll',
  extra: Partial<EaClientOptions> = {},
) {
  const terminal = createPaperTerminal({ seed: 42 });
  const seen = {
    signals: [] as { signal: Signal; arrival: Arrival }[],
    results: [] as { result: SignalResult; duplicate: boolean }[],
    connected: 0,
    fatal: undefined as FatalError | undefined,
  };
  const ea = createEaClient({
    server: t.baseUrl,
    transport,
    licenseNumber,
    platform: 'mt5',
    account: '5012345',
    broker: 'MetaQuotes-Demo',
    execute: terminal.execute,
    backoff: { initialMs: 50, maxMs: 200 },
    onSignal: (signal, arrival) => seen.signals.push({ signal, arrival }),
    onResult: (result, { duplicate }) => seen.results.push({ result, duplicate }),
    onConnected: () => seen.connected++,
    onFatal: (error) => {
      seen.fatal = error;
    },
    ...extra,
  });
  running.push(ea);
  ea.start();
  return { ea, terminal, seen };
}

describe.each(['ws', 'poll'] as const)('reference EA over %s, end to end', (transport) => {
  it('receives a webhook alert, trades it on the paper terminal and reports the result', async () => {
    const user = await createTestUser(t.deps.database.db);
    const { ea, terminal, seen } = startEa(user.licenseNumber, transport);
    if (transport === 'ws') await until(() => seen.connected > 0, 5000, 'welcome');

    const id = await postAlert({
      licenseNumber: user.licenseNumber,
      symbol: 'OANDA:EURUSD',
      position: 'buy',
      lot: '0.05',
      slpoint: 200,
      tppoint: 400,
    });
    const { result } = await until(() => seen.results.find((r) => r.result.id === id));
    expect(result).toMatchObject({ status: 'success', retcode: 10009, ticket: '50000001' });
    expect(result.message).toMatch(/^Bought 0\.05 EURUSD at [\d.]+, SL [\d.]+, TP [\d.]+\.$/);
    expect(seen.signals.map((s) => s.signal)).toMatchObject([
      { id, symbol: 'EURUSD', position: 'buy', lot: 0.05, slpoint: 200, tppoint: 400 },
    ]);
    expect(terminal.openPositions()).toMatchObject([{ ticket: '50000001', lots: 0.05 }]);

    const row = await until(async () => {
      const r = await signalRow(id);
      return r.status === 'success' && r;
    });
    expect(row).toMatchObject({ ticket: '50000001', retcode: 10009, executedPrice: result.price });
    // Hop timings are on the server's clock: received ≤ delivered ≤ executed.
    expect(row.deliveredAt!.getTime()).toBeGreaterThanOrEqual(row.receivedAt.getTime());
    expect(row.executedAt!.getTime()).toBeGreaterThanOrEqual(row.deliveredAt!.getTime());
    expect(ea.counters).toMatchObject({ signals: 1, executed: 1, duplicates: 0, results: 1 });
  });

  it('answers a test signal as skipped without trading', async () => {
    const user = await createTestUser(t.deps.database.db);
    const { terminal, seen } = startEa(user.licenseNumber, transport);
    const id = await postAlert({
      licenseNumber: user.licenseNumber,
      symbol: 'EURUSD',
      position: 'sell',
      lot: 0.01,
      isTest: true,
    });
    const { result } = await until(() => seen.results.find((r) => r.result.id === id));
    expect(result.status).toBe('skipped');
    expect(terminal.openPositions()).toEqual([]);
    await until(async () => (await signalRow(id)).executedAt, 5000, 'result recorded');
  });

  it('gets a signal sent while it was offline once when it connects within the TTL', async () => {
    const user = await createTestUser(t.deps.database.db);
    const id = await postAlert({
      licenseNumber: user.licenseNumber,
      symbol: 'XAUUSD',
      position: 'sell',
      lot: 0.01,
    });
    const { ea, seen } = startEa(user.licenseNumber, transport);
    await until(() => seen.results.find((r) => r.result.id === id));
    await until(async () => (await signalRow(id)).status === 'success', 5000, 'success');
    await sleep(300);
    expect(ea.counters).toMatchObject({ signals: 1, executed: 1 });
  });

  it('stops on an unknown license instead of retrying', async () => {
    const { ea, seen } = startEa('SR-NOT-A-REAL-LICENSE', transport);
    const fatal = await until(() => seen.fatal);
    expect(fatal.code).toBe('LICENSE_INVALID');
    expect(fatal.message).toMatch(/license number/i);
    expect(ea.state).toBe('stopped');
    await sleep(400);
    expect(seen.connected).toBe(0);
  });
});

describe('reference EA over long-poll, results carried on the next poll', () => {
  it('reports received and the result in the poll after the trade', async () => {
    const user = await createTestUser(t.deps.database.db);
    const { seen } = startEa(user.licenseNumber, 'poll', { resultsOnPoll: true });
    const open = await postAlert({
      licenseNumber: user.licenseNumber,
      symbol: 'GBPUSD',
      position: 'buy',
      lot: 0.1,
    });
    await until(async () => (await signalRow(open)).status === 'success', 5000, 'open recorded');
    const close = await postAlert({
      licenseNumber: user.licenseNumber,
      symbol: 'GBPUSD',
      position: 'closebuy',
    });
    const row = await until(async () => {
      const r = await signalRow(close);
      return r.status === 'success' && r;
    });
    expect(row.ticket).toBe('50000001');
    expect(seen.results.map((r) => r.result.message)).toEqual([
      expect.stringMatching(/^Bought 0\.10 GBPUSD/),
      expect.stringMatching(/^Closed 1 position on GBPUSD, profit [+-][\d.]+ USD/),
    ]);
  });
});
