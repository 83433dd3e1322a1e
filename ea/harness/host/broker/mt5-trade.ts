import type { Account, Mt5Order } from './account.ts';
import type { Broker } from './broker.ts';
import type { Fault } from './faults.ts';
import { addDeal, applyToPosition, transaction } from './mt5-book.ts';
import {
  checkDeal,
  type DealPlan,
  isRefusal,
  type Mt5Request,
  retcode,
  retcodeComment,
  terminalRefusal,
} from './mt5-checks.ts';
import { checkPending, modifyPending, placePending, removePending } from './mt5-pending.ts';
import { errSendFailed, refused, resultOf, type SendOutcome } from './mt5-result.ts';
import { frozen, roundVolume, stopsProblem, type TradeContext } from './trade-context.ts';

/**
 * MT5 trading: OrderCheck and OrderSend with TRADE_ACTION_DEAL (open, add, reduce, reverse,
 * close by position) and TRADE_ACTION_SLTP, on hedging and netting accounts (pending orders:
 * mt5-pending.ts)
 * (mql5.com/en/docs/trading/ordersend, mql5.com/en/docs/constants/tradingconstants/enum_trade_request_actions,
 * mql5.com/en/book/automation/experts/experts_netting_hedging), plus stops and take profits
 * the server executes when the price reaches them. Every executed request is told to the
 * account's MT5 terminals as trade transactions (mql5.com/en/docs/event_handlers/ontradetransaction).
 */

/** OrderCheck: the request's checks without executing it (MqlTradeCheckResult). */
export function orderCheck(broker: Broker, ctx: TradeContext, req: Mt5Request) {
  const account = ctx.account;
  const money = {
    balance: account.balance,
    equity: broker.equity(account),
    profit: broker.floating(account),
    margin: broker.margin(account),
    margin_free: broker.freeMargin(account),
    margin_level: 0,
  };
  const plan =
    terminalRefusal(ctx) ??
    (req.action === 'TRADE_ACTION_DEAL' ? checkDeal(broker, ctx, req) : undefined) ??
    (req.action === 'TRADE_ACTION_PENDING' ? checkPending(broker, ctx, req) : undefined);
  if (plan && 'retcode' in plan)
    return { ok: false, check: { retcode: plan.retcode, comment: plan.comment, ...money } };
  return { ok: true, check: { retcode: 0, comment: 'Done', ...money } };
}

export function orderSend(broker: Broker, ctx: TradeContext, req: Mt5Request): SendOutcome {
  const client = terminalRefusal(ctx);
  if (client) return refused(broker, req, client);
  const queued = broker.faults.peek('OrderSend');
  if (queued && 'refuse' in queued) {
    broker.faults.take('OrderSend');
    return refused(broker, req, {
      retcode: queued.refuse,
      comment: retcodeComment[queued.refuse] ?? '',
    });
  }
  let outcome: SendOutcome;
  let fault: Fault | undefined;
  if (req.action === 'TRADE_ACTION_DEAL') {
    if (broker.findSymbol(req.symbol)) broker.slipBefore('OrderSend', req.symbol);
    const plan = checkDeal(broker, ctx, req);
    if (isRefusal(plan)) return refused(broker, req, plan);
    fault = broker.faults.take('OrderSend');
    const volume = fault && 'partial' in fault ? fault.partial : req.volume;
    outcome = executeDeal(broker, ctx.account, req, plan, volume);
  } else if (req.action === 'TRADE_ACTION_SLTP') {
    outcome = modifyStops(broker, ctx.account, req);
  } else if (req.action === 'TRADE_ACTION_PENDING') {
    outcome = placePending(broker, ctx, req);
  } else if (req.action === 'TRADE_ACTION_REMOVE') {
    outcome = removePending(broker, ctx.account, req);
  } else if (req.action === 'TRADE_ACTION_MODIFY') {
    outcome = modifyPending(broker, ctx.account, req);
  } else {
    throw new Error(`host: OrderSend ${req.action} is not simulated`);
  }
  broker.emitTrade(ctx.account, {
    trans: transaction({ type: 'TRADE_TRANSACTION_REQUEST' }),
    request: req,
    result: outcome.result,
  });
  if (fault && 'lostReply' in fault && outcome.ok) {
    // Executed, but the terminal never heard: the caller gets the fault's code (0 = no reply).
    return {
      ok: false,
      result: resultOf(broker, req.symbol, { retcode: fault.lostReply, comment: 'no reply' }),
      err: errSendFailed,
    };
  }
  return outcome;
}

function executeDeal(
  broker: Broker,
  account: Account,
  req: Mt5Request,
  plan: DealPlan,
  volume: number,
): SendOutcome {
  const now = broker.clock.utcMs();
  const order = broker.newOrderTicket();
  const comment = req.comment.slice(0, 31);
  let positionId: number;
  const existing = plan.position;
  if (!existing) {
    positionId = order;
    account.positions.push({
      ticket: order,
      identifier: order,
      symbol: req.symbol,
      side: plan.side,
      volume,
      priceOpen: plan.price,
      sl: req.sl,
      tp: req.tp,
      openedMs: now,
      updatedMs: now,
      magic: req.magic,
      comment,
      swap: 0,
    });
    addDeal(
      broker,
      account,
      {
        order,
        positionId,
        symbol: req.symbol,
        type: plan.side,
        entry: 'in',
        volume,
        price: plan.price,
        magic: req.magic,
        comment,
        reason: 'expert',
      },
      0,
    );
  } else {
    positionId = existing.identifier;
    applyToPosition(broker, account, existing, {
      order,
      side: plan.side,
      volume,
      price: plan.price,
      magic: req.magic,
      comment,
      reason: 'expert',
    });
    if (existing.side === plan.side && req.position === 0) {
      if (req.sl > 0) existing.sl = req.sl;
      if (req.tp > 0) existing.tp = req.tp;
    }
  }
  const done: Mt5Order = {
    ticket: order,
    type: plan.side,
    state: 'filled',
    symbol: req.symbol,
    volumeInitial: req.volume,
    volumeCurrent: roundVolume(req.volume - volume),
    priceOpen: plan.price,
    sl: req.sl,
    tp: req.tp,
    setupMs: now,
    doneMs: now,
    positionId,
    magic: req.magic,
    comment,
  };
  account.historyOrders.push(done);
  broker.emitTrade(account, {
    trans: transaction({
      type: 'TRADE_TRANSACTION_HISTORY_ADD',
      order,
      symbol: req.symbol,
      order_type: req.type,
      order_state: 'ORDER_STATE_FILLED',
      position: positionId,
      volume,
    }),
    request: {},
    result: {},
  });
  if (!existing) broker.emitFill(account, positionId);
  const partial = volume < req.volume - 1e-9;
  const deal = account.deals[account.deals.length - 1]!;
  return {
    ok: true,
    result: resultOf(broker, req.symbol, {
      retcode: partial ? retcode.DONE_PARTIAL : retcode.DONE,
      deal: deal.ticket,
      order,
      volume,
      price: plan.price,
    }),
  };
}

function modifyStops(broker: Broker, account: Account, req: Mt5Request): SendOutcome {
  const p =
    req.position > 0
      ? account.positions.find((x) => x.ticket === req.position)
      : account.positions.find((x) => x.symbol === req.symbol);
  const fail = (code: number, detail?: string): SendOutcome =>
    refused(broker, req, { retcode: code, comment: detail ?? retcodeComment[code] ?? '' });
  if (!p) return fail(retcode.POSITION_CLOSED);
  const spec = broker.symbol(p.symbol);
  if (!spec.sessionOpen) return fail(retcode.MARKET_CLOSED);
  if (Math.abs(p.sl - req.sl) < spec.point / 2 && Math.abs(p.tp - req.tp) < spec.point / 2)
    return fail(retcode.NO_CHANGES);
  const problem = stopsProblem(broker, spec, p.side, req.sl, req.tp);
  if (problem) return fail(retcode.INVALID_STOPS, `Invalid stops (${problem})`);
  if (frozen(broker, spec, p.side, p.sl, p.tp)) return fail(retcode.FROZEN);
  p.sl = req.sl;
  p.tp = req.tp;
  p.updatedMs = broker.clock.utcMs();
  broker.emitTrade(account, {
    trans: transaction({
      type: 'TRADE_TRANSACTION_POSITION',
      symbol: p.symbol,
      price_sl: p.sl,
      price_tp: p.tp,
      volume: p.volume,
      position: p.ticket,
    }),
    request: {},
    result: {},
  });
  return { ok: true, result: resultOf(broker, p.symbol, { retcode: retcode.DONE }) };
}
