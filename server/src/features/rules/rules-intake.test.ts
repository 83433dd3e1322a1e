import { createEaClient } from '@signalrelay/bridge/ea-client';
import { createPaperTerminal } from '@signalrelay/bridge/paper-terminal';
import type { Signal } from '@signalrelay/contracts/ea-protocol';
import { noRules } from '@signalrelay/contracts/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { type FakeServer, startWebhookReceiver } from '../../../test/notify-fakes.ts';
import { signedInTestUser } from '../../../test/sessions.ts';
import { signals } from '../../db/schema/signals.ts';

const webhookSecret = 'whsec_rules_0123456789abcdef';
/** The app's clock runs at real speed from a moment the test picks (trading hours). */
let offsetMs = 0;
let t: TestApp;
let baseUrl: string;
let receiver: FakeServer;

beforeAll(async () => {
  receiver = await startWebhookReceiver(webhookSecret);
  t = await createTestApp({ now: () => Date.now() + offsetMs, NOTIFY_ALLOW_PRIVATE_URLS: true });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const clients: { stop(): Promise<void> }[] = [];
afterAll(() => Promise.all(clients.map((c) => c.stop())));

/** A user with these rules and a reference EA (paper terminal) connected over WebSocket. */
async function traderWith(rules: Record<string, unknown>) {
  const { cookie, ...user } = await signedInTestUser(t);
  const headers = { cookie, origin: t.deps.config.publicUrl };
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/rules',
    headers,
    payload: { ...noRules, ...rules },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const received: Signal[] = [];
  const paper = createPaperTerminal({ suffix: '.m' });
  const ea = createEaClient({
    server: baseUrl,
    transport: 'ws',
    licenseNumber: user.licenseNumber,
    platform: 'mt5',
    account: '5012345',
    broker: 'Paper',
    execute: (signal) => paper.execute(signal),
    onSignal: (signal) => received.push(signal),
  });
  clients.push(ea);
  ea.start();
  await expect.poll(() => ea.state).toBe('connected');
  const alert = (fields: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhook/handleWebhook',
      payload: { licenseNumber: user.licenseNumber, symbol: 'EURUSD', lot: 0.1, ...fields },
    });
  return { ...user, headers, paper, received, alert };
}

async function rowOf(id: string) {
  const [row] = await t.deps.database.db.select().from(signals).where(eq(signals.id, id));
  return row!;
}

/** A refused alert: 403 RULE_REFUSED with the message, kept as `error`, never sent. */
async function expectStopped(
  res: Awaited<ReturnType<Awaited<ReturnType<typeof traderWith>>['alert']>>,
  rule: string,
  message: string,
) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toMatchObject({ code: 'RULE_REFUSED', message, rule });
  const row = await rowOf(res.json().signalId);
  expect(row).toMatchObject({ status: 'error', errorMessage: message, rule, deliveredAt: null });
  return row;
}

describe('rules enforced at intake, with a real EA connected', () => {
  it('symbol map: GOLD reaches the EA as XAUUSD, which it resolves to XAUUSD.m', async () => {
    const trader = await traderWith({ symbolMap: { GOLD: 'XAUUSD', US30: 'DJ30' } });
    const res = await trader.alert({ symbol: 'gold', position: 'buy', lot: 0.1 });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => trader.paper.openPositions().length).toBe(1);
    expect(trader.received[0]).toMatchObject({ symbol: 'XAUUSD', position: 'buy' });
    expect(trader.paper.openPositions()[0]).toMatchObject({ symbol: 'XAUUSD.m', lots: 0.1 });
    expect((await rowOf(res.json().signalId)).symbol).toBe('XAUUSD');

    // Closes are mapped too.
    expect((await trader.alert({ symbol: 'GOLD', position: 'closebuy' })).statusCode).toBe(200);
    await expect.poll(() => trader.paper.openPositions().length).toBe(0);
    expect(trader.received[1]).toMatchObject({ symbol: 'XAUUSD', position: 'closebuy' });
  });

  it('allowed symbols: another symbol is refused and kept, a close of it still passes', async () => {
    const trader = await traderWith({ allowedSymbols: ['EURUSD', 'XAUUSD'] });
    await expectStopped(
      await trader.alert({ symbol: 'GBPUSD', position: 'buy' }),
      'allowedSymbols',
      'GBPUSD is not one of your allowed symbols (EURUSD, XAUUSD) (rule: allowed symbols).',
    );
    expect((await trader.alert({ symbol: 'EURUSD', position: 'buy' })).statusCode).toBe(200);
    expect((await trader.alert({ symbol: 'GBPUSD', position: 'closesell' })).statusCode).toBe(200);
    await expect.poll(() => trader.received.length).toBe(2);
    expect(trader.received.map((s) => `${s.position} ${s.symbol}`)).toEqual([
      'buy EURUSD',
      'closesell GBPUSD',
    ]);
  });

  it('trading hours: an opening outside them is refused, a close passes, inside trades', async () => {
    const hours = { timeZone: 'America/New_York', days: ['mon', 'tue', 'wed', 'thu', 'fri'] };
    const trader = await traderWith({ tradingHours: { ...hours, from: '09:30', to: '16:00' } });
    offsetMs = Date.parse('2026-11-28T15:00:00Z') - Date.now(); // Saturday 10:00 in New York
    try {
      await expectStopped(
        await trader.alert({ position: 'sell' }),
        'tradingHours',
        'sat 10:00 in America/New_York is outside your trading hours (mon, tue, wed, thu, fri 09:30–16:00) (rule: trading hours).',
      );
      expect((await trader.alert({ position: 'closeall', symbol: '' })).statusCode).toBe(200);
      offsetMs = Date.parse('2026-11-30T14:31:00Z') - Date.now(); // Monday 09:31 in New York
      expect((await trader.alert({ position: 'sell' })).statusCode).toBe(200);
      await expect.poll(() => trader.paper.openPositions().length).toBe(1);
      expect(trader.received.map((s) => s.position)).toEqual(['closeall', 'sell']);
    } finally {
      offsetMs = 0;
    }
  });

  it("max lot: the alert's lot above it is refused; a lot from risk is left to the EA", async () => {
    const trader = await traderWith({ maxLot: 1 });
    await expectStopped(
      await trader.alert({ position: 'buy', lot: 5 }),
      'maxLot',
      'Lot 5.00 is above your maximum 1.00 (rule: max lot).',
    );
    expect((await trader.alert({ position: 'buy', lot: 1 })).statusCode).toBe(200);
    const risk = await trader.alert({ position: 'buy', lot: 5, riskPercentage: 1, slpoint: 200 });
    expect(risk.statusCode).toBe(200);
    await expect.poll(() => trader.paper.openPositions().length).toBe(2);
    expect(trader.received.map((s) => s.lot)).toEqual([1, 5]);
  });

  it('max lot: an account override that allows more keeps the server from refusing', async () => {
    const trader = await traderWith({ maxLot: 1, accounts: { '5012345': { maxLot: 3 } } });
    expect((await trader.alert({ position: 'buy', lot: 2 })).statusCode).toBe(200);
    await expectStopped(
      await trader.alert({ position: 'buy', lot: 4 }),
      'maxLot',
      'Lot 4.00 is above your maximum 3.00 (rule: max lot).',
    );
  });

  it('max daily trades: the third opening of the day is refused; closes and tests do not count', async () => {
    const trader = await traderWith({ maxDailyTrades: 2 });
    expect((await trader.alert({ position: 'buy' })).statusCode).toBe(200);
    expect((await trader.alert({ position: 'buy', isTest: true })).statusCode).toBe(200);
    expect((await trader.alert({ position: 'closebuy' })).statusCode).toBe(200);
    expect((await trader.alert({ position: 'sell' })).statusCode).toBe(200);
    const day = new Date(Date.now()).toISOString().slice(0, 10);
    await expectStopped(
      await trader.alert({ position: 'sell' }),
      'maxDailyTrades',
      `Trade 3 of ${day} is above your maximum 2 a day (rule: max daily trades).`,
    );
    await expect.poll(() => trader.received.length).toBe(4);
    expect(trader.received.map((s) => s.position)).toEqual(['buy', 'buy', 'closebuy', 'sell']);
  });

  it('a stopped signal fires the "rule triggered" notification, not "signal failed"', async () => {
    const trader = await traderWith({ maxLot: 1 });
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications',
      headers: trader.headers,
      payload: {
        events: ['rule_triggered', 'signal_failed'],
        eaOfflineMinutes: 5,
        email: { enabled: false },
        telegram: { enabled: false, chatId: '' },
        discord: { enabled: false, webhookUrl: '' },
        webhook: {
          enabled: true,
          url: `${receiver.url}/rules/${trader.id}`,
          secret: webhookSecret,
        },
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const res = await trader.alert({ position: 'buy', lot: 2, symbol: 'XAUUSD' });
    expect(res.statusCode).toBe(403);
    const hook = await receiver.waitFor((r) => r.path === `/rules/${trader.id}`);
    expect(hook.verified).toBe(true);
    expect(JSON.parse(hook.raw)).toMatchObject({
      event: 'rule_triggered',
      title: 'Rule stopped a signal: BUY XAUUSD',
      data: {
        signalId: res.json().signalId,
        rule: 'maxLot',
        errorMessage: 'Lot 2.00 is above your maximum 1.00 (rule: max lot).',
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.attempts.filter((r) => r.path === `/rules/${trader.id}`)).toHaveLength(1);
  });
});
