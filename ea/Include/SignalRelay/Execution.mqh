//+------------------------------------------------------------------+
//| Execution.mqh - turns one signal into one trade operation and    |
//| its result: permission checks, symbol resolution, lot sizing     |
//| (fixed or from riskPercentage), then the platform's market       |
//| order or close. TTL, dedupe and test signals are the relay's.    |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_EXECUTION_MQH
#define SIGNALRELAY_EXECUTION_MQH

#include <SignalRelay\Platform.mqh>
#include <SignalRelay\Symbols.mqh>
#include <SignalRelay\Stops.mqh>
#include <SignalRelay\Rules.mqh>

// Decimals of a volume step (0.01 -> 2).
int SR_StepDigits(const double step)
  {
   int digits = 0;
   double x = step;
   while(digits < 8 && MathAbs(x - MathRound(x)) > 1e-7)
     {
      x *= 10;
      digits++;
     }
   return digits;
  }

string SR_Lots(const double lots)
  {
   return SR_JsonNumber(lots, 4);
  }

// The volume to trade: from riskPercentage (the loss at the stop loss is
// that share of the balance) when it is above 0, else `lot`. Floored to the
// broker's volume step; below the minimum the signal is refused, never
// rounded up. `note` tells the trader when the volume differs from the ask.
bool SR_SignalVolume(const SR_Signal &s, const string symbol, const bool isBuy, double &volume, string &note, string &why)
  {
   double minLot = SymbolInfoDouble(symbol, SYMBOL_VOLUME_MIN);
   double maxLot = SymbolInfoDouble(symbol, SYMBOL_VOLUME_MAX);
   double step = SymbolInfoDouble(symbol, SYMBOL_VOLUME_STEP);
   if(step <= 0)
      step = (minLot > 0) ? minLot : 0.01;
   bool risk = s.riskPercentage > 0;
   double wanted = s.lot;
   note = "";
   if(risk)
     {
      if(s.slpoint <= 0)
        {
         why = "riskPercentage needs a stop loss: set slpoint above 0 in the alert";
         return false;
        }
      double lossPerLot = 0;
      if(!SR_LossPerLot(symbol, isBuy, s.slpoint, lossPerLot) || lossPerLot <= 0)
        {
         why = "Cannot size the lot from riskPercentage: the broker gives no tick value for " + symbol;
         return false;
        }
      double balance = AccountInfoDouble(ACCOUNT_BALANCE);
      wanted = balance * s.riskPercentage / 100.0 / lossPerLot;
     }
   if(wanted <= 0)
     {
      why = "The lot size is 0: set lot (or riskPercentage with slpoint) in the alert";
      return false;
     }
   double floored = NormalizeDouble(MathFloor(wanted / step + 1e-7) * step, SR_StepDigits(step));
   if(floored < minLot - 1e-9)
     {
      if(risk)
         why = "Risking " + SR_JsonNumber(s.riskPercentage, 2) + "% of the balance with a " + SR_JsonNumber(s.slpoint, 1) +
               "-point stop loss gives " + SR_Lots(wanted) + " lots, below the broker's minimum of " + SR_Lots(minLot) +
               " for " + symbol + ": not traded";
      else
         why = "Lot " + SR_Lots(wanted) + " is below the broker's minimum of " + SR_Lots(minLot) + " for " + symbol;
      return false;
     }
   if(maxLot > 0 && floored > maxLot + 1e-9)
     {
      if(!risk)
        {
         why = "Lot " + SR_Lots(wanted) + " is above the broker's maximum of " + SR_Lots(maxLot) + " for " + symbol;
         return false;
        }
      note = "Risk sizing gave " + SR_Lots(floored) + " lots, capped at the broker's maximum of " + SR_Lots(maxLot);
      floored = maxLot;
     }
   else if(risk)
      note = "Lot " + SR_Lots(floored) + " from " + SR_JsonNumber(s.riskPercentage, 2) + "% risk";
   else if(MathAbs(floored - wanted) > 1e-9)
      note = "Lot " + SR_Lots(wanted) + " rounded down to " + SR_Lots(floored) + " (volume step " + SR_Lots(step) + ")";
   volume = floored;
   return true;
  }

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

// The order comment: the end of the signal id (the random part of a UUIDv7)
// so a trade can be matched to its signal; MT5 keeps 31 characters.
string SR_OrderComment(const string signalId)
  {
   int n = StringLen(signalId);
   return "SignalRelay " + ((n > 12) ? StringSubstr(signalId, n - 12) : signalId);
  }

string SR_JoinMessages(const string a, const string b)
  {
   if(a == "")
      return b;
   if(b == "")
      return a;
   return a + ". " + b;
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

// Executes a buy/sell/close signal. Returns SR_EXEC_RETRY (with the reason
// in r.message) when a passing condition may clear while the TTL lasts.
// The account rules refuse an opening before it is sent, never one an
// earlier attempt already filled, and never a close.
int SR_Execute(const SR_Signal &s, SR_Result &r, CStopManager &stops, CAccountRules &rules)
  {
   string why = "";
   int code = 0;
   bool isOpen = (s.position == SR_POS_BUY || s.position == SR_POS_SELL);
   if(!isOpen && s.position != SR_POS_CLOSEBUY && s.position != SR_POS_CLOSESELL && s.position != SR_POS_CLOSEALL)
     {
      SR_FillResult(r, s.id, false, 0, "This EA cannot run " + s.position + " signals yet", "", 0, 0);
      return SR_EXEC_DONE;
     }
   if(!SR_CheckTradePermission(why, code))
     {
      // A terminal still reconnecting to its broker may be back within the TTL.
      SR_FillResult(r, s.id, false, code, why, "", 0, 0);
      return SR_IsPassingCode(code) ? SR_EXEC_RETRY : SR_EXEC_DONE;
     }
   string symbol = "";
   if(s.symbol != "" || isOpen)
     {
      if(!SR_ResolveSymbol(s.symbol, symbol, why))
        {
         SR_FillResult(r, s.id, false, 0, why, "", 0, 0);
         return SR_EXEC_DONE;
        }
     }
   SR_TradeOutcome out;
   out.Clear();
   string note = "";
   int verdict;
   if(isOpen)
     {
      bool isBuy = (s.position == SR_POS_BUY);
      double volume = 0;
      if(!SR_CanOpenSide(symbol, isBuy, why) || !SR_SignalVolume(s, symbol, isBuy, volume, note, why))
        {
         SR_FillResult(r, s.id, false, 0, why, "", 0, 0);
         return SR_EXEC_DONE;
        }
      string comment = SR_OrderComment(s.id);
      // An earlier attempt that timed out or lost its reply may have been
      // filled: look at the broker before sending again.
      if(s.attempts > 0 && SR_FindOpened(comment, SR_MAGIC, out))
        {
         note = SR_JoinMessages(note, "Filled by an earlier attempt (found at the broker after " + s.lastWhy + ")");
         verdict = SR_EXEC_DONE;
        }
      else
        {
         string rule = "";
         if(!rules.AllowOpening(volume, rule, why) || !SR_StopsOutsideLevel(symbol, s.slpoint, s.tppoint, why))
           {
            SR_FillResult(r, s.id, false, 0, why, "", 0, 0);
            r.rule = rule;
            return SR_EXEC_DONE;
           }
         verdict = SR_OpenMarket(symbol, isBuy, volume, s.slpoint, s.tppoint, comment, SR_MAGIC, out);
        }
      if(verdict == SR_EXEC_DONE && out.ok)
         stops.Track(StringToInteger(out.ticket), s.trailingStop, s.breakEvenPips, out.pendingSl, out.pendingTp);
     }
   else
     {
      int side = SR_SIDE_ANY;
      if(s.position == SR_POS_CLOSEBUY)
         side = SR_SIDE_BUY;
      else if(s.position == SR_POS_CLOSESELL)
         side = SR_SIDE_SELL;
      verdict = SR_ClosePositions(symbol, side, SR_MAGIC, out);
     }
   SR_FillResult(r, s.id, out.ok, out.retcode, out.ok ? SR_JoinMessages(note, out.message) : out.message,
                 out.ticket, out.price, out.digits);
   if(out.ok)
      r.volume = out.volume;
   return verdict;
  }

#endif
