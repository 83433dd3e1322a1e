import type { TakeProfitLevel } from '@signalrelay/contracts/ea-protocol';
import { formatNumber, formatPrice } from '../../components/trading/format.ts';
import type { SignalView } from './signals-api.ts';

/**
 * What a signal asked the EA to do, as label/value pairs for its Signal History details: the
 * fields that mean something for its position (issue 22's commands included), each in the
 * unit the alert gave it.
 */
export type CommandDetail = { label: string; value: string };

const pending = ['buylimit', 'selllimit', 'buystop', 'sellstop'];

const orNone = (value: number, none: string, unit = '') =>
  value > 0 ? `${formatNumber(value)}${unit}` : none;

/** A stop in the unit the alert used: points, pips or price. */
function stopText(points: number, pips: number, price: number): string {
  if (price > 0) return formatPrice(price);
  if (pips > 0) return `${formatNumber(pips)} pips`;
  return orNone(points, 'None', ' pts');
}

const levelText = (level: TakeProfitLevel, i: number) => {
  const at =
    level.price !== undefined
      ? formatPrice(level.price)
      : level.pips !== undefined
        ? `${formatNumber(level.pips)} pips`
        : `${formatNumber(level.points ?? 0)} pts`;
  return `TP${i + 1} ${at} (${level.percent}%)`;
};

export function commandDetails(s: SignalView): CommandDetail[] {
  const position = s.position ?? '';
  const isPending = pending.includes(position);
  const opens = position === 'buy' || position === 'sell' || isPending;
  const stops = opens || position === 'modify';
  const details: (CommandDetail | false)[] = [
    isPending
      ? { label: 'Entry price', value: formatPrice(s.price) }
      : { label: 'Alert price', value: s.price > 0 ? formatPrice(s.price) : 'Market' },
    isPending && {
      label: 'Expiry',
      value: s.expiry > 0 ? `${s.expiry} min` : 'Good till cancelled',
    },
    (position === 'cancel' || position === 'modify') && {
      label: 'Side',
      value: s.side ? s.side.toUpperCase() : 'Both',
    },
    position.startsWith('close') && {
      label: 'Close',
      value: s.closePercent > 0 ? `${s.closePercent}% of each` : 'All',
    },
    s.closeOpposite && { label: 'Reverse', value: 'Opposite side closed first' },
    opens && {
      label: 'Lot',
      value: s.riskPercentage > 0 || s.riskAmount > 0 ? 'Sized by risk' : formatNumber(s.lot),
    },
    stops && { label: 'Stop loss', value: stopText(s.slpoint, s.slpips, s.slprice) },
    stops && {
      label: 'Take profit',
      value:
        s.tps.length > 0
          ? s.tps.map(levelText).join(', ')
          : stopText(s.tppoint, s.tppips, s.tpprice),
    },
    opens && { label: 'Trailing stop', value: orNone(s.trailingStop, 'Disabled', ' pts') },
    opens && { label: 'Break even', value: orNone(s.breakEvenPips, 'Disabled', ' pips') },
    opens && {
      label: 'Risk',
      value:
        s.riskAmount > 0
          ? `${formatNumber(s.riskAmount)} (account currency)`
          : orNone(s.riskPercentage, 'Fixed lot', '%'),
    },
    s.maxSpread > 0 && { label: 'Max spread', value: `${formatNumber(s.maxSpread)} pts` },
    s.deviation > 0 && { label: 'Deviation', value: `${formatNumber(s.deviation)} pts` },
    !!s.comment && { label: 'Comment', value: s.comment },
    s.magic > 0 && { label: 'Magic', value: String(s.magic) },
    !!s.account && { label: 'Account', value: s.account },
  ];
  return details.filter((d): d is CommandDetail => d !== false);
}
