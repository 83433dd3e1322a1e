//+------------------------------------------------------------------+
//| Mt4Pending.mqh - MT4 adapter: pending orders (OP_BUYLIMIT ...    |
//| OP_SELLSTOP) placed, found again, listed and deleted.            |
//| Included only through Platform.mqh.                              |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT4_PENDING_MQH
#define SIGNALRELAY_MT4_PENDING_MQH

bool SR_IsMt4Pending(const int type)
  {
   return type == OP_BUYLIMIT || type == OP_SELLLIMIT || type == OP_BUYSTOP || type == OP_SELLSTOP;
  }

// Places a pending order at `price`. Unlike market orders, pending orders
// carry their stops (prices, 0 = none) even on market-execution servers.
// The broker deletes it at `expiry` (server time; 0 = never).
int SR_PlacePending(const SR_OpenRequest &rq, const bool isLimit, const double price, const double sl, const double tp,
                    const datetime expiry, SR_TradeOutcome &out)
  {
   out.Clear();
   out.digits = (int)MarketInfo(rq.symbol, MODE_DIGITS);
   int cmd = rq.isBuy ? (isLimit ? OP_BUYLIMIT : OP_BUYSTOP) : (isLimit ? OP_SELLLIMIT : OP_SELLSTOP);
   ResetLastError();
   int ticket = OrderSend(rq.symbol, cmd, rq.volume, price, 0, sl, tp, rq.comment, (int)rq.magic, expiry, clrNONE);
   if(ticket < 0)
     {
      out.retcode = GetLastError();
      out.message = SR_TradeCodeText(out.retcode);
      return SR_IsPassingCode(out.retcode) ? SR_EXEC_RETRY : SR_EXEC_DONE;
     }
   out.ok = true;
   out.ticket = IntegerToString(ticket);
   out.price = price;
   out.volume = rq.volume;
   return SR_EXEC_DONE;
  }

// The pending order an earlier attempt of this signal placed, by its
// comment (a prefix) and magic.
bool SR_FindPending(const string comment, const long magic, SR_TradeOutcome &out)
  {
   for(int i = OrdersTotal() - 1; i >= 0; i--)
     {
      if(!OrderSelect(i, SELECT_BY_POS, MODE_TRADES) || !SR_IsMt4Pending(OrderType()) ||
         OrderMagicNumber() != (int)magic || StringFind(OrderComment(), comment) != 0)
         continue;
      out.ok = true;
      out.ticket = IntegerToString(OrderTicket());
      out.price = OrderOpenPrice();
      out.volume = OrderLots();
      out.digits = (int)MarketInfo(OrderSymbol(), MODE_DIGITS);
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
      if(!OrderSelect(i, SELECT_BY_POS, MODE_TRADES) || (symbol != "" && OrderSymbol() != symbol) ||
         OrderMagicNumber() != (int)magic)
         continue;
      int type = OrderType();
      if(!SR_IsMt4Pending(type))
         continue;
      bool isBuy = (type == OP_BUYLIMIT || type == OP_BUYSTOP);
      if((side == SR_SIDE_BUY && !isBuy) || (side == SR_SIDE_SELL && isBuy))
         continue;
      ArrayResize(tickets, n + 1);
      tickets[n] = OrderTicket();
      n++;
     }
   return n;
  }

// Deletes a pending order; false with the error code and reason.
bool SR_DeletePending(const long ticket, int &code, string &why)
  {
   ResetLastError();
   if(OrderDelete((int)ticket, clrNONE))
      return true;
   code = GetLastError();
   why = SR_TradeCodeText(code);
   return false;
  }

#endif
