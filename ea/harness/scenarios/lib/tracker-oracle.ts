import type { Account, Deal, Side } from '../../host/broker/account.ts';
import type { Broker } from '../../host/broker/broker.ts';

/**
 * What the Order History should show for an account, computed from the simulated broker's own
 * books (ea/PROTOCOL.md, "Orders report"): one row per MT5 position (lots, VWAP prices,
 * summed profit and commission over its deals) or per MT4 order, for everything open and
 * everything closed within the last `days`.
 */
export type ExpectedRow = {
  ticket: string;
  symbol: string;
  orderType: Side;
  lots: number;
  openPrice: number;
  closePrice: number | null;
  profit: number;
  commission: number;
  magicNumber: number;
  comment: string;
  status: 'open' | 'closed';
  openTime: string;
  closeTime: string | null;
};

const money = (x: number) => Math.round(x * 100) / 100;
const iso = (ms: number) => new Date(ms).toISOString();

export function expectedRows(broker: Broker, account: Account, days = 90): ExpectedRow[] {
  const from = broker.clock.utcMs() - days * 86_400_000;
  const rows =
    account.kind === 'mt4' ? mt4Rows(broker, account, from) : mt5Rows(broker, account, from);
  return rows.sort((a, b) => Number(a.ticket) - Number(b.ticket));
}

function mt5Rows(broker: Broker, account: Account, from: number): ExpectedRow[] {
  const byPosition = new Map<number, Deal[]>();
  for (const d of account.deals) {
    if (d.type === 'balance') continue;
    byPosition.set(d.positionId, [...(byPosition.get(d.positionId) ?? []), d]);
  }
  const rows: ExpectedRow[] = [];
  for (const [id, deals] of byPosition) {
    const open = account.positions.find((p) => p.identifier === id);
    if (!open && !deals.some((d) => d.timeMs >= from)) continue;
    const ins = deals.filter((d) => d.entry === 'in');
    const outs = deals.filter((d) => d.entry === 'out');
    const digits = broker.symbol(deals[0]!.symbol).digits;
    const vwap = (list: Deal[]) =>
      Number(
        (
          list.reduce((s, d) => s + d.volume * d.price, 0) / list.reduce((s, d) => s + d.volume, 0)
        ).toFixed(digits),
      );
    const realised = deals.reduce((s, d) => s + d.profit, 0);
    const common = {
      ticket: String(id),
      symbol: ins[0]!.symbol,
      magicNumber: ins[0]!.magic,
      comment: ins[0]!.comment,
      commission: money(deals.reduce((s, d) => s + d.commission + d.fee, 0)),
      openTime: iso(ins[0]!.timeMs),
    };
    if (open) {
      const floating = broker.profit(
        open.symbol,
        open.side,
        open.volume,
        open.priceOpen,
        broker.closingPrice(open.symbol, open.side),
      );
      rows.push({
        ...common,
        orderType: open.side,
        lots: open.volume,
        openPrice: open.priceOpen,
        closePrice: null,
        profit: money(realised + floating),
        status: 'open',
        closeTime: null,
      });
      continue;
    }
    rows.push({
      ...common,
      orderType: ins[0]!.type as Side,
      lots: Math.round(ins.reduce((s, d) => s + d.volume, 0) * 1e8) / 1e8,
      openPrice: vwap(ins),
      closePrice: vwap(outs),
      profit: money(realised),
      status: 'closed',
      closeTime: iso(outs[outs.length - 1]!.timeMs),
    });
  }
  return rows;
}

function mt4Rows(broker: Broker, account: Account, from: number): ExpectedRow[] {
  const seconds = (ms: number) => iso(Math.floor(ms / 1000) * 1000);
  return account.mt4Orders
    .filter((o) => o.closeMs === 0 || o.closeMs >= from)
    .map((o) => {
      const side = o.type as Side;
      const open = o.closeMs === 0;
      return {
        ticket: String(o.ticket),
        symbol: o.symbol,
        orderType: side,
        lots: o.lots,
        openPrice: o.openPrice,
        closePrice: open ? null : o.closePrice,
        profit: open
          ? broker.profit(o.symbol, side, o.lots, o.openPrice, broker.closingPrice(o.symbol, side))
          : o.profit,
        commission: o.commission,
        magicNumber: o.magic,
        comment: o.comment,
        status: open ? 'open' : 'closed',
        openTime: seconds(o.openMs),
        closeTime: open ? null : seconds(o.closeMs),
      };
    });
}
