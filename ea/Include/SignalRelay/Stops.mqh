//+------------------------------------------------------------------+
//| Stops.mqh - what the relay keeps doing for positions it opened,  |
//| from the timer (and on ticks). Kept in                           |
//| SignalRelay\stops-<account>.txt so a restart carries on.         |
//|                                                                  |
//| Missing stops: a stop loss / take profit the broker did not take |
//| with the fill (MT4 sets them after it) is retried until it is in |
//| place or the position is gone.                                   |
//| Break-even: once the position is breakEvenPips in profit, the    |
//| stop loss moves to the open price.                               |
//| Trailing: once the position is trailingStop points in profit,   |
//| the stop loss follows the price at that distance, and only ever |
//| moves in the position's favour.                                  |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_STOPS_MQH
#define SIGNALRELAY_STOPS_MQH

#include <SignalRelay\Files.mqh>
#include <SignalRelay\Platform.mqh>
#include <SignalRelay\Symbols.mqh>

#define SR_STOPS_MIN_GAP_MS   1000   // at most one modification per position per second
#define SR_STOPS_RETRY_MS     5000   // after a refused modification

class CStopManager
  {
private:
   string            m_file;
   long              m_ticket[];
   double            m_trail[];     // points
   double            m_bePips[];
   double            m_wantSl[];    // prices still to be placed; 0 = nothing missing
   double            m_wantTp[];
   uint              m_nextTry[];
   int               m_count;

   void              Save(void)
     {
      string lines[];
      ArrayResize(lines, m_count);
      for(int i = 0; i < m_count; i++)
         lines[i] = IntegerToString(m_ticket[i]) + "\t" + DoubleToString(m_trail[i], 1) + "\t" +
                    DoubleToString(m_bePips[i], 1) + "\t" + DoubleToString(m_wantSl[i], 8) + "\t" +
                    DoubleToString(m_wantTp[i], 8);
      int err = SR_ReplaceFile(m_file, lines, m_count);
      if(err != 0)
         SR_CannotWrite(m_file, err, "after a restart, stops are managed as last saved");
     }
   void              RemoveAt(const int index)
     {
      for(int i = index + 1; i < m_count; i++)
        {
         m_ticket[i - 1] = m_ticket[i];
         m_trail[i - 1] = m_trail[i];
         m_bePips[i - 1] = m_bePips[i];
         m_wantSl[i - 1] = m_wantSl[i];
         m_wantTp[i - 1] = m_wantTp[i];
         m_nextTry[i - 1] = m_nextTry[i];
        }
      m_count--;
     }
   void              Put(const long ticket, const double trailPoints, const double bePips, const double wantSl,
                         const double wantTp)
     {
      for(int i = 0; i < m_count; i++)
         if(m_ticket[i] == ticket)
           {
            m_trail[i] = trailPoints;
            m_bePips[i] = bePips;
            m_wantSl[i] = wantSl;
            m_wantTp[i] = wantTp;
            return;
           }
      ArrayResize(m_ticket, m_count + 1, 16);
      ArrayResize(m_trail, m_count + 1, 16);
      ArrayResize(m_bePips, m_count + 1, 16);
      ArrayResize(m_wantSl, m_count + 1, 16);
      ArrayResize(m_wantTp, m_count + 1, 16);
      ArrayResize(m_nextTry, m_count + 1, 16);
      m_ticket[m_count] = ticket;
      m_trail[m_count] = trailPoints;
      m_bePips[m_count] = bePips;
      m_wantSl[m_count] = wantSl;
      m_wantTp[m_count] = wantTp;
      m_nextTry[m_count] = GetTickCount();
      m_count++;
     }
   // Places the stops the broker has not taken yet; true once they are in.
   bool              PlaceMissing(const int i, const SR_PositionInfo &p)
     {
      double sl = (m_wantSl[i] > 0) ? m_wantSl[i] : p.sl;
      double tp = (m_wantTp[i] > 0) ? m_wantTp[i] : p.tp;
      int digits = (int)SymbolInfoInteger(p.symbol, SYMBOL_DIGITS);
      int code = 0;
      string why = "";
      if(!SR_ModifyStops(m_ticket[i], sl, tp, code, why))
        {
         SR_LogThrottled("stops-missing-" + IntegerToString(m_ticket[i]), "#" + IntegerToString(m_ticket[i]) + " " + p.symbol +
                         " still has no " + SR_StopsText(m_wantSl[i], m_wantTp[i]) + ": " + why + " (error " +
                         IntegerToString(code) + "); trying again", 30000);
         return false;
        }
      SR_Info("#" + IntegerToString(m_ticket[i]) + " " + p.symbol + " " + SR_StopsText(m_wantSl[i], m_wantTp[i]) +
              " now in place (stop loss " + DoubleToString(sl, digits) + ", take profit " + DoubleToString(tp, digits) + ")");
      m_wantSl[i] = 0;
      m_wantTp[i] = 0;
      return true;
     }
   double            Better(const bool isBuy, const double current, const double candidate) const
     {
      if(current == 0)
         return candidate;
      return isBuy ? MathMax(current, candidate) : MathMin(current, candidate);
     }

   // The stop loss this position should have now, or its current one.
   double            Target(const SR_PositionInfo &p, const double trailPoints, const double bePips) const
     {
      double point = SymbolInfoDouble(p.symbol, SYMBOL_POINT);
      double bid = SymbolInfoDouble(p.symbol, SYMBOL_BID);
      double ask = SymbolInfoDouble(p.symbol, SYMBOL_ASK);
      if(point <= 0 || bid <= 0 || ask <= 0)
         return p.sl;
      double profitPoints = p.isBuy ? (bid - p.openPrice) / point : (p.openPrice - ask) / point;
      double best = p.sl;
      if(bePips > 0 && profitPoints >= bePips * SR_PipPoints(p.symbol))
         best = Better(p.isBuy, best, p.openPrice);
      if(trailPoints > 0 && profitPoints >= trailPoints)
         best = Better(p.isBuy, best, p.isBuy ? bid - trailPoints * point : ask + trailPoints * point);
      return best;
     }
public:
                     CStopManager(void) : m_file(""), m_count(0) {}

   void              Load(const string account)
     {
      FolderCreate("SignalRelay");
      m_file = "SignalRelay\\stops-" + account + ".txt";
      m_count = 0;
      if(!FileIsExist(m_file))
         return;
      int h = FileOpen(m_file, FILE_READ | FILE_TXT | FILE_ANSI | FILE_SHARE_READ, '\t', CP_UTF8);
      if(h == INVALID_HANDLE)
         return;
      while(!FileIsEnding(h))
        {
         string f[];
         int n = StringSplit(FileReadString(h), '\t', f);
         if(n == 3 || n == 5)
            Put(StringToInteger(f[0]), StringToDouble(f[1]), StringToDouble(f[2]), (n == 5) ? StringToDouble(f[3]) : 0,
                (n == 5) ? StringToDouble(f[4]) : 0);
        }
      FileClose(h);
      if(m_count > 0)
         SR_Info("managing trailing stop/break-even of " + IntegerToString(m_count) + " position(s)");
     }

   int               Count(void) const { return m_count; }

   bool              Tracks(const long ticket) const
     {
      for(int i = 0; i < m_count; i++)
         if(m_ticket[i] == ticket)
            return true;
      return false;
     }

   // Starts managing a position the relay just opened: its trailing stop and
   // break-even, and the stops it asked for that the broker has not taken.
   void              Track(const long ticket, const double trailPoints, const double bePips, const double wantSl,
                           const double wantTp)
     {
      if(ticket <= 0 || (trailPoints <= 0 && bePips <= 0 && wantSl <= 0 && wantTp <= 0))
         return;
      Put(ticket, trailPoints, bePips, wantSl, wantTp);
      Save();
     }

   // Moves stops where due; forgets positions that are gone.
   void              Manage(void)
     {
      bool changed = false;
      uint now = GetTickCount();
      for(int i = m_count - 1; i >= 0; i--)
        {
         SR_PositionInfo p;
         if(!SR_SelectPosition(m_ticket[i], p))
           {
            // A partial close on MT4 leaves the rest open as a new order: follow it.
            long rest = SR_RemainderOf(m_ticket[i]);
            if(rest > 0)
              {
               m_ticket[i] = rest;
               changed = true;
               continue;
              }
            if(m_wantSl[i] > 0 || m_wantTp[i] > 0)
               SR_Warn("#" + IntegerToString(m_ticket[i]) + " was closed before its " +
                       SR_StopsText(m_wantSl[i], m_wantTp[i]) + " could be placed");
            RemoveAt(i);
            changed = true;
            continue;
           }
         if((int)(now - m_nextTry[i]) < 0)
            continue;
         if(m_wantSl[i] > 0 || m_wantTp[i] > 0)
           {
            m_nextTry[i] = now + SR_STOPS_MIN_GAP_MS;
            changed = PlaceMissing(i, p) || changed;
            if(m_trail[i] <= 0 && m_bePips[i] <= 0 && m_wantSl[i] <= 0 && m_wantTp[i] <= 0)
               RemoveAt(i);
            continue;
           }
         double target = Target(p, m_trail[i], m_bePips[i]);
         int digits = (int)SymbolInfoInteger(p.symbol, SYMBOL_DIGITS);
         double point = SymbolInfoDouble(p.symbol, SYMBOL_POINT);
         target = NormalizeDouble(target, digits);
         if(MathAbs(target - p.sl) < point / 2)
            continue;
         // The broker refuses stops closer than its stops level, or any change
         // inside the freeze level: wait for the price to move on.
         double bid = SymbolInfoDouble(p.symbol, SYMBOL_BID);
         double ask = SymbolInfoDouble(p.symbol, SYMBOL_ASK);
         double minGap = (double)SymbolInfoInteger(p.symbol, SYMBOL_TRADE_STOPS_LEVEL) * point;
         double freeze = (double)SymbolInfoInteger(p.symbol, SYMBOL_TRADE_FREEZE_LEVEL) * point;
         double gap = p.isBuy ? bid - target : target - ask;
         double current = p.isBuy ? bid - p.sl : p.sl - ask;
         if(gap < minGap || (p.sl != 0 && freeze > 0 && current <= freeze))
            continue;
         int code = 0;
         string why = "";
         m_nextTry[i] = now + SR_STOPS_MIN_GAP_MS;
         if(SR_ModifyStops(m_ticket[i], target, p.tp, code, why))
           {
            SR_Info("#" + IntegerToString(m_ticket[i]) + " " + p.symbol + " stop loss " +
                    DoubleToString(p.sl, digits) + " -> " + DoubleToString(target, digits));
            continue;
           }
         m_nextTry[i] = now + SR_STOPS_RETRY_MS;
         SR_LogThrottled("stops", "#" + IntegerToString(m_ticket[i]) +
                         " cannot move the stop loss to " + DoubleToString(target, digits) + ": " + why +
                         " (retcode " + IntegerToString(code) + ")");
        }
      if(changed)
         Save();
     }
  };

#endif
