//+------------------------------------------------------------------+
//| Signal.mqh - the signal object (ea/PROTOCOL.md, "Signal object"  |
//| and "Version 3"): its positions, the struct every part of the    |
//| EA passes around, reading it from the server's JSON and writing  |
//| it back (the results file keeps received signals that way, so a |
//| restart resumes them with every field).                          |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_SIGNAL_MQH
#define SIGNALRELAY_SIGNAL_MQH

#include <SignalRelay\Json.mqh>

// Signal positions.
#define SR_POS_BUY       "buy"
#define SR_POS_SELL      "sell"
#define SR_POS_CLOSEBUY  "closebuy"
#define SR_POS_CLOSESELL "closesell"
#define SR_POS_CLOSEALL  "closeall"
// v3: pending orders at `price`, and the commands that act on this EA's orders.
#define SR_POS_BUYLIMIT  "buylimit"
#define SR_POS_SELLLIMIT "selllimit"
#define SR_POS_BUYSTOP   "buystop"
#define SR_POS_SELLSTOP  "sellstop"
#define SR_POS_CANCEL    "cancel"
#define SR_POS_MODIFY    "modify"

// v3: at most this many take-profit levels (`tps`).
#define SR_MAX_TPS 3

// One take-profit level: exactly one of the distances is above 0.
struct SR_TakeProfitLevel
  {
   double            points;
   double            pips;
   double            price;
   double            percent;     // share of the opened volume it closes
  };

// A signal as received, plus the EA's own bookkeeping. A v3 field the
// server left out holds its "not used" value: 0, false, "" (closePercent: 100).
struct SR_Signal
  {
   string            id;
   string            symbol;
   string            position;
   double            lot;
   double            slpoint;
   double            tppoint;
   double            trailingStop;
   double            breakEvenPips;
   double            riskPercentage;
   bool              isTest;
   long              receivedAt;
   long              ttlMs;
   double            price;          // v3 pending: entry price
   long              expiryMinutes;  // v3 pending: 0 = good till cancelled
   string            side;           // v3 cancel/modify: SR_POS_BUY or SR_POS_SELL, "" = both
   double            closePercent;   // v3 closes: share of each position, 100 = all
   bool              closeOpposite;  // v3 buy/sell: close the other side first
   double            slpips;
   double            tppips;
   double            slprice;
   double            tpprice;
   int               tpCount;        // v3: levels used in tps
   SR_TakeProfitLevel tps[SR_MAX_TPS];
   double            riskAmount;     // v3: account currency lost at the stop loss
   double            maxSpread;      // v3: points; 0 = no limit
   double            deviation;      // v3: points; 0 = the EA's default
   string            comment;        // v3: the order comment; "" = the EA's own
   long              magic;          // v3: 0 = the EA's magic number
   uint              receivedTick;   // GetTickCount() when this EA parsed it: the TTL runs from here
   int               attempts;
   uint              nextTryTick;
   string            lastWhy;        // why the last attempt must be retried

   void              CopyFrom(const SR_Signal &o)
     {
      id = o.id;
      symbol = o.symbol;
      position = o.position;
      lot = o.lot;
      slpoint = o.slpoint;
      tppoint = o.tppoint;
      trailingStop = o.trailingStop;
      breakEvenPips = o.breakEvenPips;
      riskPercentage = o.riskPercentage;
      isTest = o.isTest;
      receivedAt = o.receivedAt;
      ttlMs = o.ttlMs;
      price = o.price;
      expiryMinutes = o.expiryMinutes;
      side = o.side;
      closePercent = o.closePercent;
      closeOpposite = o.closeOpposite;
      slpips = o.slpips;
      tppips = o.tppips;
      slprice = o.slprice;
      tpprice = o.tpprice;
      tpCount = o.tpCount;
      for(int i = 0; i < SR_MAX_TPS; i++)
         tps[i] = o.tps[i];
      riskAmount = o.riskAmount;
      maxSpread = o.maxSpread;
      deviation = o.deviation;
      comment = o.comment;
      magic = o.magic;
      receivedTick = o.receivedTick;
      attempts = o.attempts;
      nextTryTick = o.nextTryTick;
      lastWhy = o.lastWhy;
     }
  };

bool SR_IsKnownPosition(const string position)
  {
   return position == SR_POS_BUY || position == SR_POS_SELL || position == SR_POS_CLOSEBUY || position == SR_POS_CLOSESELL ||
          position == SR_POS_CLOSEALL || position == SR_POS_BUYLIMIT || position == SR_POS_SELLLIMIT ||
          position == SR_POS_BUYSTOP || position == SR_POS_SELLSTOP || position == SR_POS_CANCEL || position == SR_POS_MODIFY;
  }

// The `tps` list; false (with `why`) when a level is not one the protocol allows.
bool SR_ReadTakeProfits(const CJsonDoc &doc, const int node, SR_Signal &s, string &why)
  {
   s.tpCount = 0;
   int list = doc.Child(node, "tps");
   if(list >= 0 && doc.Type(list) != SR_JSON_ARRAY && doc.Type(list) != SR_JSON_NULL)
      why = "tps is not a list";
   if(list < 0 || doc.Type(list) != SR_JSON_ARRAY)
      return why == "";
   double total = 0;
   for(int item = doc.Item(list, 0); item >= 0; item = doc.Next(item))
     {
      if(s.tpCount == SR_MAX_TPS)
        {
         why = "tps has more than " + IntegerToString(SR_MAX_TPS) + " levels";
         return false;
        }
      SR_TakeProfitLevel level;
      level.points = doc.GetNumber(item, "points");
      level.pips = doc.GetNumber(item, "pips");
      level.price = doc.GetNumber(item, "price");
      level.percent = doc.GetNumber(item, "percent");
      string at = "tps[" + IntegerToString(s.tpCount) + "]";
      int units = (level.points > 0 ? 1 : 0) + (level.pips > 0 ? 1 : 0) + (level.price > 0 ? 1 : 0);
      if(units != 1)
        {
         why = at + " needs exactly one of points, pips or price above 0";
         return false;
        }
      if(level.percent <= 0 || level.percent > 100)
        {
         why = at + ".percent must be above 0 and at most 100";
         return false;
        }
      total += level.percent;
      s.tps[s.tpCount] = level;
      s.tpCount++;
     }
   if(total > 100 + 1e-9)
     {
      why = "the tps percents add up to " + SR_JsonNumber(total, 2) + ", more than 100";
      return false;
     }
   return true;
  }

// False (with `why`) when a v3 number is negative.
bool SR_ReadNonNegative(const string name, const double value, string &why)
  {
   if(value < 0)
      why = name + " must not be negative";
   return value >= 0;
  }

// The v3 fields; false (with `why`) when one holds a value the protocol does not allow.
bool SR_ReadSignalV3(const CJsonDoc &doc, const int node, SR_Signal &s, string &why)
  {
   s.price = doc.GetNumber(node, "price");
   s.expiryMinutes = doc.GetLong(node, "expiryMinutes");
   s.side = doc.GetString(node, "side");
   StringToLower(s.side);
   s.closePercent = doc.GetNumber(node, "closePercent", 100);
   s.closeOpposite = doc.GetBool(node, "closeOpposite");
   s.slpips = doc.GetNumber(node, "slpips");
   s.tppips = doc.GetNumber(node, "tppips");
   s.slprice = doc.GetNumber(node, "slprice");
   s.tpprice = doc.GetNumber(node, "tpprice");
   s.riskAmount = doc.GetNumber(node, "riskAmount");
   s.maxSpread = doc.GetNumber(node, "maxSpread");
   s.deviation = doc.GetNumber(node, "deviation");
   s.comment = doc.GetString(node, "comment");
   s.magic = doc.GetLong(node, "magic");
   if(!SR_ReadTakeProfits(doc, node, s, why))
      return false;
   if(s.side != "" && s.side != SR_POS_BUY && s.side != SR_POS_SELL)
     {
      why = "side '" + s.side + "' is not buy or sell";
      return false;
     }
   if(s.closePercent <= 0 || s.closePercent > 100)
     {
      why = "closePercent " + SR_JsonNumber(s.closePercent, 4) + " is not above 0 and at most 100";
      return false;
     }
   if(StringLen(s.comment) > 24)
     {
      why = "comment is longer than 24 characters";
      return false;
     }
   return SR_ReadNonNegative("price", s.price, why) && SR_ReadNonNegative("expiryMinutes", (double)s.expiryMinutes, why) &&
          SR_ReadNonNegative("slpips", s.slpips, why) && SR_ReadNonNegative("tppips", s.tppips, why) &&
          SR_ReadNonNegative("slprice", s.slprice, why) && SR_ReadNonNegative("tpprice", s.tpprice, why) &&
          SR_ReadNonNegative("riskAmount", s.riskAmount, why) && SR_ReadNonNegative("maxSpread", s.maxSpread, why) &&
          SR_ReadNonNegative("deviation", s.deviation, why) && SR_ReadNonNegative("magic", (double)s.magic, why);
  }

// Reads a signal object; false (with `why`) when it lacks an id or position,
// or a field holds a value the protocol does not allow.
bool SR_ReadSignal(const CJsonDoc &doc, const int node, SR_Signal &s, string &why)
  {
   s.id = doc.GetString(node, "id");
   s.symbol = doc.GetString(node, "symbol");
   s.position = doc.GetString(node, "position");
   StringToLower(s.position);
   s.lot = doc.GetNumber(node, "lot");
   s.slpoint = doc.GetNumber(node, "slpoint");
   s.tppoint = doc.GetNumber(node, "tppoint");
   s.trailingStop = doc.GetNumber(node, "trailingStop");
   s.breakEvenPips = doc.GetNumber(node, "breakEvenPips");
   s.riskPercentage = doc.GetNumber(node, "riskPercentage");
   s.isTest = doc.GetBool(node, "isTest");
   s.receivedAt = doc.GetLong(node, "receivedAt");
   s.ttlMs = doc.GetLong(node, "ttlMs");
   s.receivedTick = GetTickCount();
   s.attempts = 0;
   s.nextTryTick = s.receivedTick;
   s.lastWhy = "";
   why = "";
   if(s.id == "")
     {
      why = "signal without an id";
      return false;
     }
   if(!SR_IsKnownPosition(s.position))
     {
      why = "unknown position '" + s.position + "'";
      return false;
     }
   return SR_ReadSignalV3(doc, node, s, why);
  }

// The signal as the server sent it (what SR_ReadSignal reads back), with
// every field.
string SR_SignalJson(const SR_Signal &s)
  {
   CJsonWriter w;
   w.BeginObject();
   w.AddString("id", s.id);
   w.AddString("symbol", s.symbol);
   w.AddString("position", s.position);
   w.AddNumber("lot", s.lot);
   w.AddNumber("slpoint", s.slpoint);
   w.AddNumber("tppoint", s.tppoint);
   w.AddNumber("trailingStop", s.trailingStop);
   w.AddNumber("breakEvenPips", s.breakEvenPips);
   w.AddNumber("riskPercentage", s.riskPercentage);
   w.AddLong("isTest", s.isTest ? 1 : 0);
   w.AddLong("receivedAt", s.receivedAt);
   w.AddLong("ttlMs", s.ttlMs);
   w.AddNumber("price", s.price);
   w.AddLong("expiryMinutes", s.expiryMinutes);
   w.AddString("side", s.side);
   w.AddNumber("closePercent", s.closePercent);
   w.AddLong("closeOpposite", s.closeOpposite ? 1 : 0);
   w.AddNumber("slpips", s.slpips);
   w.AddNumber("tppips", s.tppips);
   w.AddNumber("slprice", s.slprice);
   w.AddNumber("tpprice", s.tpprice);
   w.OpenArray("tps");
   for(int i = 0; i < s.tpCount; i++)
     {
      w.BeginObject();
      w.AddNumber("points", s.tps[i].points);
      w.AddNumber("pips", s.tps[i].pips);
      w.AddNumber("price", s.tps[i].price);
      w.AddNumber("percent", s.tps[i].percent);
      w.End();
     }
   w.End();
   w.AddNumber("riskAmount", s.riskAmount);
   w.AddNumber("maxSpread", s.maxSpread);
   w.AddNumber("deviation", s.deviation);
   w.AddString("comment", s.comment);
   w.AddLong("magic", s.magic);
   w.End();
   return w.Text();
  }

#endif
