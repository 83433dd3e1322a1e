//+------------------------------------------------------------------+
//| Closing.mqh - what the platforms' closes (Mt5Close.mqh,          |
//| Mt4Close.mqh) share: the part of a position a partial close      |
//| (closePercent) takes, and the words of the result.               |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_CLOSING_MQH
#define SIGNALRELAY_CLOSING_MQH

#include <SignalRelay\Types.mqh>
#include <SignalRelay\Volumes.mqh>

// The lots a close of `percent` takes from a position of `volume` lots:
// rounded down to the step. False (with `why`) when that share, or what
// it would leave open, is below the symbol's minimum: nothing is closed.
bool SR_CloseShare(const string symbol, const double volume, const double percent, double &share, string &why)
  {
   share = volume;
   if(percent >= 100)
      return true;
   double minLot = SymbolInfoDouble(symbol, SYMBOL_VOLUME_MIN);
   share = SR_FloorToStep(volume * percent / 100.0, SR_VolumeStep(symbol));
   double left = volume - share;
   string asked = SR_JsonNumber(percent, 2) + "% of " + SR_Lots(volume) + " lots";
   if(share < minLot - 1e-9)
      why = asked + " is " + SR_Lots(share) + " lots, below the minimum " + SR_Lots(minLot) + ": not closed";
   else if(left > 1e-9 && left < minLot - 1e-9)
      why = asked + " would leave " + SR_Lots(left) + " lots open, below the minimum " + SR_Lots(minLot) + ": not closed";
   else
      return true;
   return false;
  }

// The outcome of a close that matched `n` positions (MT4: orders, `noun`),
// `skipped` naming those left open because of the minimum volume. When
// every one was skipped nothing happened: that is an error the trader reads.
void SR_FinishClose(SR_TradeOutcome &out, const int n, const double percent, const string skipped, const string noun)
  {
   if(out.closed == 0 && skipped != "")
     {
      out.ok = false;
      out.retcode = 0;
      out.message = "Nothing closed: " + skipped;
      return;
     }
   out.ok = true;
   string text = "";
   if(percent < 100)
      text = "Closed " + SR_JsonNumber(percent, 2) + "% of " + IntegerToString(out.closed) + " " + noun +
             (out.closed == 1 ? "" : "s") + " (" + SR_Lots(out.volume) + " lots)";
   else if(n > 1)
      text = "Closed " + IntegerToString(n) + " " + noun + "s";
   out.message = SR_JoinMessages(text, skipped);
  }

#endif
