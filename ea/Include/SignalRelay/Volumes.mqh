//+------------------------------------------------------------------+
//| Volumes.mqh - lot arithmetic against a symbol's volume limits:   |
//| flooring to the step and formatting.                             |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_VOLUMES_MQH
#define SIGNALRELAY_VOLUMES_MQH

#include <SignalRelay\Json.mqh>

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

// The symbol's volume step; a broker that gives none trades in its minimum.
double SR_VolumeStep(const string symbol)
  {
   double step = SymbolInfoDouble(symbol, SYMBOL_VOLUME_STEP);
   if(step > 0)
      return step;
   double minLot = SymbolInfoDouble(symbol, SYMBOL_VOLUME_MIN);
   return (minLot > 0) ? minLot : 0.01;
  }

// `lots` rounded down to a whole number of steps.
double SR_FloorToStep(const double lots, const double step)
  {
   return NormalizeDouble(MathFloor(lots / step + 1e-7) * step, SR_StepDigits(step));
  }

#endif
