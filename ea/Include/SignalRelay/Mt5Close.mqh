//+------------------------------------------------------------------+
//| Mt5Close.mqh - MT5 adapter: closing positions, wholly or a share |
//| of each (closePercent). Included only through Platform.mqh.      |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT5_CLOSE_MQH
#define SIGNALRELAY_MT5_CLOSE_MQH

#include <SignalRelay\Closing.mqh>

// The positions a close acts on, oldest first (FIFO brokers require it).
// Hedging accounts close only positions with the request's magic; on
// netting accounts a symbol has one shared position, which is closed
// whoever opened it.
int SR_ClosingPositions(const SR_CloseRequest &rq, ulong &tickets[])
  {
   bool netting = SR_IsNetting();
   long opened[];
   int n = 0;
   for(int i = 0; i < PositionsTotal(); i++)
     {
      ulong t = PositionGetTicket(i);
      if(t == 0)
         continue;
      bool isBuy = PositionGetInteger(POSITION_TYPE) == POSITION_TYPE_BUY;
      if(rq.symbol != "" && PositionGetString(POSITION_SYMBOL) != rq.symbol)
         continue;
      if((rq.side == SR_SIDE_BUY && !isBuy) || (rq.side == SR_SIDE_SELL && isBuy))
         continue;
      if(!(netting && rq.symbol != "") && PositionGetInteger(POSITION_MAGIC) != rq.magic)
         continue;
      ArrayResize(tickets, n + 1);
      ArrayResize(opened, n + 1);
      tickets[n] = t;
      opened[n] = PositionGetInteger(POSITION_TIME_MSC);
      n++;
     }
   // Oldest first (insertion sort: a handful of positions).
   for(int i = 1; i < n; i++)
     {
      ulong t = tickets[i];
      long o = opened[i];
      int j = i - 1;
      while(j >= 0 && opened[j] > o)
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

// Closes `share` lots of the selected position, in deals of at most the
// symbol's maximum volume. SR_EXEC_DONE with out.ok false (or RETRY) when
// the broker refuses; `done` counts what was closed.
int SR_CloseSelected(const ulong ticket, const double share, const SR_CloseRequest &rq, double &done, SR_TradeOutcome &out)
  {
   string sym = PositionGetString(POSITION_SYMBOL);
   bool isBuy = PositionGetInteger(POSITION_TYPE) == POSITION_TYPE_BUY;
   double remaining = PositionGetDouble(POSITION_VOLUME);
   double maxLot = SymbolInfoDouble(sym, SYMBOL_VOLUME_MAX);
   double dust = SR_VolumeStep(sym) * 0.5;
   double keep = remaining - share;
   done = 0;
   out.digits = (int)SymbolInfoInteger(sym, SYMBOL_DIGITS);
   while(remaining > keep + dust)
     {
      double before = remaining;
      MqlTick tick;
      if(!SymbolInfoTick(sym, tick))
        {
         out.retcode = TRADE_RETCODE_PRICE_OFF;
         out.message = SR_TradeCodeText(TRADE_RETCODE_PRICE_OFF) + " (" + sym + ")";
         return SR_EXEC_RETRY;
        }
      double part = remaining - keep;
      part = NormalizeDouble((maxLot > 0 && part > maxLot) ? maxLot : part, 8);
      MqlTradeRequest req;
      MqlTradeResult res;
      ZeroMemory(req);
      req.action = TRADE_ACTION_DEAL;
      req.position = ticket;
      req.symbol = sym;
      req.volume = part;
      req.type = isBuy ? ORDER_TYPE_SELL : ORDER_TYPE_BUY;
      req.price = isBuy ? tick.bid : tick.ask;
      req.deviation = rq.deviation;
      req.magic = (ulong)rq.magic;
      req.type_time = ORDER_TIME_GTC;
      string detail;
      uint code = SR_SendDeal(req, res, detail);
      out.retcode = (int)code;
      if(!SR_IsSuccessCode(code))
        {
         out.message = SR_WithDetail(SR_TradeCodeText((int)code), detail) + " while closing #" + IntegerToString((long)ticket) +
                       " " + sym;
         return SR_IsPassingCode((int)code) ? SR_EXEC_RETRY : SR_EXEC_DONE;
        }
      out.price = (res.price > 0) ? res.price : req.price;
      // A partial fill leaves volume open: what is left is what the
      // broker says, never what was asked.
      remaining = PositionSelectByTicket(ticket) ? PositionGetDouble(POSITION_VOLUME) : 0;
      done += before - remaining;
      if(remaining > before - dust)
        {
         out.retcode = TRADE_RETCODE_DONE_PARTIAL;
         out.message = "The broker filled none of the close of #" + IntegerToString((long)ticket) + " " + sym + ": " +
                       SR_JsonNumber(remaining, 4) + " lots are still open";
         return SR_EXEC_RETRY;
        }
     }
   out.ok = true;
   return SR_EXEC_DONE;
  }

// The position that carries on after a partial close of `ticket`: none on
// MT5, where a position keeps its ticket until it is closed in full.
long SR_RemainderOf(const long ticket)
  {
   return 0;
  }

// Closes the request's positions, or `percent` of each: a share below the
// minimum volume leaves that position open, and the result says so.
int SR_ClosePositions(const SR_CloseRequest &rq, SR_TradeOutcome &out)
  {
   out.Clear();
   ulong tickets[];
   int n = SR_ClosingPositions(rq, tickets);
   if(n == 0)
     {
      out.ok = true;
      out.message = "Nothing to close: no matching open position";
      return SR_EXEC_DONE;
     }
   string skipped = "";
   for(int k = 0; k < n; k++)
     {
      if(!PositionSelectByTicket(tickets[k]))
        {
         out.closed++;   // closed meanwhile (stop loss, take profit or by hand)
         continue;
        }
      double share = 0;
      string why = "";
      if(!SR_CloseShare(PositionGetString(POSITION_SYMBOL), PositionGetDouble(POSITION_VOLUME), rq.percent, share, why))
        {
         skipped = SR_JoinMessages(skipped, "#" + IntegerToString((long)tickets[k]) + ": " + why);
         continue;
        }
      double done = 0;
      out.ok = false;
      int verdict = SR_CloseSelected(tickets[k], share, rq, done, out);
      out.volume += done;
      if(!out.ok)
        {
         if(out.closed > 0)
            out.message += " (" + IntegerToString(out.closed) + " of " + IntegerToString(n) + " closed)";
         return verdict;
        }
      out.ticket = IntegerToString((long)tickets[k]);
      out.closed++;
     }
   SR_FinishClose(out, n, rq.percent, skipped, "position");
   return SR_EXEC_DONE;
  }

#endif
