import { describe, expect, it } from 'vitest';
import { until } from '../../../bridge/test/wait.ts';
import type { AccountKind } from '../host/broker/account.ts';
import { orderHistory } from './lib/api.ts';
import { closeAtBroker, openAtBroker } from './lib/broker-trades.ts';
import { reconnectTimeoutMs, scenarioFile } from './lib/scenario-file.ts';
import { expectedRows } from './lib/tracker-oracle.ts';
import type { World } from './lib/world.ts';

/**
 * OrderTracker: the Order History must match the broker's books, with partial closes,
 * commissions, trades from the other DST season, and a position opened more than 90 days ago
 * that is still open and closes now (issue 18: "positions older than 90 days are still
 * reported when they close").
 */
const day = 86_400_000;
const file = scenarioFile(['mt5-hedging', 'mt4']);

/** Books the history: returns the position (MT5 id / MT4 ticket) opened 120 days ago, still open. */
function bookHistory(w: World): number {
  const { broker } = w;
  const now = broker.clock.utcMs();
  for (const s of ['EURUSD', 'GBPUSD']) broker.symbol(s).commissionPerLot = 3.5;
  const at = <T>(daysAgo: number, fn: () => T) => broker.clock.during(now - daysAgo * day, fn);
  // Opened and closed long ago: outside the 90 days, never reported.
  const ancient = at(200, () => openAtBroker(w, { symbol: 'GBPUSD', side: 'buy', volume: 0.1 }));
  at(150, () => closeAtBroker(w, ancient, 0.1));
  // Opened 120 days ago (New York summer time), a third closed 100 days ago, the rest still open.
  const old = at(120, () =>
    openAtBroker(w, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: 0.3,
      magic: 7301017,
      comment: 'SignalRelay 0a1b2c3d4e5f',
    }),
  );
  at(100, () => {
    broker.setPrice('EURUSD', 1.105, 1.10502);
    closeAtBroker(w, old, 0.1);
  });
  // Opened 10 days ago, closed in two parts 5 and 4 days ago.
  const recent = at(10, () => openAtBroker(w, { symbol: 'GBPUSD', side: 'sell', volume: 0.2 }));
  at(5, () => {
    broker.setPrice('GBPUSD', 1.248, 1.24803);
    closeAtBroker(w, recent, 0.1);
  });
  at(4, () => {
    broker.setPrice('GBPUSD', 1.246, 1.24603);
    closeAtBroker(
      w,
      w.account.kind === 'mt4'
        ? w.account.openMt4Orders().find((o) => o.symbol === 'GBPUSD')!.ticket
        : recent,
      0.1,
    );
  });
  broker.setPrice('EURUSD', 1.108, 1.10802);
  broker.setPrice('GBPUSD', 1.25, 1.25003);
  return w.account.kind === 'mt4' ? w.account.openMt4Orders()[0]!.ticket : old;
}

const reported = async (w: World) =>
  (await orderHistory(file.server(), w.trader))
    .map(
      ({
        ticket,
        symbol,
        orderType,
        lots,
        openPrice,
        closePrice,
        profit,
        commission,
        magicNumber,
        comment,
        status,
        openTime,
        closeTime,
      }) => ({
        ...{ ticket, symbol, orderType, lots, openPrice, closePrice, profit, commission },
        ...{ magicNumber, comment, status, openTime, closeTime },
      }),
    )
    .sort((a, b) => Number(a.ticket) - Number(b.ticket));

describe.each<AccountKind>(['mt5-hedging', 'mt4'])('OrderTracker on %s', (kind) => {
  it(
    'reports the last 90 days as the broker booked them, and the old position when it closes',
    async () => {
      const w = await file.world(kind);
      const old = bookHistory(w);
      const tracker = await w.tracker();
      const first = await tracker.waitForJournal(/reported (\d+) order\(s\) of the last 90 days/, {
        timeoutMs: 15_000,
      });
      const expected = expectedRows(w.broker, w.account);
      expect(first.text).toContain(`reported ${expected.length} order(s)`);
      expect(await reported(w)).toEqual(expected);

      w.broker.setPrice('EURUSD', 1.11, 1.11002);
      closeAtBroker(w, old, 0.2);
      await tracker.waitForJournal(/reported \d+ changed order\(s\)/, { timeoutMs: 15_000 });
      const after = expectedRows(w.broker, w.account);
      expect(after.find((r) => r.ticket === String(old))).toMatchObject({ status: 'closed' });
      const rows = await until(
        async () => {
          const r = await reported(w);
          return r.find((x) => x.ticket === String(old))?.status === 'closed' && r;
        },
        5000,
        'the old position closed in the Order History',
      );
      expect(rows).toEqual(after);
    },
    reconnectTimeoutMs,
  );
});
