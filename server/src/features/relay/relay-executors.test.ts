import { closeCodes, executorRetryMs } from '@signalrelay/contracts/ea-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { helloFrame, openEaSocket } from '../../../test/ea-socket.ts';
import { referenceEaClient } from '../../../test/reference-ea.ts';
import { sessionCookie } from '../../../test/sessions.ts';
import { createTestUser } from '../../../test/users.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ redis: true, listen: true });
});
afterAll(() => t?.close());

const v2 = (instanceId: string, chart: string) => ({ v: 2, instanceId, chart });

async function welcomed(licenseNumber: string, extra: Record<string, unknown>) {
  const ea = await openEaSocket(t.baseUrl);
  ea.send(helloFrame(licenseNumber, extra));
  await ea.next((f) => f.type === 'welcome' || f.type === 'error');
  return ea;
}

async function alert(licenseNumber: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhook/handleWebhook',
    payload: { licenseNumber, symbol: 'EURUSD', position: 'buy', lot: 0.01 },
  });
  expect(res.statusCode).toBe(200);
  return res.json().signalId as string;
}

async function terminalsOf(userId: string) {
  const cookie = await sessionCookie(t.app, t.deps.database.db, userId);
  const res = await t.app.inject({ method: 'GET', url: '/api/terminals', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().terminals as Record<string, unknown>[];
}

/** ea/PROTOCOL.md, "One executor per account". */
describe('one executor per license, platform and account', () => {
  it('refuses a second copy of the EA, names the chart that trades, and sends the signal to the first only', async () => {
    const user = await createTestUser(t.deps.database.db);
    const first = await welcomed(user.licenseNumber, v2('instance-first', 'EURUSD,H1'));
    expect(first.frames[0]).toMatchObject({ type: 'welcome', v: 2 });

    const second = await welcomed(user.licenseNumber, v2('instance-second', 'GBPUSD,M5'));
    const error = await second.next((f) => f.type === 'error');
    expect(error).toMatchObject({ code: 'EXECUTOR_TAKEN' });
    expect(error.message).toMatch(/already trades account 5012345 .*\(EURUSD,H1\)/);
    expect((await second.closed).code).toBe(closeCodes.executorTaken);

    const id = await alert(user.licenseNumber);
    await first.next((f) => f.type === 'signal');
    expect(second.frames.some((f) => f.type === 'signal')).toBe(false);
    expect(id).toBeTruthy();

    const [terminal] = await terminalsOf(user.id);
    expect(terminal).toMatchObject({
      account: '5012345',
      connected: true,
      transport: 'ws',
      refusal: { chart: 'GBPUSD,M5', holderChart: 'EURUSD,H1' },
    });
    first.close();
  });

  it('lets the same instance reconnect at once, replacing its old connection', async () => {
    const user = await createTestUser(t.deps.database.db);
    const old = await welcomed(user.licenseNumber, v2('instance-same', 'EURUSD,H1'));
    const again = await welcomed(user.licenseNumber, v2('instance-same', 'EURUSD,H1'));
    expect(again.frames[0]).toMatchObject({ type: 'welcome' });
    expect((await old.closed).code).toBe(1000);
    again.close();
  });

  it('hands over at once after a clean stop, and after the holder stops answering heartbeats', async () => {
    const user = await createTestUser(t.deps.database.db);
    const first = await welcomed(user.licenseNumber, v2('instance-one', 'EURUSD,H1'));
    first.close();
    await first.closed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await welcomed(user.licenseNumber, v2('instance-two', 'EURUSD,M1'));
    expect(second.frames[0]).toMatchObject({ type: 'welcome' });

    // The second one goes silent (no pings): its socket is cut after three heartbeats and
    // its lease runs out; a third copy is refused until then, and let in after.
    const third = await welcomed(user.licenseNumber, v2('instance-three', 'USDJPY,H4'));
    expect(third.frames[0]).toMatchObject({ code: 'EXECUTOR_TAKEN' });
    await second.closed;
    let admitted = false;
    for (let i = 0; i < 20 && !admitted; i++) {
      const next = await welcomed(user.licenseNumber, v2('instance-three', 'USDJPY,H4'));
      admitted = next.frames[0]?.type === 'welcome';
      if (!admitted) await new Promise((resolve) => setTimeout(resolve, 500));
      else next.close();
    }
    expect(admitted).toBe(true);
  }, 30_000);

  it('refuses a second long-poll copy with 409 and a retry time', async () => {
    const user = await createTestUser(t.deps.database.db);
    const body = (instanceId: string, chart: string) => ({
      v: 2,
      licenseNumber: user.licenseNumber,
      platform: 'mt4',
      account: '123456',
      broker: 'Demo-Server',
      instanceId,
      chart,
      waitMs: 0,
    });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/ea/poll',
      payload: body('mt4-first-copy', 'EURUSD,H1'),
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/ea/poll',
      payload: body('mt4-second-copy', 'XAUUSD,M15'),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'EXECUTOR_TAKEN',
      retryAfterMs: executorRetryMs,
    });
    expect(second.json().message).toMatch(/account 123456 .*\(EURUSD,H1\)/);
  });

  it('does not arbitrate v1 EAs, which cannot understand the refusal', async () => {
    const user = await createTestUser(t.deps.database.db);
    const a = await welcomed(user.licenseNumber, {});
    const b = await welcomed(user.licenseNumber, {});
    expect(a.frames[0]).toMatchObject({ type: 'welcome', v: 1 });
    expect(b.frames[0]).toMatchObject({ type: 'welcome', v: 1 });
    a.close();
    b.close();
  });
});

describe('the reference EA (bridge/), two copies on one account', () => {
  it('the second stays idle saying why, trades nothing, and takes over after the first stops', async () => {
    const user = await createTestUser(t.deps.database.db);
    const executed: Record<string, string[]> = { first: [], second: [] };
    const problems: string[] = [];
    const copy = (name: 'first' | 'second', transport: 'ws' | 'poll') =>
      referenceEaClient(t.baseUrl, user.licenseNumber, {
        transport,
        chart: `${name} chart`,
        onProblem: (message) => {
          if (name === 'second') problems.push(message);
        },
        execute: (signal) => {
          executed[name]!.push(signal.id);
          return { status: 'success', ticket: '1', price: 1.1 };
        },
      });
    const first = copy('first', 'ws');
    first.start();
    await expect.poll(() => first.state).toBe('connected');
    const second = copy('second', 'poll');
    second.start();
    await expect.poll(() => problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/already trades account 5012345 .*\(first chart\)/);

    const id = await alert(user.licenseNumber);
    await expect.poll(() => executed.first).toEqual([id]);
    await first.stop();
    // Sent while no copy may trade: it waits for the second, which asks again within 15 s.
    const next = await alert(user.licenseNumber);
    await expect.poll(() => executed.second, { timeout: executorRetryMs + 5000 }).toEqual([next]);
    expect(problems).toHaveLength(1);
    await second.stop();
  }, 40_000);
});

describe('terminal health (protocol v2)', () => {
  it('keeps the problems an EA reports, replaced by each report, for the dashboard', async () => {
    const user = await createTestUser(t.deps.database.db);
    const ea = await welcomed(user.licenseNumber, v2('instance-health', 'EURUSD,H1'));
    ea.send({
      type: 'health',
      issues: [{ code: 'AUTOTRADING_OFF', message: 'AutoTrading is off in the terminal.' }],
    });
    await expect
      .poll(async () => (await terminalsOf(user.id))[0]?.health)
      .toEqual([{ code: 'AUTOTRADING_OFF', message: 'AutoTrading is off in the terminal.' }]);
    ea.send({ type: 'health', issues: [] });
    await expect.poll(async () => (await terminalsOf(user.id))[0]?.health).toEqual([]);

    ea.send({ type: 'health', issues: [{ code: 'NOT_A_CODE', message: 'x' }] });
    const error = await ea.next((f) => f.type === 'error');
    expect(error.message).toMatch(/^issues\.0\.code/);
    ea.close();
  });
});
