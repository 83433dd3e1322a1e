//+------------------------------------------------------------------+
//| Sizing.mqh - the lot of an opening: `lot`, or computed from the  |
//| money lost at the stop loss (riskAmount, or riskPercentage of    |
//| the balance), against the symbol's volume step and limits.       |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_SIZING_MQH
#define SIGNALRELAY_SIZING_MQH

#include <SignalRelay\Platform.mqh>
#include <SignalRelay\Volumes.mqh>

// The lot that loses `money` at a stop loss `slPoints` away; false (with
// `why`) without a stop loss or a tick value to price it.
bool SR_RiskLot(const string field, const double money, const string symbol, const bool isBuy, const double slPoints,
                double &lot, string &why)
  {
   if(slPoints <= 0)
     {
      why = field + " needs a stop loss: set slpoint, slpips or slprice in the alert";
      return false;
     }
   double lossPerLot = 0;
   if(!SR_LossPerLot(symbol, isBuy, slPoints, lossPerLot) || lossPerLot <= 0)
     {
      why = "Cannot size the lot from " + field + ": the broker gives no tick value for " + symbol;
      return false;
     }
   lot = money / lossPerLot;
   return true;
  }

// The volume to trade, floored to the broker's volume step: from
// riskAmount (money lost at the stop loss, `slPoints` away), else from
// riskPercentage (that share of the balance), else `lot`. A riskAmount lot
// is clamped to the symbol's minimum and maximum; a riskPercentage lot is
// capped at the maximum but below the minimum refused (v1), as is a `lot`
// outside them. `note` tells the trader when the volume differs from the ask.
bool SR_SignalVolume(const SR_Signal &s, const string symbol, const bool isBuy, const double slPoints, double &volume,
                     string &note, string &why)
  {
   double minLot = SymbolInfoDouble(symbol, SYMBOL_VOLUME_MIN);
   double maxLot = SymbolInfoDouble(symbol, SYMBOL_VOLUME_MAX);
   double step = SR_VolumeStep(symbol);
   bool byMoney = s.riskAmount > 0;
   bool risk = byMoney || s.riskPercentage > 0;
   double wanted = s.lot;
   note = "";
   if(byMoney && !SR_RiskLot("riskAmount", s.riskAmount, symbol, isBuy, slPoints, wanted, why))
      return false;
   if(!byMoney && risk &&
      !SR_RiskLot("riskPercentage", AccountInfoDouble(ACCOUNT_BALANCE) * s.riskPercentage / 100.0, symbol, isBuy, slPoints,
                  wanted, why))
      return false;
   if(wanted <= 0)
     {
      why = "The lot size is 0: set lot (or riskAmount or riskPercentage with a stop loss) in the alert";
      return false;
     }
   double floored = SR_FloorToStep(wanted, step);
   if(floored < minLot - 1e-9)
     {
      if(byMoney)
        {
         volume = minLot;
         note = "Lot " + SR_Lots(wanted) + " raised to the minimum " + SR_Lots(minLot);
         return true;
        }
      if(risk)
         why = "Risking " + SR_JsonNumber(s.riskPercentage, 2) + "% of the balance with a " + SR_JsonNumber(slPoints, 1) +
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
      note = byMoney ? "Lot " + SR_Lots(floored) + " lowered to the maximum " + SR_Lots(maxLot)
                     : "Risk sizing gave " + SR_Lots(floored) + " lots, capped at the broker's maximum of " + SR_Lots(maxLot);
      floored = maxLot;
     }
   else if(byMoney)
      note = "Lot " + SR_Lots(floored) + " from a riskAmount of " + SR_JsonNumber(s.riskAmount, 2);
   else if(risk)
      note = "Lot " + SR_Lots(floored) + " from " + SR_JsonNumber(s.riskPercentage, 2) + "% risk";
   else if(MathAbs(floored - wanted) > 1e-9)
      note = "Lot " + SR_Lots(wanted) + " rounded down to " + SR_Lots(floored) + " (volume step " + SR_Lots(step) + ")";
   volume = floored;
   return true;
  }

#endif
