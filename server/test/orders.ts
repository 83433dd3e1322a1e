import type { PaperPosition, PaperTerminal } from '@signalrelay/bridge/paper-terminal';
import type { ReportedOrder } from '@signalrelay/contracts/ea-protocol';
import type { FastifyInstance } from 'fastify';

const minute = 60_000;

/** A valid closed EURUSD buy as the OrderTracker reports it; `overrides` change any field. */
export function reportedOrder(
  ticket: number | string,
  overrides: Partial<Record<keyof ReportedOrder, unknown>> = {},
): Record<string, unknown> {
  const openTime = Date.now() - 120 * minute;
  return {
    ticket: String(ticket),
    symbol: 'EURUSD',
    orderType: 'buy',
    lots: 0.1,
    openPrice: 1.0831,
    closePrice: 1.0842,
    stopLoss: 0,
    takeProfit: 0,
    profit: 11,
    commission: -0.7,
    swap: 0,
    magicNumber: 0,
    comment: '',
    status: 'closed',
    openTime,
    closeTime: openTime + 60 * minute,
    ...overrides,
  };
}

/** `POST /api/orders/report` for a terminal of `licenseNumber` (mt5, account 5012345 by default). */
export function reportOrders(
  app: FastifyInstance,
  licenseNumber: string,
  orders: unknown[],
  terminal: { platform?: string; account?: string; broker?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/orders/report',
    payload: {
      v: 1,
      licenseNumber,
      platform: terminal.platform ?? 'mt5',
      account: terminal.account ?? '5012345',
      broker: terminal.broker ?? 'MetaQuotes-Demo',
      orders,
    },
  });
}

/**
 * What an OrderTracker would report for the reference EA's paper terminal: one row per open
 * and per closed position (the paper terminal charges no commission or swap, and its open
 * positions carry no floating profit).
 */
export function paperTerminalOrders(terminal: PaperTerminal): Record<string, unknown>[] {
  const common = (p: PaperPosition) => ({
    ticket: p.ticket,
    symbol: p.symbol,
    orderType: p.side,
    lots: p.lots,
    openPrice: p.openPrice,
    stopLoss: p.stopLoss,
    takeProfit: p.takeProfit,
    magicNumber: p.magic,
    comment: p.comment,
    openTime: p.openTime,
    commission: 0,
    swap: 0,
  });
  return [
    ...terminal.openPositions().map((p) => ({ ...common(p), status: 'open', profit: 0 })),
    ...terminal.closedPositions().map((p) => ({
      ...common(p),
      status: 'closed',
      profit: p.profit,
      closePrice: p.closePrice,
      closeTime: p.closeTime,
    })),
  ];
}
