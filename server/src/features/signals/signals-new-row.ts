import type { WebhookAlert } from '@signalrelay/contracts/signals';
import { type NewSignal, v3FeatureOfRow } from '../../core/signal-rows.ts';

/**
 * Step 5 of intake: the row an alert becomes, stored as `quota_blocked` when the quota refused
 * it. An alert that uses a v3 field needs an EA that speaks v3 (`minProtocol`).
 */
export function newSignal(
  userId: string,
  alert: WebhookAlert,
  blocked: boolean,
  at: number,
  ttlMs: number,
): NewSignal {
  const values: NewSignal = {
    userId,
    symbol: alert.symbol,
    position: alert.position,
    lot: alert.lot,
    price: alert.price,
    slpoint: alert.slpoint,
    tppoint: alert.tppoint,
    trailingStop: alert.trailingStop,
    breakEvenPips: alert.breakEvenPips,
    riskPercentage: alert.riskPercentage,
    expiry: alert.expiry,
    side: alert.side ?? null,
    closePercent: alert.closePercent ?? 0,
    closeOpposite: alert.closeOpposite,
    slpips: alert.slpips,
    tppips: alert.tppips,
    slprice: alert.slprice,
    tpprice: alert.tpprice,
    tps: alert.tps ?? [],
    riskAmount: alert.riskAmount,
    maxSpread: alert.maxSpread,
    deviation: alert.deviation,
    comment: alert.comment ?? null,
    magic: alert.magic,
    account: alert.account ?? null,
    isTest: alert.isTest,
    senderPlatform: alert.senderPlatform ?? null,
    platform: alert.platform ?? null,
    status: blocked ? 'quota_blocked' : 'pending',
    alertId: alert.alertId ?? null,
    receivedAt: new Date(at),
    expiresAt: new Date(at + ttlMs),
    minProtocol: 1,
  };
  if (v3FeatureOfRow(values)) values.minProtocol = 3;
  return values;
}
