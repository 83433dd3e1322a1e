//+------------------------------------------------------------------+
//| Types.mqh - values passed between the shared logic and the       |
//| MT4/MT5 adapters (Mt4*.mqh / Mt5*.mqh, chosen in Platform.mqh).   |
//| MQL passes structures by reference only, and copying one that    |
//| holds strings is done field by field (CopyFrom) to be safe on    |
//| every build.                                                     |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_TYPES_MQH
#define SIGNALRELAY_TYPES_MQH

// Every position the relay opens carries this magic number; closeall with
// an empty symbol closes exactly these.
#define SR_MAGIC 7301017
// Accepted slippage for market orders, in points.
#define SR_DEVIATION_POINTS 20

// What an execution attempt asks of the caller.
#define SR_EXEC_DONE  0   // the outcome is final: report it
#define SR_EXEC_RETRY 1   // a passing condition (requote, busy): try again while the TTL lasts

#define SR_SIDE_BUY  1
#define SR_SIDE_SELL 2
#define SR_SIDE_ANY  3

// The outcome of one trade operation, in the terms of the result message.
struct SR_TradeOutcome
  {
   bool              ok;
   int               retcode;     // broker return code (MT5) or error code (MT4); 0 = refused by the EA
   string            message;     // words a trader understands
   string            ticket;      // position (MT5) or order (MT4) ticket, digits
   double            price;
   double            volume;      // lots filled (opens) or closed (closes)
   int               closed;      // positions closed, wholly or in part (closes)
   int               digits;      // price digits of the symbol, for formatting
   double            pendingSl;   // stops asked for but not in place yet (MT4 sets them after the fill)
   double            pendingTp;
   string            rule;        // the account rule that refused it (Rules.mqh); "" = none

   void              Clear(void)
     {
      ok = false;
      retcode = 0;
      message = "";
      ticket = "";
      price = 0;
      volume = 0;
      closed = 0;
      digits = 5;
      pendingSl = 0;
      pendingTp = 0;
      rule = "";
     }
  };

// A market order as the platform sends it. An absolute stop (price above 0)
// wins over its distance in points, which counts from the fill.
struct SR_OpenRequest
  {
   string            symbol;
   bool              isBuy;
   double            volume;
   double            slPoints;
   double            tpPoints;
   double            slPrice;
   double            tpPrice;
   string            comment;
   long              magic;
   int               deviation;   // points of slippage accepted
  };

// Which positions a close acts on, and how much of each.
struct SR_CloseRequest
  {
   string            symbol;      // "" = every symbol
   int               side;        // SR_SIDE_*
   long              magic;
   double            percent;     // share of each position, 100 = all
   int               deviation;
  };

// A stop's price: `price` when given, else `points` from `from`, above it
// when `above` (a buy's take profit, a sell's stop loss); 0 = none.
double SR_StopPrice(const double price, const double points, const double from, const bool above, const double point,
                    const int digits)
  {
   if(price > 0)
      return NormalizeDouble(price, digits);
   if(points <= 0)
      return 0;
   return NormalizeDouble(above ? from + points * point : from - points * point, digits);
  }

// "stop loss", "take profit" or "stop loss and take profit", for messages.
string SR_StopsText(const double sl, const double tp)
  {
   if(sl > 0 && tp > 0)
      return "stop loss and take profit";
   return (sl > 0) ? "stop loss" : "take profit";
  }

// Two sentences of a result message, either of which may be empty.
string SR_JoinMessages(const string a, const string b)
  {
   if(a == "")
      return b;
   if(b == "")
      return a;
   return a + ". " + b;
  }

// Decimals to send a symbol's prices with. A symbol the terminal no longer
// knows (delisted, renamed) has no digits: 8 keeps its prices exact
// instead of rounding them to whole numbers.
int SR_PriceDigits(const string symbol)
  {
   long digits = 0;
   if(!SymbolInfoInteger(symbol, SYMBOL_DIGITS, digits) || digits <= 0)
      return 8;
   return (int)digits;
  }

// An open position as the stop manager needs it.
struct SR_PositionInfo
  {
   long              ticket;
   string            symbol;
   bool              isBuy;
   double            openPrice;
   double            sl;
   double            tp;
   double            volume;
  };

// One row of the orders report (ea/PROTOCOL.md, "Orders report").
struct SR_OrderRow
  {
   string            ticket;
   string            symbol;
   string            orderType;
   double            lots;
   double            openPrice;
   double            closePrice;
   double            stopLoss;
   double            takeProfit;
   double            profit;
   double            commission;
   double            swap;
   long              magic;
   string            comment;
   string            status;
   long              openTime;    // ms since the epoch, UTC
   long              closeTime;   // 0 while open
   int               digits;
  };

#endif
