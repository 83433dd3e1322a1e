import type { Signal } from '@signalrelay/contracts/ea-protocol';
import { roundTo, type SymbolSpec } from './paper-symbols.ts';

/**
 * Stop loss and take profit levels from a signal's units (ea/PROTOCOL.md, "Version 3"): points,
 * pips (10 points on 5- and 3-digit symbols, 1 point otherwise) or an absolute price, measured
 * from the entry: the fill, a pending order's price, or an open position's price for modify.
 */

export type Side = 'buy' | 'sell';

export const pipSize = (spec: SymbolSpec) =>
  spec.digits === 3 || spec.digits === 5 ? 10 * spec.point : spec.point;

/** A distance in price from points or pips; 0 = none. */
function distanceOf(points: number | undefined, pips: number | undefined, spec: SymbolSpec) {
  if (points && points > 0) return points * spec.point;
  if (pips && pips > 0) return pips * pipSize(spec);
  return 0;
}

/** The level `distance` away from `entry`, on the losing (`sl`) or winning (`tp`) side. */
function levelAt(kind: 'sl' | 'tp', side: Side, entry: number, distance: number, spec: SymbolSpec) {
  if (distance <= 0) return 0;
  const up = (side === 'buy') === (kind === 'tp');
  return roundTo(entry + (up ? distance : -distance), spec.digits);
}

/** The signal's stop loss level; 0 = none. */
export function stopLossOf(signal: Signal, spec: SymbolSpec, side: Side, entry: number): number {
  if (signal.slprice && signal.slprice > 0) return signal.slprice;
  return levelAt('sl', side, entry, distanceOf(signal.slpoint, signal.slpips, spec), spec);
}

/** The signal's single take profit level; 0 = none (or several, in `tps`). */
export function takeProfitOf(signal: Signal, spec: SymbolSpec, side: Side, entry: number): number {
  if (signal.tpprice && signal.tpprice > 0) return signal.tpprice;
  return levelAt('tp', side, entry, distanceOf(signal.tppoint, signal.tppips, spec), spec);
}

/** Whether the signal sets a stop loss or take profit at all (what `modify` needs). */
export const setsStopLoss = (s: Signal) => s.slpoint > 0 || !!s.slpips || !!s.slprice;
export const setsTakeProfit = (s: Signal) => s.tppoint > 0 || !!s.tppips || !!s.tpprice;

/** The stop loss's distance from the entry in points, for risk sizing; 0 = no stop loss. */
export function stopLossPoints(signal: Signal, spec: SymbolSpec, side: Side, entry: number) {
  const level = stopLossOf(signal, spec, side, entry);
  return level > 0 ? Math.round(Math.abs(entry - level) / spec.point) : 0;
}

/** Several take-profit levels (`tps`): each level's price and the share of volume it closes. */
export function takeProfitLevelsOf(
  signal: Signal,
  spec: SymbolSpec,
  side: Side,
  entry: number,
): { price: number; percent: number }[] {
  return (signal.tps ?? []).map((level) => ({
    price:
      level.price ?? levelAt('tp', side, entry, distanceOf(level.points, level.pips, spec), spec),
    percent: level.percent,
  }));
}
