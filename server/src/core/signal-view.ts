import type { DisplayStatus, SignalDelivery, SignalView } from '@signalrelay/contracts/signals';
import type { LazySignalEvent } from './live-events.ts';
import type { SignalRow } from './signal-rows.ts';

/**
 * Spec section 4: a test signal the EA processed (or that was stored as failed) shows as
 * test_success; a blocked signal shows as quota_blocked; otherwise the stored status.
 */
export function displayStatusOf(row: Pick<SignalRow, 'status' | 'isTest'>): DisplayStatus {
  if (row.isTest && (row.status === 'success' || row.status === 'failed')) return 'test_success';
  return row.status;
}

/**
 * The signal as the dashboard reads it (spec section 3, plus hop timings, its expiry and the
 * terminal it was delivered to; null while no terminal has it).
 */
export function toSignalView(row: SignalRow, delivery: SignalDelivery | null = null): SignalView {
  const received = row.receivedAt.getTime();
  const delivered = row.deliveredAt?.getTime() ?? null;
  const executed = row.executedAt?.getTime() ?? null;
  return {
    _id: row.id,
    id: row.id,
    symbol: row.symbol,
    position: row.position,
    status: row.status,
    displayStatus: displayStatusOf(row),
    isTest: row.isTest,
    receivedAt: row.receivedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    executedAt: row.executedAt?.toISOString() ?? null,
    timings: {
      deliveryMs: delivered === null ? null : delivered - received,
      executionMs: executed === null ? null : executed - received,
    },
    price: row.price,
    lot: row.lot,
    slpoint: row.slpoint,
    tppoint: row.tppoint,
    trailingStop: row.trailingStop,
    breakEvenPips: row.breakEvenPips,
    riskPercentage: row.riskPercentage,
    expiry: row.expiry,
    side: row.side,
    closePercent: row.closePercent,
    closeOpposite: row.closeOpposite,
    slpips: row.slpips,
    tppips: row.tppips,
    slprice: row.slprice,
    tpprice: row.tpprice,
    tps: row.tps,
    riskAmount: row.riskAmount,
    maxSpread: row.maxSpread,
    deviation: row.deviation,
    comment: row.comment,
    magic: row.magic,
    account: row.account,
    sender: row.senderPlatform,
    senderPlatform: row.senderPlatform,
    platform: row.platform,
    errorMessage: row.errorMessage,
    ticket: row.ticket,
    executedPrice: row.executedPrice,
    executedVolume: row.executedVolume,
    resultMessage: row.resultMessage,
    retcode: row.retcode,
    /** Set on an alert refused for its content: the body as received (first 4 KB). */
    rawBody: row.rawBody,
    rule: row.rule,
    delivery,
  };
}

/**
 * The dashboard's event for a signal, its view built only if a dashboard or the notifier needs
 * it: most signals' acknowledgements and results are seen by neither.
 */
export function signalEvent(
  row: SignalRow,
  delivery: SignalDelivery | null = null,
): LazySignalEvent {
  return Object.assign(() => ({ type: 'signal' as const, signal: toSignalView(row, delivery) }), {
    signal: { status: row.status, isTest: row.isTest },
  });
}
