import type { AlertPosition } from '@signalrelay/contracts/signals';
import { Badge, type BadgeTone } from '../badge.tsx';

export type OrderStatus = 'open' | 'closed';
export type OrderType = 'buy' | 'sell' | 'buylimit' | 'selllimit' | 'buystop' | 'sellstop';
export type SignalPosition = AlertPosition;
export type SignalDisplayStatus =
  | 'success'
  | 'error'
  | 'failed'
  | 'pending'
  | 'quota_blocked'
  | 'test_success';

/** Order status: blue for open, grey for closed (spec). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge tone={status === 'open' ? 'info' : 'neutral'}>
      {status === 'open' ? 'OPEN' : 'CLOSED'}
    </Badge>
  );
}

const orderTypeLabels: Record<OrderType, string> = {
  buy: 'BUY',
  sell: 'SELL',
  buylimit: 'BUY LIMIT',
  selllimit: 'SELL LIMIT',
  buystop: 'BUY STOP',
  sellstop: 'SELL STOP',
};

const positionLabels: Record<SignalPosition, string> = {
  ...orderTypeLabels,
  closebuy: 'CLOSE BUY',
  closesell: 'CLOSE SELL',
  closeall: 'CLOSE ALL',
  cancel: 'CANCEL PENDING',
  modify: 'MODIFY SL/TP',
};

/** Direction labels stay neutral in colour: green/red are kept for outcomes. */
export function OrderTypeLabel({ type }: { type: OrderType }) {
  return <span className="font-semibold text-ink">{orderTypeLabels[type]}</span>;
}

export function PositionLabel({ position }: { position: SignalPosition | null }) {
  if (!position) return <span className="text-ink-subtle">No position</span>;
  return <span className="font-semibold text-ink">{positionLabels[position]}</span>;
}

const signalStatus: Record<SignalDisplayStatus, { tone: BadgeTone; label: string }> = {
  success: { tone: 'success', label: 'SUCCESS' },
  error: { tone: 'danger', label: 'ERROR' },
  failed: { tone: 'danger', label: 'FAILED' },
  pending: { tone: 'warning', label: 'PENDING' },
  quota_blocked: { tone: 'warning', label: 'QUOTA BLOCKED' },
  test_success: { tone: 'brand', label: 'TEST' },
};

export function SignalStatusBadge({ status }: { status: SignalDisplayStatus }) {
  const { tone, label } = signalStatus[status];
  return <Badge tone={tone}>{label}</Badge>;
}
