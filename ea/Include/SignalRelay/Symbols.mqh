//+------------------------------------------------------------------+
//| Symbols.mqh - the alert's symbol -> the broker's symbol.         |
//| Exact name first (any case, anywhere on the server), then a      |
//| tradable Market Watch symbol that adds a prefix and/or suffix    |
//| (EURUSD -> EURUSD.m, EURUSDpro, mEURUSD); the shortest wins.     |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_SYMBOLS_MQH
#define SIGNALRELAY_SYMBOLS_MQH

#include <SignalRelay\Log.mqh>

string g_srSymbolFrom[];
string g_srSymbolTo[];

string SR_Upper(const string s)
  {
   string u = s;
   StringToUpper(u);
   return u;
  }

bool SR_IsTradable(const string name)
  {
   return SymbolInfoInteger(name, SYMBOL_TRADE_MODE) != SYMBOL_TRADE_MODE_DISABLED;
  }

// Resolves `requested`; false with a trader-readable reason.
bool SR_ResolveSymbol(const string requested, string &resolved, string &why)
  {
   string want = SR_Upper(requested);
   if(want == "")
     {
      why = "The signal has no symbol";
      return false;
     }
   for(int i = 0; i < ArraySize(g_srSymbolFrom); i++)
      if(g_srSymbolFrom[i] == want)
        {
         resolved = g_srSymbolTo[i];
         return true;
        }

   string found = "";
   int total = SymbolsTotal(false);
   for(int i = 0; i < total && found == ""; i++)
     {
      string name = SymbolName(i, false);
      if(SR_Upper(name) == want)
         found = name;
     }
   if(found == "")
     {
      int watched = SymbolsTotal(true);
      for(int i = 0; i < watched; i++)
        {
         string name = SymbolName(i, true);
         if(StringFind(SR_Upper(name), want) < 0 || !SR_IsTradable(name))
            continue;
         if(found == "" || StringLen(name) < StringLen(found))
            found = name;
        }
     }
   if(found == "")
     {
      why = "Symbol " + requested + " is not available at this broker (also looked for it with a prefix or suffix " +
            "in Market Watch). Show it in Market Watch (Ctrl+U) or check the symbol in the alert";
      return false;
     }
   // Quotes and trading need the symbol in Market Watch.
   SymbolSelect(found, true);
   int n = ArraySize(g_srSymbolFrom);
   ArrayResize(g_srSymbolFrom, n + 1);
   ArrayResize(g_srSymbolTo, n + 1);
   g_srSymbolFrom[n] = want;
   g_srSymbolTo[n] = found;
   if(found != requested)
      SR_Info("symbol " + requested + " is " + found + " at this broker");
   resolved = found;
   return true;
  }

// Whether the broker lets us open this side now; false with the reason.
bool SR_CanOpenSide(const string symbol, const bool isBuy, string &why)
  {
   long mode = SymbolInfoInteger(symbol, SYMBOL_TRADE_MODE);
   if(mode == SYMBOL_TRADE_MODE_DISABLED)
      why = "Trading " + symbol + " is disabled by the broker";
   else if(mode == SYMBOL_TRADE_MODE_CLOSEONLY)
      why = symbol + " is close-only at this broker: new positions are not allowed";
   else if(mode == SYMBOL_TRADE_MODE_LONGONLY && !isBuy)
      why = "Only buy positions are allowed on " + symbol;
   else if(mode == SYMBOL_TRADE_MODE_SHORTONLY && isBuy)
      why = "Only sell positions are allowed on " + symbol;
   else
      return true;
   return false;
  }

// Points in one pip: 10 on 3- and 5-digit quotes, 1 otherwise.
double SR_PipPoints(const string symbol)
  {
   long digits = SymbolInfoInteger(symbol, SYMBOL_DIGITS);
   return (digits == 3 || digits == 5) ? 10.0 : 1.0;
  }

#endif
