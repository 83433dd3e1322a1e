//+------------------------------------------------------------------+
//| OrderRequest.mqh - what a signal asks of the broker beyond its   |
//| lot: stops in points, pips (v3) or price (v3), the spread guard  |
//| (maxSpread), slippage (deviation), the order comment and magic.  |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_ORDER_REQUEST_MQH
#define SIGNALRELAY_ORDER_REQUEST_MQH

#include <SignalRelay\Platform.mqh>
#include <SignalRelay\Symbols.mqh>

// The magic number a signal acts with: its own (v3), else the EA's.
long SR_SignalMagic(const SR_Signal &s)
  {
   return (s.magic > 0) ? s.magic : SR_MAGIC;
  }

// The slippage a signal accepts, in points: its own (v3), else the EA's.
int SR_SignalDeviation(const SR_Signal &s)
  {
   return (s.deviation > 0) ? (int)MathRound(s.deviation) : SR_DEVIATION_POINTS;
  }

// The order comment ends with the end of the signal id (the random part of
// a UUIDv7), so an attempt whose reply was lost finds its trade: the
// trader's comment (at most 24 characters) and 6 of them, else
// "SignalRelay" and 12. MT keeps 31 characters.
string SR_OrderComment(const SR_Signal &s)
  {
   int keep = (s.comment == "") ? 12 : 6;
   int n = StringLen(s.id);
   string tail = (n > keep) ? StringSubstr(s.id, n - keep) : s.id;
   return ((s.comment == "") ? "SignalRelay" : s.comment) + " " + tail;
  }

// A stop's distance in points: given in points, else in pips (v3).
double SR_DistancePoints(const double points, const double pips, const string symbol)
  {
   return (points > 0) ? points : pips * SR_PipPoints(symbol);
  }

// A stop given as a price (v3): its distance from `entry` in points; false
// (with `why`) when it is on the wrong side of the entry.
bool SR_PriceStopPoints(const string field, const double price, const double entry, const bool above, const string symbol,
                        double &points, string &why)
  {
   if(price <= 0)
      return true;
   double point = SymbolInfoDouble(symbol, SYMBOL_POINT);
   int digits = SR_PriceDigits(symbol);
   if((above && price <= entry) || (!above && price >= entry))
     {
      why = field + " " + DoubleToString(price, digits) + " must be " + (above ? "above" : "below") + " the entry price " +
            DoubleToString(entry, digits);
      return false;
     }
   points = MathAbs(price - entry) / point;
   return true;
  }

// The market order an opening signal asks for (its volume is the
// caller's); false (with `why`) when the spread is above the alert's
// maxSpread or a price stop is on the wrong side. `slPoints`/`tpPoints`
// are the stops' distances from the current entry, whatever their unit.
bool SR_BuildOpen(const SR_Signal &s, const string symbol, const bool isBuy, SR_OpenRequest &rq, double &slPoints,
                  double &tpPoints, string &why)
  {
   rq.symbol = symbol;
   rq.isBuy = isBuy;
   rq.volume = 0;
   rq.slPoints = SR_DistancePoints(s.slpoint, s.slpips, symbol);
   rq.tpPoints = SR_DistancePoints(s.tppoint, s.tppips, symbol);
   rq.slPrice = s.slprice;
   rq.tpPrice = s.tpprice;
   rq.comment = SR_OrderComment(s);
   rq.magic = SR_SignalMagic(s);
   rq.deviation = SR_SignalDeviation(s);
   slPoints = rq.slPoints;
   tpPoints = rq.tpPoints;
   double point = SymbolInfoDouble(symbol, SYMBOL_POINT);
   double bid = SymbolInfoDouble(symbol, SYMBOL_BID);
   double ask = SymbolInfoDouble(symbol, SYMBOL_ASK);
   if(point <= 0 || bid <= 0 || ask <= 0)
      return true;   // no quote: the order itself will say so
   double spread = MathRound((ask - bid) / point);
   if(s.maxSpread > 0 && spread > s.maxSpread + 1e-9)
     {
      why = "Spread " + DoubleToString(spread, 0) + " points is above the alert's maxSpread " + SR_JsonNumber(s.maxSpread, 1);
      return false;
     }
   double entry = isBuy ? ask : bid;
   return SR_PriceStopPoints("slprice", s.slprice, entry, !isBuy, symbol, slPoints, why) &&
          SR_PriceStopPoints("tpprice", s.tpprice, entry, isBuy, symbol, tpPoints, why);
  }

// Which positions a closing signal acts on: `side` of `symbol`, the share
// closePercent asks (v3), with the signal's magic and slippage.
void SR_BuildClose(const SR_Signal &s, const string symbol, const int side, SR_CloseRequest &rq)
  {
   rq.symbol = symbol;
   rq.side = side;
   rq.magic = SR_SignalMagic(s);
   rq.percent = s.closePercent;
   rq.deviation = SR_SignalDeviation(s);
  }

#endif
