/** Signals as the server's own tests build them: one fixture, overridden where a test needs. */
import { type NewSignal, noCommands } from '../src/core/signal-rows.ts';

/** The fields of a spec (v1) signal an EA is sent, in the protocol's order; ttlMs comes last. */
export const specSignalFields = [
  'id',
  'symbol',
  'position',
  'lot',
  'slpoint',
  'tppoint',
  'trailingStop',
  'breakEvenPips',
  'riskPercentage',
  'isTest',
  'receivedAt',
] as const;

/** A pending spec-only signal as intake stores it, received now and living 30 s. */
export function newSignal(userId: string, overrides: Partial<NewSignal> = {}): NewSignal {
  const receivedAt = overrides.receivedAt ?? new Date();
  return {
    userId,
    symbol: 'EURUSD',
    position: 'buy',
    lot: 0.1,
    price: 0,
    slpoint: 0,
    tppoint: 0,
    trailingStop: 0,
    breakEvenPips: 0,
    riskPercentage: 0,
    ...noCommands,
    isTest: false,
    senderPlatform: null,
    platform: null,
    status: 'pending',
    alertId: null,
    receivedAt,
    expiresAt: new Date(receivedAt.getTime() + 30_000),
    ...overrides,
  };
}
