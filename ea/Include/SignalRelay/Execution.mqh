//+------------------------------------------------------------------+
//| Execution.mqh - turns one signal into its trade operations and   |
//| one result: permission checks, symbol resolution, the request    |
//| (OrderRequest.mqh) and lot (Sizing.mqh), then the platform's     |
//| market order (after closing the other side, for closeOpposite),  |
//| close, pending order, cancel or modify (PendingOrders.mqh,       |
//| ModifyCommand.mqh). TTL, dedupe and test signals are the relay's.|
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_EXECUTION_MQH
#define SIGNALRELAY_EXECUTION_MQH

#include <SignalRelay\Platform.mqh>
#include <SignalRelay\Symbols.mqh>
#include <SignalRelay\OpenPositions.mqh>
#include <SignalRelay\OrderRequest.mqh>
#include <SignalRelay\Sizing.mqh>
#include <SignalRelay\PendingOrders.mqh>
#include <SignalRelay\ModifyCommand.mqh>

// Whether the asked stops keep the broker's minimum distance from the price
// it closes at (stops level, and freeze level, which forbids later changes
// that close): a stop inside it would be refused, or on MT4 never placed.
// The spread counts: a buy's stop loss sits below the ask it opened at but
// is measured from the bid.
bool SR_StopsOutsideLevel(const string symbol, const double slPoints, const double tpPoints, string &why)
  {
   double point = SymbolInfoDouble(symbol, SYMBOL_POINT);
   double bid = SymbolInfoDouble(symbol, SYMBOL_BID);
   double ask = SymbolInfoDouble(symbol, SYMBOL_ASK);
   if(point <= 0 || bid <= 0 || ask <= 0)
      return true;   // no quote: the order itself will say so
   long level = MathMax(SymbolInfoInteger(symbol, SYMBOL_TRADE_STOPS_LEVEL), SymbolInfoInteger(symbol, SYMBOL_TRADE_FREEZE_LEVEL));
   if(level <= 0)
      return true;
   double spread = MathRound((ask - bid) / point);
   string problem = "";
   if(slPoints > 0 && slPoints - spread < level)
      problem = "stop loss " + SR_JsonNumber(slPoints, 1) + " points";
   if(tpPoints > 0 && tpPoints + spread < level)
      problem += (problem == "" ? "" : " and ") + "take profit " + SR_JsonNumber(tpPoints, 1) + " points";
   if(problem == "")
      return true;
   why = "The " + problem + " is too close to the price: " + symbol + " needs at least " + IntegerToString(level) +
         " points from the closing price (spread now " + DoubleToString(spread, 0) + " points). Widen slpoint/tppoint in the alert";
   return false;
  }

void SR_FillResult(SR_Result &r, const string id, const bool ok, const int retcode, const string message,
                   const string ticket, const double price, const int digits)
  {
   r.id = id;
   r.status = ok ? SR_STATUS_SUCCESS : SR_STATUS_ERROR;
   r.retcode = retcode;
   r.message = message;
   r.ticket = ticket;
   r.price = price;
   r.digits = digits;
   r.executedAt = SR_NowMs();
   r.volume = 0;
   r.rule = "";
  }

// closeOpposite (v3): closes the signal's positions of the other direction
// on `symbol` before it opens. `done` says what was closed; when a close
// fails, out says so and that nothing was opened.
int SR_CloseOpposite(const SR_Signal &s, const string symbol, const bool isBuy, string &done, SR_TradeOutcome &out)
  {
   SR_CloseRequest rq;
   SR_BuildClose(s, symbol, isBuy ? SR_SIDE_SELL : SR_SIDE_BUY, rq);
   rq.percent = 100;
   int verdict = SR_ClosePositions(rq, out);
   string side = isBuy ? SR_POS_SELL : SR_POS_BUY;
   if(!out.ok)
      out.message = "Nothing opened: closing the " + side + " positions failed: " + out.message;
   else if(out.closed == 0)
      done = "No " + side + " position to close";
   else
      done = "Closed " + IntegerToString(out.closed) + " " + side + " position" + (out.closed == 1 ? "" : "s") + " (" +
             SR_Lots(out.volume) + " lots)";
   return verdict;
  }

// Opens the market position of a buy/sell signal. Returns what SR_Execute does.
// The account rules refuse it before anything is sent (a reverse frees the
// places of the positions it closes first), never an earlier attempt's fill.
int SR_ExecuteOpen(const SR_Signal &s, const string symbol, string &note, SR_TradeOutcome &out, COpenPositions &positions,
                   CAccountRules &rules)
  {
   bool isBuy = (s.position == SR_POS_BUY);
   string why = "";
   SR_OpenRequest rq;
   double slPoints = 0, tpPoints = 0;
   if(!SR_CanOpenSide(symbol, isBuy, why) || !SR_BuildOpen(s, symbol, isBuy, rq, slPoints, tpPoints, why) ||
      !SR_TakeProfitsOk(s, symbol, isBuy, why) || !SR_SignalVolume(s, symbol, isBuy, slPoints, rq.volume, note, why))
     {
      out.message = why;
      return SR_EXEC_DONE;
     }
   int verdict;
   // An earlier attempt that timed out or lost its reply may have been
   // filled: look at the broker before sending again.
   if(s.attempts > 0 && SR_FindOpened(rq.comment, rq.magic, out))
     {
      note = SR_JoinMessages(note, "Filled by an earlier attempt (found at the broker after " + s.lastWhy + ")");
      verdict = SR_EXEC_DONE;
     }
   else
     {
      long opposite[];
      int freed = s.closeOpposite ? SR_EaPositions(symbol, isBuy ? SR_SIDE_SELL : SR_SIDE_BUY, rq.magic, opposite) : 0;
      if(!rules.AllowOpening(rq.volume, rq.magic, freed, out.rule, why) || !SR_StopsOutsideLevel(symbol, slPoints, tpPoints, why))
        {
         out.message = why;
         return SR_EXEC_DONE;
        }
      string closed = "";
      if(s.closeOpposite)
        {
         verdict = SR_CloseOpposite(s, symbol, isBuy, closed, out);
         if(!out.ok)
            return verdict;
        }
      verdict = SR_OpenMarket(rq, out);
      if(s.closeOpposite && out.ok)
         note = SR_JoinMessages(closed + "; opened " + s.position, note);
      else if(s.closeOpposite)
         out.message = closed + "; the " + s.position + " failed: " + out.message;
     }
   if(verdict == SR_EXEC_DONE && out.ok)
      note = SR_JoinMessages(note, positions.Opened(s, symbol, isBuy, out));
   return verdict;
  }

// Executes a signal. Returns SR_EXEC_RETRY (with the reason in r.message)
// when a passing condition may clear while the TTL lasts. Openings (market
// and pending) meet the account rules; closes, cancels and modifies never.
int SR_Execute(const SR_Signal &s, SR_Result &r, COpenPositions &positions, CAccountRules &rules)
  {
   string why = "";
   int code = 0;
   bool isOpen = (s.position == SR_POS_BUY || s.position == SR_POS_SELL);
   // Pending orders, cancel and modify act on one symbol, as openings do.
   bool onSymbol = isOpen || SR_IsPendingPosition(s.position) || s.position == SR_POS_CANCEL || s.position == SR_POS_MODIFY;
   if(!SR_CheckTradePermission(why, code))
     {
      // A terminal still reconnecting to its broker may be back within the TTL.
      SR_FillResult(r, s.id, false, code, why, "", 0, 0);
      return SR_IsPassingCode(code) ? SR_EXEC_RETRY : SR_EXEC_DONE;
     }
   string symbol = "";
   if((s.symbol != "" || onSymbol) && !SR_ResolveSymbol(s.symbol, symbol, why))
     {
      SR_FillResult(r, s.id, false, 0, why, "", 0, 0);
      return SR_EXEC_DONE;
     }
   SR_TradeOutcome out;
   out.Clear();
   string note = "";
   int verdict;
   if(isOpen)
      verdict = SR_ExecuteOpen(s, symbol, note, out, positions, rules);
   else if(SR_IsPendingPosition(s.position))
      verdict = SR_ExecutePending(s, symbol, note, out, rules);
   else if(s.position == SR_POS_CANCEL)
      verdict = SR_ExecuteCancel(s, symbol, out);
   else if(s.position == SR_POS_MODIFY)
      verdict = SR_ExecuteModify(s, symbol, out);
   else
     {
      int side = SR_SIDE_ANY;
      if(s.position == SR_POS_CLOSEBUY)
         side = SR_SIDE_BUY;
      else if(s.position == SR_POS_CLOSESELL)
         side = SR_SIDE_SELL;
      SR_CloseRequest rq;
      SR_BuildClose(s, symbol, side, rq);
      verdict = SR_ClosePositions(rq, out);
     }
   SR_FillResult(r, s.id, out.ok, out.retcode, out.ok ? SR_JoinMessages(note, out.message) : out.message, out.ticket, out.price,
                 out.digits);
   if(out.ok)
      r.volume = out.volume;
   r.rule = out.rule;
   return verdict;
  }

#endif
