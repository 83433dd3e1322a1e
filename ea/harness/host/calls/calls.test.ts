import { afterEach, describe, expect, it } from 'vitest';
import type { AccountKind } from '../broker/account.ts';
import { Broker } from '../broker/broker.ts';
import { orderSend as mt4Send, orderClose } from '../broker/mt4-trade.ts';
import { mql } from '../constants.ts';
import { Terminal } from '../terminal.ts';
import type { CallContext, Session } from './call.ts';
import { mt4Calls } from './mt4-calls.ts';
import { mt5Calls } from './mt5-calls.ts';
import { symbolCalls } from './symbol-calls.ts';
import { terminalCalls } from './terminal-calls.ts';

// The host's answers to the calls an EA process makes, without a process: selection
// snapshots, history windows, both property forms, errors, and globals shared per terminal.
const terminals: Terminal[] = [];
afterEach(async () => {
  await Promise.all(terminals.splice(0).map((t) => t.close()));
});

async function context(kind: AccountKind) {
  const broker = new Broker();
  broker.addSymbol({ name: 'EURUSD', bid: 1.1, ask: 1.10002 });
  broker.addSymbol({ name: 'USOIL', digits: 2, bid: 71.5, ask: 71.53 });
  const account = broker.addAccount({ login: 77, kind });
  const platform = kind === 'mt4' ? 'mt4' : 'mt5';
  const terminal = await Terminal.start(broker, { platform, account, marketWatch: ['EURUSD'] });
  terminals.push(terminal);
  const session: Session = {
    program: 'SignalRelay',
    platform,
    chart: 'EURUSD',
    chartId: 1,
    eaTradeAllowed: true,
    historyDeals: [],
    historyOrders: [],
  };
  const c: CallContext = { terminal, broker, session };
  const call = (name: string, ...args: unknown[]) => {
    const table = {
      ...terminalCalls,
      ...symbolCalls,
      ...(platform === 'mt4' ? mt4Calls : mt5Calls),
    };
    return table[name]!(c, args);
  };
  return { broker, account, terminal, c, call };
}

const request = (fields: Record<string, unknown>) => ({
  action: 'TRADE_ACTION_DEAL',
  symbol: 'EURUSD',
  volume: 0.1,
  type: 'ORDER_TYPE_BUY',
  type_filling: 'ORDER_FILLING_FOK',
  magic: 7,
  comment: 'c',
  ...fields,
});

describe('host calls', () => {
  it('symbols: Market Watch, both property forms, unknown symbols and properties', async () => {
    const { call } = await context('mt5-hedging');
    expect(call('SymbolsTotal', true)).toEqual({ ret: 1 });
    expect(call('SymbolsTotal', false)).toEqual({ ret: 2 });
    expect(call('SymbolName', 1, false)).toEqual({ ret: 'USOIL' });
    expect(call('SymbolSelect', 'USOIL', true)).toEqual({ ret: true });
    expect(call('SymbolsTotal', true)).toEqual({ ret: 2 });
    expect(call('SymbolInfoDouble', 'EURUSD', 'SYMBOL_ASK')).toEqual({ ret: 1.10002 });
    expect(call('SymbolInfoInteger', 'EURUSD', 'SYMBOL_DIGITS', 0)).toEqual({
      ret: true,
      out: { value: 5 },
    });
    expect(call('SymbolInfoInteger', 'OIL', 'SYMBOL_DIGITS', 0)).toEqual({
      ret: false,
      err: 4301,
      out: { value: 0 },
    });
    expect(call('SymbolInfoInteger', 'EURUSD', 'SYMBOL_TRADE_MODE')).toEqual({
      ret: mql('SYMBOL_TRADE_MODE_FULL'),
    });
    expect(() => call('SymbolInfoInteger', 'EURUSD', 'SYMBOL_SESSION_DEALS')).toThrow(
      /host: no SymbolInfoInteger\(SYMBOL_SESSION_DEALS\)/,
    );
    // MT4's MarketInfo reads the same properties under its own names.
    expect(call('MarketInfo', 'EURUSD', 'MODE_ASK')).toEqual({ ret: 1.10002 });
    expect(call('MarketInfo', 'EURUSD', 'MODE_LOTSIZE')).toEqual({ ret: 100_000 });
    expect(call('MarketInfo', 'USOIL', 'MODE_DIGITS')).toEqual({ ret: 2 });
    expect(call('MarketInfo', 'EURUSD', 'MODE_SPREAD')).toEqual({ ret: 2 });
    expect(call('MarketInfo', 'EURUSD', 'MODE_TRADEALLOWED')).toEqual({ ret: 1 });
  });

  it("global variables are the terminal's: temporary ones, set on condition, missing ones", async () => {
    const { call, terminal } = await context('mt5-hedging');
    expect(call('GlobalVariableGet', 'x')).toEqual({ ret: 0, err: 4501 });
    expect(call('GlobalVariableTemp', 'x')).toEqual({ ret: true });
    expect(call('GlobalVariableSetOnCondition', 'x', 5, 0)).toEqual({ ret: true });
    expect(call('GlobalVariableSetOnCondition', 'x', 6, 0)).toEqual({ ret: false });
    expect(call('GlobalVariableGet', 'x')).toEqual({ ret: 5 });
    await terminal.crash();
    expect(call('GlobalVariableCheck', 'x')).toEqual({ ret: false });
  });

  it('MT5: a selected position is a copy; HistorySelect takes server-time bounds', async () => {
    const { call, broker } = await context('mt5-hedging');
    const sent = call('OrderSend', request({}));
    expect(sent).toMatchObject({ ret: true, out: { result: { retcode: 10009 } } });
    expect(call('PositionGetTicket', 0).ret).toBe((sent.out!.result as { order: number }).order);
    broker.setPrice('EURUSD', 1.2, 1.20002);
    expect(call('PositionGetDouble', 'POSITION_PRICE_CURRENT')).toEqual({ ret: 1.2 });
    const now = Math.floor(broker.clock.serverMs(broker.clock.utcMs()) / 1000);
    call('HistorySelect', now - 60, now + 60);
    expect(call('HistoryDealsTotal')).toEqual({ ret: 1 });
    const deal = call('HistoryDealGetTicket', 0).ret;
    expect(call('HistoryDealGetInteger', deal, 'DEAL_ENTRY')).toEqual({
      ret: mql('DEAL_ENTRY_IN'),
    });
    call('HistorySelect', now - 7200, now - 3600);
    expect(call('HistoryDealsTotal')).toEqual({ ret: 0 });
    expect(call('HistoryDealGetInteger', deal, 'DEAL_ENTRY')).toEqual({ ret: 0, err: 4755 });
    expect(call('PositionSelect', 'USOIL')).toEqual({ ret: false, err: 4753 });
    expect(call('PositionGetString', 'POSITION_SYMBOL')).toEqual({ ret: '', err: 4753 });
  });

  // What the daily loss rule reads: equity moves with the quotes of open trades, a close
  // moves the profit into the balance, and both are in the account's currency.
  it.each<AccountKind>(['mt5-hedging', 'mt4'])(
    '%s: equity follows the quotes of open trades; a close realises it in the balance',
    async (kind) => {
      const { call, broker } = await context(kind);
      const money = (name: string) => call('AccountInfoDouble', name).ret;
      expect(call('AccountInfoString', 'ACCOUNT_CURRENCY')).toEqual({ ret: 'USD' });
      const ticket =
        kind === 'mt4'
          ? call('OrderSend', 'EURUSD', 'OP_BUY', 0.1, 1.10002, 20, 0, 0, 'x', 7, 0, 0).ret
          : (call('OrderSend', request({ price: 1.10002 })).out!.result as { order: number }).order;
      // 0.1 lot at 1.10002 is worth 0.10 USD a point: the spread costs 0.20 at once.
      expect([money('ACCOUNT_BALANCE'), money('ACCOUNT_EQUITY')]).toEqual([10_000, 9_999.8]);
      broker.setPrice('EURUSD', 1.099, 1.09902);
      expect([money('ACCOUNT_BALANCE'), money('ACCOUNT_EQUITY')]).toEqual([10_000, 9_989.8]);
      if (kind === 'mt4') call('OrderClose', ticket, 0.1, 1.099, 20, 0);
      else call('OrderSend', request({ type: 'ORDER_TYPE_SELL', position: ticket, price: 1.099 }));
      expect([money('ACCOUNT_BALANCE'), money('ACCOUNT_EQUITY')]).toEqual([9_989.8, 9_989.8]);
    },
  );

  it("MT5: AutoTrading off and the EA's own switch refuse with 10027", async () => {
    const { call, terminal, c } = await context('mt5-hedging');
    terminal.setAutoTrading(false);
    expect(call('OrderSend', request({}))).toMatchObject({
      ret: false,
      err: 4756,
      out: { result: { retcode: 10027 } },
    });
    terminal.setAutoTrading(true);
    c.session.eaTradeAllowed = false;
    expect(call('OrderSend', request({})).out).toMatchObject({ result: { retcode: 10027 } });
  });

  it("MT4: the order pool by position and ticket, and the Account History tab's window", async () => {
    const { call, broker, terminal, account } = await context('mt4');
    const ctx = { account, connected: true, autoTrading: true, eaTradeAllowed: true };
    const old = broker.clock.during(Date.now() - 40 * 86_400_000, () => {
      const t = mt4Send(broker, ctx, {
        symbol: 'EURUSD',
        type: 'buy',
        volume: 0.1,
        price: 1.10002,
        slippage: 0,
        sl: 0,
        tp: 0,
        comment: '',
        magic: 0,
      }).ret;
      orderClose(broker, ctx, { ticket: t, lots: 0.1, price: 1.1, slippage: 0 });
      return t;
    });
    const ticket = call('OrderSend', 'EURUSD', 'OP_SELL', 0.2, 1.1, 20, 0, 0, 'x', 3, 0, 0).ret;
    expect(call('OrdersTotal')).toEqual({ ret: 1 });
    expect(call('OrdersHistoryTotal')).toEqual({ ret: 1 });
    terminal.mt4HistoryDays = 30;
    expect(call('OrdersHistoryTotal')).toEqual({ ret: 0 });
    expect(call('OrderSelect', old, 'SELECT_BY_TICKET', 'MODE_TRADES')).toEqual({ ret: true });
    expect(call('OrderTicket')).toEqual({ ret: old });
    expect(call('OrderSelect', 0, 'SELECT_BY_POS', 'MODE_TRADES')).toEqual({ ret: true });
    expect(call('OrderType')).toEqual({ ret: mql('OP_SELL') });
    expect(call('OrderTicket')).toEqual({ ret: ticket });
    expect(call('OrderClosePrice')).toEqual({ ret: 1.10002 });
    expect(call('OrderSelect', 5, 'SELECT_BY_POS', 'MODE_TRADES')).toEqual({
      ret: false,
      err: 4051,
    });
    expect(call('OrderLots')).toEqual({ ret: 0, err: 4105 });
    expect(call('OrderComment')).toEqual({ ret: '', err: 4105 });
  });

  it('pending orders: expiration in trade-server seconds both ways, MT5 OrderSelect, MT4 OrderDelete', async () => {
    const mt5 = await context('mt5-hedging');
    const expires = Math.floor(mt5.broker.clock.serverMs(mt5.broker.clock.utcMs()) / 1000) + 3600;
    const placed = mt5.call(
      'OrderSend',
      request({
        action: 'TRADE_ACTION_PENDING',
        type: 'ORDER_TYPE_SELL_LIMIT',
        price: 1.101,
        type_time: 'ORDER_TIME_SPECIFIED',
        expiration: expires,
      }),
    );
    const ticket = (placed.out as { result: { order: number } }).result.order;
    expect(mt5.call('OrderSelect', ticket)).toEqual({ ret: true });
    expect(mt5.call('OrderGetInteger', 'ORDER_TIME_EXPIRATION')).toEqual({ ret: expires });
    expect(mt5.call('OrderGetInteger', 'ORDER_TYPE')).toEqual({
      ret: mql('ORDER_TYPE_SELL_LIMIT'),
    });
    expect(mt5.call('OrderSelect', ticket + 1)).toEqual({ ret: false, err: 4754 });

    const mt4 = await context('mt4');
    const t = mt4.call('OrderSend', 'EURUSD', 'OP_BUYSTOP', 0.1, 1.101, 0, 0, 0, 'x', 3, expires, 0)
      .ret as number;
    expect(mt4.call('OrderSelect', t, 'SELECT_BY_TICKET', 'MODE_TRADES')).toEqual({ ret: true });
    expect(mt4.call('OrderType')).toEqual({ ret: mql('OP_BUYSTOP') });
    expect(mt4.call('OrderExpiration')).toEqual({ ret: expires });
    expect(mt4.call('OrderDelete', t)).toEqual({ ret: true });
    expect(mt4.call('OrdersTotal')).toEqual({ ret: 0 });
  });
});
