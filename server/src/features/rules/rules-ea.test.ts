import { createEaClient, type EaClient } from '@signalrelay/bridge/ea-client';
import { createRuleKeeper } from '@signalrelay/bridge/paper-rules';
import { createPaperTerminal } from '@signalrelay/bridge/paper-terminal';
import { noRules } from '@signalrelay/contracts/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { type FakeServer, startWebhookReceiver } from '../../../test/notify-fakes.ts';
import { signedInTestUser } from '../../../test/sessions.ts';
import { signals, terminals } from '../../db/schema/signals.ts';

const webhookSecret = 'whsec_rules_ea_0123456789abcdef';
let t: TestApp;
let baseUrl: string;
let receiver: FakeServer;
beforeAll(async () => {
  receiver = await startWebhookReceiver(webhookSecret);
  t = await createTestApp({ NOTIFY_ALLOW_PRIVATE_URLS: true });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
const stops: (() => unknown)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
  await t?.close();
  await receiver?.close();
});

/**
 * A user with these rules and a v3 reference EA whose paper terminal enforces the rules the
 * server sends it, on a market whose EURUSD bid the test sets (1.08500 to start).
 */
async function traderWith(rules: Record<string, unknown>, transport: 'ws' | 'poll' = 'ws') {
  const { cookie, ...user } = await signedInTestUser(t);
  const save = async (next: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/rules',
      headers: { cookie, origin: t.deps.config.publicUrl },
      payload: { ...noRules, ...next },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  await save(rules);
  const market = { bid: 1.085 };
  const paper = createPaperTerminal({
    balance: 10_000,
    quotes: (spec) => ({ bid: market.bid, ask: Number((market.bid + 12 * spec.point).toFixed(5)) }),
  });
  let client: EaClient | undefined;
  const keeper = createRuleKeeper(paper, { onHealth: (issues) => client?.reportHealth(issues) });
  const rulesSeen: unknown[] = [];
  client = createEaClient({
    server: baseUrl,
    transport,
    protocol: 3,
    licenseNumber: user.licenseNumber,
    platform: 'mt5',
    account: '5012345',
    broker: 'Paper',
    execute: keeper.guard(paper.execute),
    onRules: ({ rules: next }) => {
      rulesSeen.push(next);
      keeper.set(next);
    },
  });
  const ticking = setInterval(() => keeper.watch(), 50); // the terminal's ticks
  stops.push(
    () => clearInterval(ticking),
    () => client.stop(),
  );
  client.start();
  await expect.poll(() => client.state).toBe('connected');
  await expect.poll(() => rulesSeen.length).toBeGreaterThan(0);
  const alert = async (fields: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhook/handleWebhook',
      payload: { licenseNumber: user.licenseNumber, symbol: 'EURUSD', lot: 0.1, ...fields },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id: string = res.json().signalId;
    await expect.poll(async () => (await rowOf(id)).status).not.toBe('pending');
    return rowOf(id);
  };
  /** "Rule triggered" on the signed webhook, to this user's own path of the receiver. */
  const notifyMe = async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications',
      headers: { cookie, origin: t.deps.config.publicUrl },
      payload: {
        events: ['rule_triggered'],
        eaOfflineMinutes: 5,
        email: { enabled: false },
        telegram: { enabled: false, chatId: '' },
        discord: { enabled: false, webhookUrl: '' },
        webhook: { enabled: true, url: `${receiver.url}/ea/${user.id}`, secret: webhookSecret },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  return { ...user, save, paper, market, keeper, rulesSeen, alert, notifyMe };
}

async function rowOf(id: string) {
  const [row] = await t.deps.database.db.select().from(signals).where(eq(signals.id, id));
  return row!;
}

describe('rules the reference EA enforces (v3), with real alerts', () => {
  it('max lot: a lot computed from the risk above it is refused by the EA, naming the rule', async () => {
    const trader = await traderWith({ maxLot: 0.5 });
    await trader.notifyMe();
    // 1% of 10,000 over a 100-point stop on EURUSD (1 USD a point a lot) is 1 lot.
    const refused = await trader.alert({ position: 'buy', riskPercentage: 1, slpoint: 100 });
    expect(refused).toMatchObject({
      status: 'error',
      rule: 'maxLot',
      errorMessage: 'Lot 1.00 is above your maximum 0.50 (rule: max lot).',
    });
    // The EA's refusal names its rule: "rule triggered" is sent, as for an intake refusal.
    const hook = await receiver.waitFor((r) => r.path === `/ea/${trader.id}`);
    expect(JSON.parse(hook.raw)).toMatchObject({
      event: 'rule_triggered',
      data: { signalId: refused.id, rule: 'maxLot' },
    });
    const passed = await trader.alert({ position: 'buy', riskPercentage: 0.5, slpoint: 100 });
    expect(passed).toMatchObject({ status: 'success', executedVolume: 0.5, rule: null });
    expect(trader.paper.openPositions()).toHaveLength(1);
  });

  it('max open positions: the opening past it is refused, a close passes; a change is re-read', async () => {
    const trader = await traderWith({ maxOpenPositions: 2 });
    expect((await trader.alert({ position: 'buy' })).status).toBe('success');
    expect((await trader.alert({ position: 'sell' })).status).toBe('success');
    expect(await trader.alert({ position: 'buy' })).toMatchObject({
      status: 'error',
      rule: 'maxOpenPositions',
      errorMessage: '2 open positions reach your maximum 2 (rule: max open positions).',
    });
    expect((await trader.alert({ position: 'closesell' })).status).toBe('success');
    expect((await trader.alert({ position: 'buy' })).status).toBe('success');

    // The rules change on the dashboard: the EA hears of it and applies the new maximum.
    await trader.save({ maxOpenPositions: 3 });
    await expect.poll(() => trader.rulesSeen.at(-1)).toEqual({ maxOpenPositions: 3 });
    expect((await trader.alert({ position: 'buy' })).status).toBe('success');
    expect(trader.paper.openPositions()).toHaveLength(3);
  });

  it('max daily loss with close all: positions closed, DAILY_LOSS_REACHED shown, openings refused', async () => {
    const trader = await traderWith({
      maxDailyLoss: { amount: 100, percent: 0, closeAll: true },
    });
    expect((await trader.alert({ position: 'buy', lot: 1 })).status).toBe('success');
    expect((await trader.alert({ position: 'buy', lot: 0.5 })).status).toBe('success');
    // The market falls 100 points: 1.5 lots lose 150 USD, past the 100 USD maximum.
    trader.market.bid = 1.084;
    await expect.poll(() => trader.paper.openPositions().length).toBe(0);
    expect(trader.paper.balance).toBeLessThan(9_900);

    const healthOf = async () => {
      const [row] = await t.deps.database.db
        .select({ health: terminals.health })
        .from(terminals)
        .where(eq(terminals.userId, trader.id));
      return row?.health ?? [];
    };
    await expect.poll(healthOf).toEqual([
      {
        code: 'DAILY_LOSS_REACHED',
        message: expect.stringMatching(
          /^Daily loss 1\d\d\.\d\d USD reached your maximum 100\.00 USD \(day started at 10000\.00 USD\); closed 2 positions\. New positions are refused until the next day\.$/,
        ),
      },
    ]);

    const refused = await trader.alert({ position: 'sell', lot: 0.1 });
    expect(refused).toMatchObject({ status: 'error', rule: 'maxDailyLoss' });
    expect(refused.errorMessage).toMatch(
      /^Daily loss .* reached your maximum 100\.00 USD .*\(rule: max daily loss\)\.$/,
    );
    expect(trader.paper.openPositions()).toHaveLength(0);
  });

  it('long-poll: the rules reach an EA polling with rulesId, and it enforces them', async () => {
    const trader = await traderWith({ maxLot: 0.2 }, 'poll');
    expect(trader.rulesSeen).toEqual([{ maxLot: 0.2 }]);
    expect(await trader.alert({ position: 'sell', riskPercentage: 1, slpoint: 200 })).toMatchObject(
      {
        status: 'error',
        rule: 'maxLot',
        errorMessage: 'Lot 0.50 is above your maximum 0.20 (rule: max lot).',
      },
    );
  });
});
