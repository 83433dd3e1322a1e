//+------------------------------------------------------------------+
//| Mt5Pending.mqh - MT5 adapter: pending orders (buy/sell limit and |
//| stop) placed, found again, listed and deleted.                   |
//| Included only through Platform.mqh.                              |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT5_PENDING_MQH
#define SIGNALRELAY_MT5_PENDING_MQH

ENUM_ORDER_TYPE SR_PendingType(const bool isBuy, const bool isLimit)
  {
   if(isBuy)
      return isLimit ? ORDER_TYPE_BUY_LIMIT : ORDER_TYPE_BUY_STOP;
   return isLimit ? ORDER_TYPE_SELL_LIMIT : ORDER_TYPE_SELL_STOP;
  }

// Places a pending order at `price` (stops are prices, 0 = none) that the
// broker deletes at `expiry` (server time; 0 = good till cancelled).
int SR_PlacePending(const SR_OpenRequest &rq, const bool isLimit, const double price, const double sl, const double tp,
                    const datetime expiry, SR_TradeOutcome &out)
  {
   out.Clear();
   out.digits = (int)SymbolInfoInteger(rq.symbol, SYMBOL_DIGITS);
   MqlTradeRequest req;
   MqlTradeResult res;
   ZeroMemory(req);
   ZeroMemory(res);
   req.action = TRADE_ACTION_PENDING;
   req.symbol = rq.symbol;
   req.volume = rq.volume;
   req.type = SR_PendingType(rq.isBuy, isLimit);
   req.price = price;
   req.sl = sl;
   req.tp = tp;
   req.magic = (ulong)rq.magic;
   req.comment = rq.comment;
   // A resting order fills at its price or better: the remainder waits (RETURN).
   req.type_filling = ORDER_FILLING_RETURN;
   req.type_time = (expiry > 0) ? ORDER_TIME_SPECIFIED : ORDER_TIME_GTC;
   req.expiration = expiry;
   ResetLastError();
   bool sent = OrderSend(req, res);
   out.retcode = (int)res.retcode;
   if(sent && SR_IsSuccessCode(res.retcode))
     {
      out.ok = true;
      out.ticket = IntegerToString((long)res.order);
      out.price = price;
      out.volume = rq.volume;
      return SR_EXEC_DONE;
     }
   if(out.retcode == 0)
     {
      // No answer: whether the order was placed is unknown until we look.
      out.retcode = TRADE_RETCODE_ERROR;
      out.message = SR_TradeCodeText(TRADE_RETCODE_ERROR) + " (no reply to the order, error " + IntegerToString(GetLastError()) + ")";
     }
   else
      out.message = SR_WithDetail(SR_TradeCodeText(out.retcode), res.comment);
   return SR_IsPassingCode(out.retcode) ? SR_EXEC_RETRY : SR_EXEC_DONE;
  }

// The pending order an earlier attempt of this signal placed, by its
// comment (a prefix: brokers may append) and magic.
bool SR_FindPending(const string comment, const long magic, SR_TradeOutcome &out)
  {
   for(int i = OrdersTotal() - 1; i >= 0; i--)
     {
      ulong t = OrderGetTicket(i);
      if(t == 0 || OrderGetInteger(ORDER_MAGIC) != magic || StringFind(OrderGetString(ORDER_COMMENT), comment) != 0)
         continue;
      out.ok = true;
      out.ticket = IntegerToString((long)t);
      out.price = OrderGetDouble(ORDER_PRICE_OPEN);
      out.volume = OrderGetDouble(ORDER_VOLUME_CURRENT);
      out.digits = SR_PriceDigits(OrderGetString(ORDER_SYMBOL));
      return true;
     }
   return false;
  }

// This EA's pending orders (magic) on `symbol` ("" = every symbol) of
// `side` (SR_SIDE_*).
int SR_PendingOrders(const string symbol, const int side, const long magic, long &tickets[])
  {
   int n = 0;
   for(int i = 0; i < OrdersTotal(); i++)
     {
      ulong t = OrderGetTicket(i);
      if(t == 0 || (symbol != "" && OrderGetString(ORDER_SYMBOL) != symbol) || OrderGetInteger(ORDER_MAGIC) != magic)
         continue;
      ENUM_ORDER_TYPE type = (ENUM_ORDER_TYPE)OrderGetInteger(ORDER_TYPE);
      bool isBuy = (type == ORDER_TYPE_BUY_LIMIT || type == ORDER_TYPE_BUY_STOP || type == ORDER_TYPE_BUY_STOP_LIMIT);
      bool isSell = (type == ORDER_TYPE_SELL_LIMIT || type == ORDER_TYPE_SELL_STOP || type == ORDER_TYPE_SELL_STOP_LIMIT);
      if((!isBuy && !isSell) || (side == SR_SIDE_BUY && !isBuy) || (side == SR_SIDE_SELL && !isSell))
         continue;
      ArrayResize(tickets, n + 1);
      tickets[n] = (long)t;
      n++;
     }
   return n;
  }

// Deletes a pending order; false with the broker's code and reason.
bool SR_DeletePending(const long ticket, int &code, string &why)
  {
   MqlTradeRequest req;
   MqlTradeResult res;
   ZeroMemory(req);
   ZeroMemory(res);
   req.action = TRADE_ACTION_REMOVE;
   req.order = (ulong)ticket;
   ResetLastError();
   bool sent = OrderSend(req, res);
   code = (int)res.retcode;
   if(sent && SR_IsSuccessCode(res.retcode))
      return true;
   if(code == 0)
      code = GetLastError();
   why = SR_WithDetail(SR_TradeCodeText(code), res.comment);
   return false;
  }

#endif
