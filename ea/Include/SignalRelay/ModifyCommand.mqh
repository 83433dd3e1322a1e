//+------------------------------------------------------------------+
//| ModifyCommand.mqh - the v3 `modify` position: sets the stop loss |
//| and/or take profit of this EA's open positions on the symbol     |
//| (`side` narrows), in points, pips or price; distances count from |
//| each position's open price, and a stop left out is unchanged.    |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MODIFY_COMMAND_MQH
#define SIGNALRELAY_MODIFY_COMMAND_MQH

#include <SignalRelay\PendingOrders.mqh>

// The stop a modify asks for on position `p` (`isSl`: its stop loss), or
// `current` when the signal leaves it out; false (with `why`) when a price
// is on the wrong side of the open price.
bool SR_ModifiedStop(const SR_Signal &s, const SR_PositionInfo &p, const bool isSl, const double current, double &stop,
                     string &why)
  {
   double price = isSl ? s.slprice : s.tpprice;
   double points = SR_DistancePoints(isSl ? s.slpoint : s.tppoint, isSl ? s.slpips : s.tppips, p.symbol);
   stop = current;
   if(price <= 0 && points <= 0)
      return true;
   bool above = (p.isBuy != isSl);   // a buy's take profit, a sell's stop loss
   if(!SR_PriceStopPoints(isSl ? "slprice" : "tpprice", price, p.openPrice, above, p.symbol, points, why))
     {
      why = "#" + IntegerToString(p.ticket) + ": " + why;
      return false;
     }
   stop = SR_StopPrice(price, points, p.openPrice, above, SymbolInfoDouble(p.symbol, SYMBOL_POINT), SR_PriceDigits(p.symbol));
   return true;
  }

int SR_ExecuteModify(const SR_Signal &s, const string symbol, SR_TradeOutcome &out)
  {
   bool hasSl = (s.slpoint > 0 || s.slpips > 0 || s.slprice > 0);
   bool hasTp = (s.tppoint > 0 || s.tppips > 0 || s.tpprice > 0);
   if(!hasSl && !hasTp)
     {
      out.message = "modify needs a stop loss or a take profit: slpoint, slpips, slprice, tppoint, tppips or tpprice";
      return SR_EXEC_DONE;
     }
   long ids[];
   int n = SR_EaPositions(symbol, SR_SignalSide(s), SR_SignalMagic(s), ids);
   if(n == 0)
     {
      out.message = "No open position of this EA on " + symbol + SR_SideText(s) + " to modify";
      return SR_EXEC_DONE;
     }
   out.digits = SR_PriceDigits(symbol);
   double sl = 0, tp = 0;
   for(int i = 0; i < n; i++)
     {
      SR_PositionInfo p;
      if(!SR_SelectPosition(ids[i], p))
         continue;   // closed meanwhile
      string why = "";
      if(!SR_ModifiedStop(s, p, true, p.sl, sl, why) || !SR_ModifiedStop(s, p, false, p.tp, tp, why))
        {
         out.message = why + (i > 0 ? " (" + IntegerToString(i) + " of " + IntegerToString(n) + " modified)" : "");
         return SR_EXEC_DONE;
        }
      out.ticket = IntegerToString(ids[i]);
      double point = SymbolInfoDouble(p.symbol, SYMBOL_POINT);
      if(MathAbs(sl - p.sl) < point / 2 && MathAbs(tp - p.tp) < point / 2)
         continue;   // already there: the broker would answer "no changes"
      int code = 0;
      if(!SR_ModifyStops(ids[i], sl, tp, code, why))
        {
         out.retcode = code;
         out.message = why + " while modifying #" + IntegerToString(ids[i]) + " " + symbol +
                       (i > 0 ? " (" + IntegerToString(i) + " of " + IntegerToString(n) + " modified)" : "");
         return SR_IsPassingCode(code) ? SR_EXEC_RETRY : SR_EXEC_DONE;
        }
     }
   out.ok = true;
   string stops = "";
   if(hasSl)
      stops = "stop loss " + DoubleToString(sl, out.digits);
   if(hasTp)
      stops += (stops == "" ? "" : " and ") + "take profit " + DoubleToString(tp, out.digits);
   out.message = (n == 1) ? "Set " + stops + " on #" + out.ticket :
                 "Set the " + SR_StopsText(hasSl ? 1 : 0, hasTp ? 1 : 0) + " of " + IntegerToString(n) + " positions (last: " + stops + ")";
   return SR_EXEC_DONE;
  }

#endif
