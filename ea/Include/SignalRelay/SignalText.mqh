//+------------------------------------------------------------------+
//| SignalText.mqh - a signal in the journal's words ("buy EURUSD    |
//| lot 0.1 sl 200 tp 400"): what the trader reads in the Experts    |
//| tab and the chart comment when it arrives.                       |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_SIGNAL_TEXT_MQH
#define SIGNALRELAY_SIGNAL_TEXT_MQH

#include <SignalRelay\Signal.mqh>
#include <SignalRelay\Volumes.mqh>

// " sl 200", " sl 20 pips" or " sl price 1.09", by the unit the alert used.
string SR_StopText(const string name, const double points, const double pips, const double price)
  {
   if(price > 0)
      return " " + name + " price " + SR_JsonNumber(price, 8);
   if(pips > 0)
      return " " + name + " " + SR_JsonNumber(pips, 1) + " pips";
   return " " + name + " " + SR_JsonNumber(points, 1);
  }

string SR_DescribeSignal(const SR_Signal &s)
  {
   string what = s.position + " " + s.symbol;
   bool opens = (s.position == SR_POS_BUY || s.position == SR_POS_SELL);
   bool pending = (s.position == SR_POS_BUYLIMIT || s.position == SR_POS_SELLLIMIT || s.position == SR_POS_BUYSTOP ||
                   s.position == SR_POS_SELLSTOP);
   if(pending)
      what += " at " + SR_JsonNumber(s.price, 8) + (s.expiryMinutes > 0 ? " for " + IntegerToString(s.expiryMinutes) + " min" : "");
   if(opens || pending)
     {
      if(s.riskAmount > 0)
         what += " risk " + SR_JsonNumber(s.riskAmount, 2);
      else
         what += (s.riskPercentage > 0) ? " risk " + SR_JsonNumber(s.riskPercentage, 2) + "%" : " lot " + SR_Lots(s.lot);
     }
   if(opens || pending || s.position == SR_POS_MODIFY)
     {
      what += SR_StopText("sl", s.slpoint, s.slpips, s.slprice);
      what += (s.tpCount > 0) ? " tp " + IntegerToString(s.tpCount) + " levels" : SR_StopText("tp", s.tppoint, s.tppips, s.tpprice);
      if(s.trailingStop > 0)
         what += " trailing " + SR_JsonNumber(s.trailingStop, 1);
      if(s.breakEvenPips > 0)
         what += " break-even " + SR_JsonNumber(s.breakEvenPips, 1) + " pips";
     }
   if(s.closePercent < 100)
      what += " " + SR_JsonNumber(s.closePercent, 2) + "%";
   if(s.closeOpposite)
      what += " closing the other side first";
   if(s.side != "")
      what += " " + s.side + " side";
   if(s.maxSpread > 0)
      what += " max spread " + SR_JsonNumber(s.maxSpread, 1);
   if(s.magic > 0)
      what += " magic " + IntegerToString(s.magic);
   return what;
  }

#endif
