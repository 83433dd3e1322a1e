//+------------------------------------------------------------------+
//| TakeProfitPlan.mqh - one position's `tps` levels (v3) as the     |
//| take-profit manager (TakeProfits.mqh) keeps them: their prices,  |
//| shares and what is taken, one line each in its file; and the     |
//| check of the levels before a position opens.                     |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_TAKE_PROFIT_PLAN_MQH
#define SIGNALRELAY_TAKE_PROFIT_PLAN_MQH

#include <SignalRelay\Platform.mqh>
#include <SignalRelay\OrderRequest.mqh>

// One position's levels.
struct SR_TpPlan
  {
   long              ticket;      // MT5: position id; MT4: order ticket (a partial close gives the rest a new one)
   string            symbol;
   bool              isBuy;
   double            opened;      // lots opened: each level closes its percent of this
   bool              breakEven;   // stop loss to the open price after the first level
   bool              moved;       // ... done
   int               deviation;
   int               count;
   double            price[SR_MAX_TPS];
   double            percent[SR_MAX_TPS];
   bool              taken[SR_MAX_TPS];
   uint              nextTry;

   void              CopyFrom(const SR_TpPlan &o)
     {
      ticket = o.ticket;
      symbol = o.symbol;
      isBuy = o.isBuy;
      opened = o.opened;
      breakEven = o.breakEven;
      moved = o.moved;
      deviation = o.deviation;
      count = o.count;
      for(int k = 0; k < SR_MAX_TPS; k++)
        {
         price[k] = o.price[k];
         percent[k] = o.percent[k];
         taken[k] = o.taken[k];
        }
      nextTry = o.nextTry;
     }
   // One line of the tps file: the fields, then price, percent, taken per level.
   string            ToLine(void) const
     {
      string line = IntegerToString(ticket) + "\t" + symbol + "\t" + (isBuy ? "1" : "0") + "\t" + DoubleToString(opened, 8) +
                    "\t" + (breakEven ? "1" : "0") + "\t" + (moved ? "1" : "0") + "\t" + IntegerToString(deviation) + "\t" +
                    IntegerToString(count);
      for(int k = 0; k < count; k++)
         line += "\t" + DoubleToString(price[k], 8) + "\t" + DoubleToString(percent[k], 4) + "\t" + (taken[k] ? "1" : "0");
      return line;
     }
   bool              FromLine(const string text)
     {
      string f[];
      int n = StringSplit(text, '\t', f);
      if(n < 8)
         return false;
      ticket = StringToInteger(f[0]);
      symbol = f[1];
      isBuy = (f[2] == "1");
      opened = StringToDouble(f[3]);
      breakEven = (f[4] == "1");
      moved = (f[5] == "1");
      deviation = (int)StringToInteger(f[6]);
      count = (int)StringToInteger(f[7]);
      if(count < 1 || count > SR_MAX_TPS || n != 8 + 3 * count)
         return false;
      for(int k = 0; k < count; k++)
        {
         price[k] = StringToDouble(f[8 + 3 * k]);
         percent[k] = StringToDouble(f[9 + 3 * k]);
         taken[k] = (f[10 + 3 * k] == "1");
        }
      nextTry = GetTickCount();
      return true;
     }
   bool              AnyTaken(void) const
     {
      for(int k = 0; k < count; k++)
         if(taken[k])
            return true;
      return false;
     }
   // Whether level k is the last one open of levels that add up to 100%.
   bool              TakesTheRest(const int k) const
     {
      double total = 0;
      for(int j = 0; j < count; j++)
        {
         total += percent[j];
         if(j != k && !taken[j])
            return false;
        }
      return total >= 100 - 1e-9;
     }
  };

// A level's price: given, else its distance (points or pips) from `entry`.
double SR_LevelPrice(const SR_TakeProfitLevel &level, const string symbol, const bool isBuy, const double entry)
  {
   double points = SR_DistancePoints(level.points, level.pips, symbol);
   return SR_StopPrice(level.price, points, entry, isBuy, SymbolInfoDouble(symbol, SYMBOL_POINT), SR_PriceDigits(symbol));
  }

// Before opening: a level given as a price must be on the profit side of
// the entry (the current price).
bool SR_TakeProfitsOk(const SR_Signal &s, const string symbol, const bool isBuy, string &why)
  {
   double entry = SymbolInfoDouble(symbol, isBuy ? SYMBOL_ASK : SYMBOL_BID);
   double points = 0;
   for(int k = 0; k < s.tpCount; k++)
      if(entry > 0 && !SR_PriceStopPoints("tps[" + IntegerToString(k) + "].price", s.tps[k].price, entry, isBuy, symbol,
                                          points, why))
         return false;
   return true;
  }

#endif
