import { noRules, type Rules } from '@signalrelay/contracts/rules';
import { describe, expect, it } from 'vitest';
import type { AccountKind } from '../host/broker/account.ts';
import type { EaProcess } from '../host/ea-process.ts';
import { putRules, terminalList } from './lib/api.ts';
import { buyLimitAtBroker, pendingAtBroker } from './lib/broker-trades.ts';
import { reconnectTimeoutMs, scenarioFile } from './lib/scenario-file.ts';
import { eurusd, manualTrade, openTrades, relayMagic, trade } from './lib/trading.ts';
import { connected, type World } from './lib/world.ts';

// The account rules the EA enforces (ea/PROTOCOL.md, "Rules"), saved through the dashboard's
// API and carried to the real EA: on MT5 in a rules frame over the WebSocket, on MT4 in the
// reply to a long-poll whose rulesId is not the server's. Each refusal is kept in the Signal
// History with the rule and its numbers, and nothing reaches the broker.
const kinds: AccountKind[] = ['mt5-hedging', 'mt5-netting', 'mt4'];
const file = scenarioFile(kinds);

/** Saves the user's rules (every other rule off) and waits until the EA says it holds them. */
async function saveRules(w: World, ea: EaProcess, rules: Partial<Rules>, heard: RegExp) {
  const from = ea.journal.length;
  await putRules(w.server, w.trader, { ...noRules, ...rules });
  await ea.waitForJournal(heard, { from, timeoutMs: 15_000 });
}

/** The trade server's clock moves to just after its next midnight (and quotes it). */
function nextBrokerDay(w: World) {
  const clock = w.broker.clock;
  const day = 86_400_000;
  clock.shift(day - (clock.serverMs(clock.utcMs()) % day) + 2_000);
  // MT4's server time is the time of the last quote.
  w.broker.move('EURUSD', 0);
}

const health = async (w: World) => (await terminalList(w.server, w.trader))[0]?.health;

describe.each(kinds)('%s', (kind) => {
  const start = () => file.relayWorld(kind);

  it("maxLot of the account's own rules: a lot above it, given or sized from risk, is refused with the numbers; one at it opens", async () => {
    const { w, ea } = await start();
    // The user's maximum is off and this account's is 1: intake lets the lot through (another
    // account may trade it), the EA checks its own.
    const accounts = { [String(w.account.login)]: { maxLot: 1 } };
    await saveRules(w, ea, { accounts }, /account rules \w+: max lot 1\.00$/);

    const given = await trade(w, ea, eurusd('buy', { lot: 5 }));
    expect(given.row).toMatchObject({
      status: 'error',
      errorMessage: 'Lot 5.00 is above your maximum 1.00 (rule: max lot)',
      rule: 'maxLot',
    });
    // 2% of 10,000 at a 100-point stop on EURUSD (1 USD a point per lot) is 2 lots.
    const sized = await trade(w, ea, eurusd('sell', { riskPercentage: 2, slpoint: 100 }));
    expect(sized.row).toMatchObject({
      errorMessage: 'Lot 2.00 is above your maximum 1.00 (rule: max lot)',
      rule: 'maxLot',
    });
    expect(openTrades(w.account)).toEqual([]);

    const atMax = await trade(w, ea, eurusd('buy', { lot: 1 }));
    expect(atMax.row.status).toBe('success');
    expect(openTrades(w.account)).toMatchObject([{ symbol: 'EURUSD', volume: 1 }]);
  });

  it("maxOpenPositions: counts this EA's positions over every symbol, not the trader's own nor pending orders; a close passes and frees a place", async () => {
    const { w, ea } = await start();
    manualTrade(w, 'USOIL', 'buy', 0.1);
    // A pending order of this EA is not a position.
    buyLimitAtBroker(w, { symbol: 'USDJPY', volume: 0.1, price: 150, magic: relayMagic });
    await saveRules(w, ea, { maxOpenPositions: 2 }, /account rules \w+: max open positions 2$/);
    for (const symbol of ['EURUSD', 'GBPUSD'])
      expect((await trade(w, ea, { symbol, position: 'buy', lot: 0.1 })).row.status).toBe(
        'success',
      );

    const third = await trade(w, ea, { symbol: 'USDJPY', position: 'buy', lot: 0.1 });
    expect(third.row).toMatchObject({
      status: 'error',
      errorMessage: '2 positions of this EA are open, your maximum is 2 (rule: max open positions)',
      rule: 'maxOpenPositions',
    });
    expect(openTrades(w.account).map((t) => t.symbol)).toEqual(['USOIL', 'EURUSD', 'GBPUSD']);

    expect((await trade(w, ea, { symbol: 'GBPUSD', position: 'closebuy' })).row.status).toBe(
      'success',
    );
    expect((await trade(w, ea, { symbol: 'USDJPY', position: 'buy', lot: 0.1 })).row.status).toBe(
      'success',
    );
    expect(openTrades(w.account).map((t) => t.symbol)).toEqual(['USOIL', 'EURUSD', 'USDJPY']);
  });

  it("maxDailyLoss with closeAll: equity down by the amount closes the EA's positions once, refuses openings and tells the dashboard, until the broker's next day", async () => {
    const { w, ea } = await start();
    await saveRules(
      w,
      ea,
      { maxDailyLoss: { amount: 100, percent: 0, closeAll: true } },
      /account rules \w+: max daily loss 100\.00 USD, then close everything$/,
    );
    expect((await trade(w, ea, eurusd('buy', { lot: 1 }))).row.status).toBe('success');
    const own = manualTrade(w, 'USOIL', 'buy', 0.1);
    // A buy limit of this EA (its magic) waiting on GBPUSD, and the trader's own on EURUSD.
    buyLimitAtBroker(w, { symbol: 'GBPUSD', volume: 0.1, price: 1.24, magic: relayMagic });
    const ownLimit = buyLimitAtBroker(w, { symbol: 'EURUSD', volume: 0.1, price: 1.09, magic: 0 });

    // Bought at 1.10002, the bid falls to 1.09850: 152 USD down on 1 lot, and the trader's own
    // USOIL is 3 USD down (its spread): equity is 155 USD below the day's start.
    w.broker.move('EURUSD', -150);
    await ea.waitForJournal(
      /Daily loss 155\.00 USD reached your maximum 100\.00 USD: new positions are refused/,
    );
    await ea.waitForJournal(
      /daily loss reached: closed 1 position\(s\) and deleted 1 pending order\(s\) of this EA/,
    );
    // The trader's own trades stay; the EA's loss is realised in the balance.
    expect(openTrades(w.account).map((t) => t.ticket)).toEqual([own]);
    expect(pendingAtBroker(w).map((o) => o.ticket)).toEqual([ownLimit]);
    expect(w.account.balance).toBe(9848);
    await expect
      .poll(() => health(w), { timeout: 10_000 })
      .toEqual([
        {
          code: 'DAILY_LOSS_REACHED',
          message:
            "Daily loss 155.00 USD reached your maximum 100.00 USD: new positions are refused until the broker's midnight; this EA's positions were closed",
        },
      ]);

    const refused = await trade(w, ea, { symbol: 'GBPUSD', position: 'sell', lot: 0.1 });
    expect(refused.row).toMatchObject({
      status: 'error',
      errorMessage:
        "Daily loss 155.00 USD reached your maximum 100.00 USD: no new positions until the broker's midnight (rule: max daily loss)",
      rule: 'maxDailyLoss',
    });
    // Closing signals always pass.
    expect((await trade(w, ea, { position: 'closeall' })).row.status).toBe('success');
    expect(ea.lines(/daily loss reached: closed/)).toHaveLength(1);

    nextBrokerDay(w);
    await ea.waitForJournal(
      /a new trading day starts with the balance 9848\.00 USD: the daily loss limit of yesterday no longer holds/,
    );
    await expect.poll(() => health(w), { timeout: 10_000 }).toEqual([]);
    expect((await trade(w, ea, { symbol: 'GBPUSD', position: 'sell', lot: 0.1 })).row.status).toBe(
      'success',
    );
  });

  it(
    'maxDailyLoss in percent: the lock outlives a terminal restart with equity recovered, and lifts when the rule is removed',
    async () => {
      const { w, ea } = await start();
      await saveRules(
        w,
        ea,
        { maxDailyLoss: { amount: 0, percent: 1, closeAll: false } },
        /account rules \w+: max daily loss 1%$/,
      );
      expect((await trade(w, ea, eurusd('buy', { lot: 1 }))).row.status).toBe('success');
      w.broker.move('EURUSD', -120);
      const locked =
        /Daily loss 122\.00 USD reached your maximum 100\.00 USD \(1% of the day's starting balance 10000\.00 USD\)/;
      await ea.waitForJournal(locked);
      // Without closeAll the position stays open.
      expect(openTrades(w.account)).toHaveLength(1);

      await w.terminal.crash();
      w.broker.move('EURUSD', 120);
      // A long-poll copy waits until the server lets go of the old one's hold.
      const again = await w.relay();
      await again.waitForJournal(connected, { timeoutMs: 40_000 });
      expect(
        again.lines(/account rules as last received \(\w+\): max daily loss 1%$/),
      ).toHaveLength(1);
      const refused = await trade(w, again, eurusd('buy', { lot: 0.1 }));
      expect(refused.row.errorMessage).toMatch(locked);
      expect(refused.row.errorMessage).toMatch(/\(rule: max daily loss\)$/);

      await saveRules(w, again, {}, /the daily loss rule changed: openings allowed again/);
      expect(
        (await trade(w, again, { symbol: 'GBPUSD', position: 'buy', lot: 0.1 })).row.status,
      ).toBe('success');
      expect(openTrades(w.account)).toHaveLength(2);
    },
    reconnectTimeoutMs,
  );
});
