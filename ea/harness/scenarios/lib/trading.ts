import type { SignalView } from '@signalrelay/contracts/signals';
import { expect } from 'vitest';
import type { Account, Position, Side } from '../../host/broker/account.ts';
import type { EaProcess, JournalLine } from '../../host/ea-process.ts';
import { type Alert, postAlert, signalOutcome } from './api.ts';
import { openAtBroker } from './broker-trades.ts';
import { pendingOrders } from './pending-orders.ts';
import type { World } from './world.ts';

/** The relay's magic number (ea/Include/SignalRelay/Types.mqh, SR_MAGIC). */
export const relayMagic = 7301017;

/**
 * A trade open at the broker, the same shape on both platforms: an MT5 position (its ticket is
 * the position's identifier) or an MT4 order.
 */
export type OpenTrade = Pick<
  Position,
  'ticket' | 'symbol' | 'side' | 'volume' | 'priceOpen' | 'sl' | 'tp' | 'magic' | 'comment'
>;

export function openTrades(account: Account): OpenTrade[] {
  if (account.kind !== 'mt4') return account.positions.map((p) => ({ ...p, ticket: p.identifier }));
  return account
    .openMt4Orders()
    .filter((o) => o.type === 'buy' || o.type === 'sell')
    .map((o) => ({ ...o, side: o.type as Side, volume: o.lots, priceOpen: o.openPrice }));
}

/** The order comment the relay gives a signal's trade (Execution.mqh, SR_OrderComment). */
export const commentOf = (signalId: string) => `SignalRelay ${signalId.slice(-12)}`;

/** Posts an alert and waits for the relay's journal line with its outcome and for the server's record of it. */
export async function trade(
  world: World,
  ea: EaProcess,
  alert: Alert,
): Promise<{ id: string; line: JournalLine; row: SignalView }> {
  const id = await postAlert(world.server, world.trader, alert);
  const line = await ea.waitForJournal(new RegExp(`signal ${id} (success|error|skipped)`), {
    timeoutMs: 20_000,
  });
  const row = await signalOutcome(world.server, world.trader, id);
  return { id, line, row };
}

/** A trade the trader opened by hand (magic 0), straight at the broker. */
export function manualTrade(world: World, symbol: string, side: Side, volume: number): number {
  return openAtBroker(world, { symbol, side, volume });
}

/** An alert on EURUSD, the symbol most scenarios trade. */
export const eurusd = (
  position: Alert['position'],
  fields: Omit<Alert, 'symbol' | 'position'> = {},
): Alert => ({ symbol: 'EURUSD', position, ...fields });

/**
 * Posts an alert the EA must refuse before anything reaches the broker: the Signal History
 * shows `errorMessage`, and no trade nor pending order is at the broker.
 */
export async function expectRefused(
  world: World,
  ea: EaProcess,
  alert: Alert,
  errorMessage: string,
): Promise<void> {
  const { row } = await trade(world, ea, alert);
  expect(row).toMatchObject({ status: 'error', errorMessage });
  expect(openTrades(world.account)).toHaveLength(0);
  expect(pendingOrders(world.account)).toHaveLength(0);
}
