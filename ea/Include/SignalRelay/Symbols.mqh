//+------------------------------------------------------------------+
//| Symbols.mqh - the alert's symbol -> the broker's symbol.         |
//| Exact name first (any case, anywhere on the server), then the    |
//| broker's decorations of that exact name in Market Watch: a       |
//| suffix after a separator or in lower case (EURUSD.m, EURUSDm,    |
//| EURUSD.pro), a prefix before a separator or in lower case        |
//| (m.EURUSD). Never containment: OIL is not USOIL, US30 is not     |
//| US3000. Two candidates or none: refused, naming what was seen.   |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_SYMBOLS_MQH
#define SIGNALRELAY_SYMBOLS_MQH

#include <SignalRelay\Log.mqh>

#define SR_SYMBOL_SEPARATORS "._-#!+"
#define SR_SYMBOL_HINTS_MAX  8

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

bool SR_IsSeparator(const ushort c)
  {
   return StringFind(SR_SYMBOL_SEPARATORS, ShortToString(c)) >= 0;
  }

bool SR_IsLowerWord(const string s)
  {
   int n = StringLen(s);
   for(int i = 0; i < n; i++)
     {
      ushort c = StringGetCharacter(s, i);
      if(c < 'a' || c > 'z')
         return false;
     }
   return n > 0;
  }

// A broker's decoration of a symbol name: "" (none), a lower-case word
// ("m", "pro", "ecn"), or anything joined with a separator (".m", "_ECN",
// "m."). Upper-case letters or digits glued to the name are another
// instrument (US + OIL, US30 + 00), never a decoration.
bool SR_IsDecoration(const string part, const bool isSuffix)
  {
   int n = StringLen(part);
   if(n == 0 || SR_IsLowerWord(part))
      return true;
   ushort joint = StringGetCharacter(part, isSuffix ? 0 : n - 1);
   return SR_IsSeparator(joint);
  }

// Whether `name` is the broker's decorated form of `want` (upper case).
bool SR_IsDecoratedName(const string name, const string want)
  {
   int at = StringFind(SR_Upper(name), want);
   while(at >= 0)
     {
      string prefix = StringSubstr(name, 0, at);
      string suffix = StringSubstr(name, at + StringLen(want));
      if(SR_IsDecoration(prefix, false) && SR_IsDecoration(suffix, true))
         return true;
      at = StringFind(SR_Upper(name), want, at + 1);
     }
   return false;
  }

string SR_JoinNames(const string &names[], const int count)
  {
   string text = "";
   for(int i = 0; i < count && i < SR_SYMBOL_HINTS_MAX; i++)
      text += (i == 0 ? "" : ", ") + names[i];
   if(count > SR_SYMBOL_HINTS_MAX)
      text += " and " + IntegerToString(count - SR_SYMBOL_HINTS_MAX) + " more";
   return text;
  }

void SR_AddName(string &names[], int &count, const string name)
  {
   ArrayResize(names, count + 1, 8);
   names[count] = name;
   count++;
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
      // The broker's decorated names of exactly this symbol, and (for the
      // message only) the Market Watch names that merely contain it.
      string matches[];
      string seen[];
      int matchCount = 0;
      int seenCount = 0;
      int watched = SymbolsTotal(true);
      for(int i = 0; i < watched; i++)
        {
         string name = SymbolName(i, true);
         if(StringFind(SR_Upper(name), want) < 0)
            continue;
         if(SR_IsDecoratedName(name, want) && SR_IsTradable(name))
            SR_AddName(matches, matchCount, name);
         else
            SR_AddName(seen, seenCount, name);
        }
      if(matchCount > 1)
        {
         why = "Symbol " + requested + " is ambiguous at this broker: Market Watch has " + SR_JoinNames(matches, matchCount) +
               ". Put the exact broker symbol in the alert";
         return false;
        }
      if(matchCount == 0)
        {
         why = "Symbol " + requested + " is not available at this broker (also looked for it with a prefix or suffix " +
               "in Market Watch)";
         if(seenCount > 0)
            why += "; Market Watch has " + SR_JoinNames(seen, seenCount) + ", which are other instruments";
         why += ". Show it in Market Watch (Ctrl+U) or check the symbol in the alert";
         return false;
        }
      found = matches[0];
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
