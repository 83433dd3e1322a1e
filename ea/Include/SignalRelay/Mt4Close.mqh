//+------------------------------------------------------------------+
//| Mt4Close.mqh - MT4 adapter: closing market orders, wholly or a   |
//| share of each (closePercent; MT4 leaves the rest open as a new   |
//| order). Included only through Platform.mqh.                      |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT4_CLOSE_MQH
#define SIGNALRELAY_MT4_CLOSE_MQH

#include <SignalRelay\Closing.mqh>

// The market orders a close acts on (the request's magic), oldest first
// (FIFO brokers require it).
int SR_ClosingOrders(const SR_CloseRequest &rq, int &tickets[])
  {
   datetime opened[];
   int n = 0;
   for(int i = OrdersTotal() - 1; i >= 0; i--)
     {
      if(!OrderSelect(i, SELECT_BY_POS, MODE_TRADES))
         continue;
      int type = OrderType();
      if(type != OP_BUY && type != OP_SELL)
         continue;
      if(rq.symbol != "" && OrderSymbol() != rq.symbol)
         continue;
      if((rq.side == SR_SIDE_BUY && type != OP_BUY) || (rq.side == SR_SIDE_SELL && type != OP_SELL))
         continue;
      if(OrderMagicNumber() != (int)rq.magic)
         continue;
      ArrayResize(tickets, n + 1);
      ArrayResize(opened, n + 1);
      tickets[n] = OrderTicket();
      opened[n] = OrderOpenTime();
      n++;
     }
   for(int i = 1; i < n; i++)
     {
      int t = tickets[i];
      datetime o = opened[i];
      int j = i - 1;
      while(j >= 0 && (opened[j] > o || (opened[j] == o && tickets[j] > t)))
        {
         tickets[j + 1] = tickets[j];
         opened[j + 1] = opened[j];
         j--;
        }
      tickets[j + 1] = t;
      opened[j + 1] = o;
     }
   return n;
  }

// The order that carries on after a partial close of `ticket`: MT4 leaves
// the rest open as a new order whose comment is "from #<ticket>"; 0 = none.
long SR_RemainderOf(const long ticket)
  {
   string from = "from #" + IntegerToString(ticket);
   for(int i = OrdersTotal() - 1; i >= 0; i--)
      if(OrderSelect(i, SELECT_BY_POS, MODE_TRADES) && OrderComment() == from)
         return OrderTicket();
   return 0;
  }

// Closes the request's orders, or `percent` of each: a share below the
// minimum volume leaves that order open, and the result says so.
int SR_ClosePositions(const SR_CloseRequest &rq, SR_TradeOutcome &out)
  {
   out.Clear();
   int tickets[];
   int n = SR_ClosingOrders(rq, tickets);
   if(n == 0)
     {
      out.ok = true;
      out.message = "Nothing to close: no matching open order";
      return SR_EXEC_DONE;
     }
   string skipped = "";
   for(int k = 0; k < n; k++)
     {
      if(!OrderSelect(tickets[k], SELECT_BY_TICKET) || OrderCloseTime() != 0)
        {
         out.closed++;   // closed meanwhile (stop loss, take profit or by hand)
         continue;
        }
      string sym = OrderSymbol();
      bool isBuy = (OrderType() == OP_BUY);
      double share = 0;
      string why = "";
      if(!SR_CloseShare(sym, OrderLots(), rq.percent, share, why))
        {
         skipped = SR_JoinMessages(skipped, "#" + IntegerToString(tickets[k]) + ": " + why);
         continue;
        }
      out.digits = (int)MarketInfo(sym, MODE_DIGITS);
      double price = NormalizeDouble(SR_Mt4Quote(sym, !isBuy), out.digits);
      ResetLastError();
      if(!OrderClose(tickets[k], share, price, rq.deviation, clrNONE))
        {
         out.ok = false;
         out.retcode = GetLastError();
         out.message = SR_TradeCodeText(out.retcode) + " while closing #" + IntegerToString(tickets[k]) + " " + sym;
         if(out.closed > 0)
            out.message += " (" + IntegerToString(out.closed) + " of " + IntegerToString(n) + " closed)";
         return SR_IsPassingCode(out.retcode) ? SR_EXEC_RETRY : SR_EXEC_DONE;
        }
      out.ticket = IntegerToString(tickets[k]);
      out.price = OrderSelect(tickets[k], SELECT_BY_TICKET) ? OrderClosePrice() : price;
      out.volume += share;
      out.closed++;
     }
   SR_FinishClose(out, n, rq.percent, skipped, "order");
   return SR_EXEC_DONE;
  }

#endif
