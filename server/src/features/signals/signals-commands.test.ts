import type { EaClient } from '@signalrelay/bridge/ea-client';
import { createPaperTerminal, type PaperTerminal } from '@signalrelay/bridge/paper-terminal';
import type { ProtocolVersion } from '@signalrelay/contracts/ea-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../../bridge/test/wait.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { helloFrame, openEaSocket } from '../../../test/ea-socket.ts';
import { referenceEaClient } from '../../../test/reference-ea.ts';
import { signedInTestUser } from '../../../test/sessions.ts';
import { historySignal } from '../../../test/signal-history.ts';
import { specSignalFields } from '../../../test/signals.ts';

/**
 * Issue 22's commands end to end: webhook → server → the reference EA (bridge/) speaking v3
 * on a paper terminal → result in the Signal History; older EAs never sent a v3 signal; the
 * account field; a spec alert exactly as before.
 */
let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp({ redis: true, SIGNAL_TTL_MS: 3000 });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const signedInUser = () => signedInTestUser(t, { plan: 'pro' });
type User = Awaited<ReturnType<typeof signedInUser>>;

/** EURUSD fixed at 1.08500 / 1.08512 (12 points of spread), so every level is exact. */
const fixedQuotes = () => ({ bid: 1.085, ask: 1.08512 });

function referenceEa(
  user: User,
  {
    account = '5012345',
    protocol,
    transport = 'ws' as const,
    terminal = createPaperTerminal({ quotes: fixedQuotes }),
  }: {
    account?: string;
    protocol?: ProtocolVersion;
    transport?: 'ws' | 'poll';
    terminal?: PaperTerminal;
  } = {},
): { ea: EaClient; terminal: PaperTerminal } {
  const ea = referenceEaClient(url, user.licenseNumber, {
    transport,
    account,
    ...(protocol ? { protocol } : {}),
    execute: terminal.execute,
    backoff: { initialMs: 100, maxMs: 500 },
  });
  ea.start();
  return { ea, terminal };
}

async function postAlert(user: User, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhook/handleWebhook',
    payload: { licenseNumber: user.licenseNumber, symbol: 'EURUSD', ...body },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Posts an alert and waits for its outcome in the Signal History. */
async function outcome(user: User, body: Record<string, unknown>) {
  const { status, body: reply } = await postAlert(user, body);
  expect(status, JSON.stringify(reply)).toBe(200);
  return until(async () => {
    const signal = await historySignal(t.app, user, reply.signalId);
    return signal && signal.status !== 'pending' && signal;
  }, 8000);
}

const connectedTerminals = (user: User, count = 1) =>
  until(async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/terminals',
      headers: { cookie: user.cookie },
    });
    const { terminals } = res.json() as { terminals: { connected: boolean }[] };
    return terminals.filter((terminal) => terminal.connected).length >= count;
  }, 8000);

describe('the trading command set end to end', { timeout: 60_000 }, () => {
  it('runs every command on a v3 reference EA and shows each result in the history', async () => {
    const user = await signedInUser();
    const { ea, terminal } = referenceEa(user);
    try {
      await connectedTerminals(user);
      const pending = await outcome(user, {
        position: 'Buy Limit',
        price: 1.08,
        lot: 0.1,
        expiry: 60,
        comment: 'grid-1',
      });
      expect(pending).toMatchObject({ status: 'success', position: 'buylimit', price: 1.08 });
      expect(pending).toMatchObject({ expiry: 60, comment: 'grid-1', executedPrice: 1.08 });
      expect(pending.resultMessage).toBe(
        'Placed buy limit 0.10 EURUSD at 1.08000, expires in 60 min.',
      );
      expect(terminal.pendingOrders()).toMatchObject([
        { type: 'buylimit', price: 1.08, comment: 'grid-1' },
      ]);

      const cancel = await outcome(user, { position: 'cancel', side: 'buy' });
      expect(cancel).toMatchObject({ status: 'success', side: 'buy' });
      expect(cancel.resultMessage).toBe('Deleted 1 pending order on EURUSD.');
      expect(terminal.pendingOrders()).toEqual([]);

      const sell = await outcome(user, { position: 'sell', lot: 0.2, slpips: 20 });
      expect(sell).toMatchObject({ status: 'success', slpips: 20, executedVolume: 0.2 });
      expect(terminal.openPositions()).toMatchObject([{ side: 'sell', stopLoss: 1.087 }]);

      const reverse = await outcome(user, { position: 'buy', lot: 0.1, closeOpposite: true });
      expect(reverse).toMatchObject({
        status: 'success',
        closeOpposite: true,
        executedVolume: 0.1,
      });
      expect(reverse.resultMessage).toMatch(
        /^Closed 1 position on EURUSD, profit .+ Then: Bought 0\.10 EURUSD at 1\.08512\.$/,
      );
      expect(terminal.openPositions()).toMatchObject([{ side: 'buy', lots: 0.1 }]);

      const partial = await outcome(user, { position: 'closebuy', closePercent: 50 });
      expect(partial).toMatchObject({ status: 'success', closePercent: 50, executedVolume: 0.05 });
      expect(partial.resultMessage).toMatch(/^Closed 50% of 1 position \(0\.05 lots\) on EURUSD/);
      expect(terminal.openPositions()).toMatchObject([{ side: 'buy', lots: 0.05 }]);

      const modify = await outcome(user, { position: 'modify', slprice: 1.08, tppips: 30 });
      expect(modify).toMatchObject({ status: 'success', slprice: 1.08, tppips: 30 });
      expect(terminal.openPositions()).toMatchObject([{ stopLoss: 1.08, takeProfit: 1.08812 }]);

      const tps = [
        { pips: 10, percent: 50 },
        { pips: 20, percent: 50 },
      ];
      const several = await outcome(user, { position: 'buy', lot: 0.2, tps, breakEvenPips: 5 });
      expect(several).toMatchObject({ status: 'success', tps });
      expect(several.resultMessage).toContain('TP1 1.08612 (0.10), TP2 1.08712 (0.10)');

      const risk = await outcome(user, {
        position: 'sell',
        riskAmount: 50,
        slpoint: 100,
        magic: 7,
      });
      expect(risk).toMatchObject({
        status: 'success',
        riskAmount: 50,
        magic: 7,
        executedVolume: 0.5,
      });

      const spread = await outcome(user, { position: 'buy', lot: 0.1, maxSpread: 5 });
      expect(spread).toMatchObject({ status: 'error', maxSpread: 5 });
      expect(spread.errorMessage).toBe("Spread 12 points is above the alert's maxSpread 5.");
    } finally {
      await ea.stop();
    }
  });

  it('sends a spec-only alert from the old docs exactly as before, to a v1 EA too', async () => {
    const user = await signedInUser();
    const eaSocket = await openEaSocket(url);
    try {
      eaSocket.send(helloFrame(user.licenseNumber));
      await eaSocket.next((f) => f.type === 'welcome');
      const { status, body } = await postAlert(user, {
        position: 'buy',
        lot: 0.1,
        slpoint: 200,
        tppoint: 400,
        platform: 'mt5',
      });
      expect(status).toBe(200);
      expect(body).toEqual({
        ok: true,
        signalId: body.signalId,
        status: 'pending',
        delivered: true,
      });
      const frame = await eaSocket.next((f) => f.type === 'signal');
      expect(Object.keys(frame.signal as object).sort()).toEqual(
        [...specSignalFields, 'ttlMs'].sort(),
      );
      expect(frame.signal).toMatchObject({ position: 'buy', lot: 0.1, slpoint: 200, tppoint: 400 });
    } finally {
      eaSocket.close();
    }
  });

  it('never sends a v3 signal to an older EA: it fails at once, naming the EA and the feature', async () => {
    const user = await signedInUser();
    const { ea } = referenceEa(user, { protocol: 2 });
    try {
      await connectedTerminals(user);
      const { body } = await postAlert(user, { position: 'buylimit', price: 1.08, lot: 0.1 });
      expect(body).toMatchObject({ ok: true, status: 'failed', delivered: false });
      expect((await historySignal(t.app, user, body.signalId))?.errorMessage).toBe(
        'The EA on account 5012345 speaks protocol v2: update the EA to use buylimit',
      );
      const partial = await postAlert(user, { position: 'closebuy', closePercent: 50 });
      expect((await historySignal(t.app, user, partial.body.signalId))?.errorMessage).toBe(
        'The EA on account 5012345 speaks protocol v2: update the EA to use closePercent',
      );
      // The same EA still gets what it can run.
      const plain = await outcome(user, { position: 'buy', lot: 0.1 });
      expect(plain.status).toBe('success');
      expect(ea.counters.signals).toBe(1);
    } finally {
      await ea.stop();
    }
  });

  it('fails a waiting v3 signal when the only EA that comes for it is older', async () => {
    const user = await signedInUser();
    const { body } = await postAlert(user, { position: 'sellstop', price: 1.08, lot: 0.1 });
    expect(body).toMatchObject({ status: 'pending', delivered: false });
    const { ea } = referenceEa(user, { protocol: 1, transport: 'poll', account: '7001' });
    try {
      const failed = await until(async () => {
        const signal = await historySignal(t.app, user, body.signalId);
        return signal?.status === 'failed' && signal;
      }, 8000);
      expect(failed.errorMessage).toBe(
        'The EA on account 7001 speaks protocol v1: update the EA to use sellstop',
      );
      expect(failed.deliveredAt).toBeNull();
      expect(ea.counters.signals).toBe(0);
    } finally {
      await ea.stop();
    }
  });

  it('delivers an alert naming an account only to the terminal logged in to it', async () => {
    const user = await signedInUser();
    const first = referenceEa(user, { account: '111' });
    const second = referenceEa(user, { account: '222' });
    try {
      await connectedTerminals(user, 2);
      const done = await outcome(user, { position: 'buy', lot: 0.1, account: 222 });
      expect(done).toMatchObject({ status: 'success', account: '222' });
      expect(done.delivery?.account).toBe('222');
      expect(second.ea.counters.signals).toBe(1);
      expect(first.ea.counters.signals).toBe(0);
    } finally {
      await Promise.all([first.ea.stop(), second.ea.stop()]);
    }
  });

  it('answers a refused alert with every problem at once: field, value and what is allowed', async () => {
    const user = await signedInUser();
    const { status, body } = await postAlert(user, {
      position: 'buylimit',
      lot: '0,1',
      slpoint: 200,
      slpips: 20,
      closePercent: 50,
    });
    expect(status).toBe(400);
    expect(body.problems).toEqual([
      {
        field: 'lot',
        value: '0,1',
        message: 'must be a plain decimal number such as 0.01, not "0,1"',
      },
      {
        field: 'price',
        message: "must be greater than 0 for buylimit: it is the pending order's entry price",
      },
      {
        field: 'closePercent',
        value: 50,
        message: 'applies to closebuy, closesell, closeall only, not buylimit',
      },
      {
        field: 'slpips',
        value: 20,
        message:
          'cannot be used with slpoint (200): give the stop loss in one unit only (slpoint, slpips, slprice)',
      },
    ]);
    expect(body.message).toBe(
      body.problems
        .map((p: { field: string; message: string }) => `${p.field}: ${p.message}`)
        .join('; '),
    );
  });
});
