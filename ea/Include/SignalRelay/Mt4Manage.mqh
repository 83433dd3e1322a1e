//+------------------------------------------------------------------+
//| Mt4Manage.mqh - MT4 adapter: this EA's open orders on a symbol   |
//| (modify) and closing part of one (take-profit levels).           |
//| Included only through Platform.mqh, after Mt4Close.mqh.          |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT4_MANAGE_MQH
#define SIGNALRELAY_MT4_MANAGE_MQH

// The market orders a close of `side` on `symbol` with `magic` would act
// on, oldest first.
int SR_EaPositions(const string symbol, const int side, const long magic, long &ids[])
  {
   SR_CloseRequest rq;
   rq.symbol = symbol;
   rq.side = side;
   rq.magic = magic;
   rq.percent = 100;
   rq.deviation = SR_DEVIATION_POINTS;
   int tickets[];
   int n = SR_ClosingOrders(rq, tickets);
   ArrayResize(ids, n);
   for(int i = 0; i < n; i++)
      ids[i] = tickets[i];
   return n;
  }

// MT4 leaves what a partial close did not take open as a new order whose
// comment is "from #<ticket>"; 0 when there is none.
long SR_Mt4Remainder(const long ticket)
  {
   string mark = "from #" + IntegerToString(ticket);
   for(int i = OrdersTotal() - 1; i >= 0; i--)
      if(OrderSelect(i, SELECT_BY_POS, MODE_TRADES) && OrderComment() == mark)
         return OrderTicket();
   return 0;
  }

// Closes `lots` of an order at the market. `left` is what stays open: the
// new ticket MT4 gives the rest, 0 when the order is gone.
bool SR_ClosePart(const long ticket, const double lots, const int deviation, long &left, int &code, string &why)
  {
   if(!OrderSelect((int)ticket, SELECT_BY_TICKET) || OrderCloseTime() != 0)
     {
      code = 4108;
      why = "The order is already closed";
      return false;
     }
   string sym = OrderSymbol();
   bool isBuy = (OrderType() == OP_BUY);
   double total = OrderLots();
   double price = NormalizeDouble(SR_Mt4Quote(sym, !isBuy), (int)MarketInfo(sym, MODE_DIGITS));
   ResetLastError();
   if(!OrderClose((int)ticket, lots, price, deviation, clrNONE))
     {
      code = GetLastError();
      why = SR_TradeCodeText(code);
      return false;
     }
   left = (lots < total - 1e-9) ? SR_Mt4Remainder(ticket) : 0;
   return true;
  }

#endif
