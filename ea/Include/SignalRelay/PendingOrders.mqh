//+------------------------------------------------------------------+
//| PendingOrders.mqh - the v3 pending positions (buylimit,          |
//| selllimit, buystop, sellstop at `price`, deleted by the broker   |
//| after expiryMinutes) and `cancel` (this EA's pending orders on   |
//| the symbol; `side` narrows). The platforms' orders are in        |
//| Mt5Pending.mqh / Mt4Pending.mqh.                                 |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_PENDING_ORDERS_MQH
#define SIGNALRELAY_PENDING_ORDERS_MQH

#include <SignalRelay\Platform.mqh>
#include <SignalRelay\Symbols.mqh>
#include <SignalRelay\OrderRequest.mqh>
#include <SignalRelay\Sizing.mqh>
#include <SignalRelay\Rules.mqh>

bool SR_IsPendingPosition(const string position)
  {
   return position == SR_POS_BUYLIMIT || position == SR_POS_SELLLIMIT || position == SR_POS_BUYSTOP ||
          position == SR_POS_SELLSTOP;
  }

// SR_SIDE_* of a signal's `side` ("" = both).
int SR_SignalSide(const SR_Signal &s)
  {
   if(s.side == SR_POS_BUY)
      return SR_SIDE_BUY;
   return (s.side == SR_POS_SELL) ? SR_SIDE_SELL : SR_SIDE_ANY;
  }

// " (buy side)", " (sell side)" or "", for messages.
string SR_SideText(const SR_Signal &s)
  {
   return (s.side == "") ? "" : " (" + s.side + " side)";
  }

// Whether a pending order at `price` waits on the right side of the market
// and at least the stops level away from it: a limit waits for a better
// price (a buy limit below the ask), a stop for a worse one (a buy stop
// above it). Buy orders trigger on the ask, sell orders on the bid.
bool SR_PendingPriceOk(const string position, const string symbol, const bool isBuy, const bool isLimit,
                       const double price, string &why)
  {
   double point = SymbolInfoDouble(symbol, SYMBOL_POINT);
   double market = SymbolInfoDouble(symbol, isBuy ? SYMBOL_ASK : SYMBOL_BID);
   if(point <= 0 || market <= 0)
      return true;   // no quote: the order itself will say so
   int digits = SR_PriceDigits(symbol);
   bool above = (isBuy != isLimit);
   double distance = MathRound((above ? price - market : market - price) / point);
   string at = position + " at " + DoubleToString(price, digits);
   string quote = (isBuy ? "the ask " : "the bid ") + DoubleToString(market, digits);
   if(distance <= 0)
     {
      string other = isBuy ? (isLimit ? "buystop buys above" : "buylimit buys below") :
                     (isLimit ? "sellstop sells below" : "selllimit sells above");
      why = at + " is " + (above ? "below " : "above ") + quote + ": a " + position + " waits " + (above ? "above" : "below") +
            " the market (" + other + " it). Not placed";
      return false;
     }
   long level = SymbolInfoInteger(symbol, SYMBOL_TRADE_STOPS_LEVEL);
   if(distance >= level)
      return true;
   why = at + " is only " + DoubleToString(distance, 0) + " points from " + quote + ": " + symbol + " needs at least " +
         IntegerToString(level) + " points (stops level). Not placed";
   return false;
  }

// Places the pending order of a buylimit/selllimit/buystop/sellstop signal.
// Stops count from `price`; the lot is sized as for a market order. An
// opening: the account rules refuse it before it is sent.
int SR_ExecutePending(const SR_Signal &s, const string symbol, string &note, SR_TradeOutcome &out, CAccountRules &rules)
  {
   bool isBuy = (s.position == SR_POS_BUYLIMIT || s.position == SR_POS_BUYSTOP);
   bool isLimit = (s.position == SR_POS_BUYLIMIT || s.position == SR_POS_SELLLIMIT);
   string why = "";
   if(s.price <= 0)
     {
      out.message = s.position + " needs price above 0: the price the order waits for";
      return SR_EXEC_DONE;
     }
   int digits = SR_PriceDigits(symbol);
   double point = SymbolInfoDouble(symbol, SYMBOL_POINT);
   double price = NormalizeDouble(s.price, digits);
   SR_OpenRequest rq;
   rq.symbol = symbol;
   rq.isBuy = isBuy;
   rq.comment = SR_OrderComment(s);
   rq.magic = SR_SignalMagic(s);
   rq.deviation = SR_SignalDeviation(s);
   double slPoints = SR_DistancePoints(s.slpoint, s.slpips, symbol);
   double tpPoints = SR_DistancePoints(s.tppoint, s.tppips, symbol);
   if(!SR_CanOpenSide(symbol, isBuy, why) || !SR_PendingPriceOk(s.position, symbol, isBuy, isLimit, price, why) ||
      !SR_PriceStopPoints("slprice", s.slprice, price, !isBuy, symbol, slPoints, why) ||
      !SR_PriceStopPoints("tpprice", s.tpprice, price, isBuy, symbol, tpPoints, why) ||
      !SR_SignalVolume(s, symbol, isBuy, slPoints, rq.volume, note, why))
     {
      out.message = why;
      return SR_EXEC_DONE;
     }
   // An earlier attempt whose reply was lost may have placed it.
   if(s.attempts > 0 && SR_FindPending(rq.comment, rq.magic, out))
     {
      note = SR_JoinMessages(note, "Placed by an earlier attempt (found at the broker after " + s.lastWhy + ")");
      return SR_EXEC_DONE;
     }
   if(!rules.AllowOpening(rq.volume, rq.magic, 0, out.rule, why))
     {
      out.message = why;
      return SR_EXEC_DONE;
     }
   double sl = SR_StopPrice(s.slprice, slPoints, price, !isBuy, point, digits);
   double tp = SR_StopPrice(s.tpprice, tpPoints, price, isBuy, point, digits);
   datetime expiry = (s.expiryMinutes > 0) ? SR_ServerNow() + (datetime)(s.expiryMinutes * 60) : 0;
   int verdict = SR_PlacePending(rq, isLimit, price, sl, tp, expiry, out);
   if(out.ok)
      out.message = s.position + " " + SR_Lots(rq.volume) + " lots at " + DoubleToString(price, digits) + " placed, " +
                    ((s.expiryMinutes > 0) ? "expires in " + IntegerToString(s.expiryMinutes) + " min" : "good till cancelled");
   return verdict;
  }

// Deletes this EA's pending orders on `symbol` (`side` narrows). None is
// an error: the trader expected something to cancel.
int SR_ExecuteCancel(const SR_Signal &s, const string symbol, SR_TradeOutcome &out)
  {
   long tickets[];
   int n = SR_PendingOrders(symbol, SR_SignalSide(s), SR_SignalMagic(s), tickets);
   if(n == 0)
     {
      out.message = "No pending order of this EA on " + symbol + SR_SideText(s) + " to cancel";
      return SR_EXEC_DONE;
     }
   for(int i = 0; i < n; i++)
     {
      int code = 0;
      string why = "";
      if(!SR_DeletePending(tickets[i], code, why))
        {
         out.retcode = code;
         out.message = why + " while cancelling #" + IntegerToString(tickets[i]) + " " + symbol;
         if(i > 0)
            out.message += " (" + IntegerToString(i) + " of " + IntegerToString(n) + " cancelled)";
         return SR_IsPassingCode(code) ? SR_EXEC_RETRY : SR_EXEC_DONE;
        }
      out.ticket = IntegerToString(tickets[i]);
     }
   out.ok = true;
   out.message = (n == 1) ? "Cancelled pending order #" + out.ticket : "Cancelled " + IntegerToString(n) + " pending orders";
   return SR_EXEC_DONE;
  }

#endif
