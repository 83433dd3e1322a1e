//+------------------------------------------------------------------+
//| TakeProfits.mqh - the v3 `tps` levels of the positions the relay |
//| opened: when the price reaches a level, the EA closes that       |
//| level's percent of the volume opened (rounded down to the step), |
//| on every account type; with breakEvenPips the stop loss moves to |
//| the open price once the first level is taken. The broker holds   |
//| no take profit for them. Kept in                                 |
//| SignalRelay\tps-<account>.txt so a restart carries on.           |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_TAKE_PROFITS_MQH
#define SIGNALRELAY_TAKE_PROFITS_MQH

#include <SignalRelay\Files.mqh>
#include <SignalRelay\TakeProfitPlan.mqh>

#define SR_TPS_RETRY_MS 5000   // after a refused close or stop change

class CTakeProfits
  {
private:
   string            m_file;
   SR_TpPlan         m_plans[];
   int               m_count;

   void              Save(void)
     {
      string lines[];
      ArrayResize(lines, m_count);
      for(int i = 0; i < m_count; i++)
         lines[i] = m_plans[i].ToLine();
      int err = SR_ReplaceFile(m_file, lines, m_count);
      if(err != 0)
         SR_CannotWrite(m_file, err, "after a restart, take-profit levels are as last saved");
     }
   void              Append(const SR_TpPlan &plan)
     {
      ArrayResize(m_plans, m_count + 1, 16);
      m_plans[m_count].CopyFrom(plan);
      m_count++;
     }
   void              RemoveAt(const int index)
     {
      for(int i = index + 1; i < m_count; i++)
         m_plans[i - 1].CopyFrom(m_plans[i]);
      m_count--;
     }
   // Closes level k's share of plan i; false when nothing more should be
   // done for this plan in this pass.
   bool              TakeLevel(const int i, const int k, const SR_PositionInfo &p)
     {
      string at = "#" + IntegerToString(m_plans[i].ticket) + " " + p.symbol + " take profit " + IntegerToString(k + 1) + " at " +
                  DoubleToString(m_plans[i].price[k], SR_PriceDigits(p.symbol));
      double minLot = SymbolInfoDouble(p.symbol, SYMBOL_VOLUME_MIN);
      double lots = SR_FloorToStep(m_plans[i].opened * m_plans[i].percent[k] / 100.0, SR_VolumeStep(p.symbol));
      // The last level takes what is left, and a rest below the minimum goes with it.
      if(m_plans[i].TakesTheRest(k) || lots > p.volume || (p.volume - lots > 1e-9 && p.volume - lots < minLot - 1e-9))
         lots = p.volume;
      if(lots < minLot - 1e-9)
        {
         m_plans[i].taken[k] = true;
         SR_Warn(at + " reached: its " + SR_JsonNumber(m_plans[i].percent[k], 2) + "% is " + SR_Lots(lots) +
                 " lots, below the minimum " + SR_Lots(minLot) + ": nothing closed");
         return true;
        }
      long left = 0;
      int code = 0;
      string why = "";
      if(!SR_ClosePart(m_plans[i].ticket, lots, m_plans[i].deviation, left, code, why))
        {
         m_plans[i].nextTry = GetTickCount() + SR_TPS_RETRY_MS;
         SR_LogThrottled("tps-" + IntegerToString(m_plans[i].ticket), at + " reached, but closing " + SR_Lots(lots) +
                         " lots failed: " + why + " (error " + IntegerToString(code) + "); trying again", 30000);
         return false;
        }
      m_plans[i].taken[k] = true;
      m_plans[i].ticket = left;   // 0: the position is gone (Manage forgets it)
      // Written down before it is said: a restart must not take it again.
      Save();
      SR_Info(at + " reached: closed " + SR_Lots(lots) + " lots" + (left == 0 ? ", nothing left open" : ""));
      return false;
     }
   // Stop loss to the open price, once; retried while the broker refuses.
   void              BreakEven(const int i)
     {
      SR_PositionInfo p;
      if(!SR_SelectPosition(m_plans[i].ticket, p))
         return;
      double point = SymbolInfoDouble(p.symbol, SYMBOL_POINT);
      double entry = NormalizeDouble(p.openPrice, SR_PriceDigits(p.symbol));
      bool protects = (p.sl != 0) && (p.isBuy ? p.sl >= entry - point / 2 : p.sl <= entry + point / 2);
      int code = 0;
      string why = "";
      if(!protects && !SR_ModifyStops(m_plans[i].ticket, entry, p.tp, code, why))
        {
         m_plans[i].nextTry = GetTickCount() + SR_TPS_RETRY_MS;
         SR_LogThrottled("tps-be-" + IntegerToString(m_plans[i].ticket), "#" + IntegerToString(m_plans[i].ticket) +
                         " cannot move the stop loss to break-even " + DoubleToString(entry, SR_PriceDigits(p.symbol)) +
                         " after its first take profit: " + why + " (error " + IntegerToString(code) + "); trying again", 30000);
         return;
        }
      if(!protects)
         SR_Info("#" + IntegerToString(m_plans[i].ticket) + " " + p.symbol + " stop loss moved to break-even " +
                 DoubleToString(entry, SR_PriceDigits(p.symbol)) + " after its first take profit");
      m_plans[i].moved = true;
     }
public:
                     CTakeProfits(void) : m_file(""), m_count(0) {}

   void              Load(const string account)
     {
      FolderCreate("SignalRelay");
      m_file = "SignalRelay\\tps-" + account + ".txt";
      m_count = 0;
      if(!FileIsExist(m_file))
         return;
      int h = FileOpen(m_file, FILE_READ | FILE_TXT | FILE_ANSI | FILE_SHARE_READ, '\t', CP_UTF8);
      if(h == INVALID_HANDLE)
         return;
      while(!FileIsEnding(h))
        {
         SR_TpPlan plan;
         if(plan.FromLine(FileReadString(h)))
            Append(plan);
        }
      FileClose(h);
      if(m_count > 0)
         SR_Info("managing the take-profit levels of " + IntegerToString(m_count) + " position(s)");
     }

   int               Count(void) const { return m_count; }
   long              Ticket(const int i) const { return m_plans[i].ticket; }

   // Starts managing the levels of a position just opened (`opened` lots
   // at `entry`); the levels in words, for the result.
   string            Add(const long ticket, const string symbol, const bool isBuy, const double opened, const double entry,
                         const SR_Signal &s)
     {
      SR_TpPlan plan;
      plan.ticket = ticket;
      plan.symbol = symbol;
      plan.isBuy = isBuy;
      plan.opened = opened;
      plan.breakEven = s.breakEvenPips > 0;
      plan.moved = false;
      plan.deviation = SR_SignalDeviation(s);
      plan.count = s.tpCount;
      plan.nextTry = GetTickCount();
      string text = "";
      for(int k = 0; k < s.tpCount; k++)
        {
         plan.price[k] = SR_LevelPrice(s.tps[k], symbol, isBuy, entry);
         plan.percent[k] = s.tps[k].percent;
         plan.taken[k] = false;
         text += (k == 0 ? "" : ", ") + DoubleToString(plan.price[k], SR_PriceDigits(symbol)) + " (" +
                 SR_JsonNumber(plan.percent[k], 2) + "%)";
        }
      Append(plan);
      Save();
      return "Take profits managed by the EA: " + text;
     }

   // Closes the levels the price has reached; forgets positions that are gone.
   void              Manage(void)
     {
      bool changed = false;
      for(int i = m_count - 1; i >= 0; i--)
        {
         SR_PositionInfo p;
         if(!SR_SelectPosition(m_plans[i].ticket, p))
           {
            // A partial close on MT4 (closePercent) leaves the rest open as a new order: follow it.
            long rest = SR_RemainderOf(m_plans[i].ticket);
            if(rest > 0)
               m_plans[i].ticket = rest;
            else
               RemoveAt(i);
            changed = true;
            continue;
           }
         if((int)(GetTickCount() - m_plans[i].nextTry) < 0)
            continue;
         double bid = SymbolInfoDouble(p.symbol, SYMBOL_BID);
         double ask = SymbolInfoDouble(p.symbol, SYMBOL_ASK);
         double half = SymbolInfoDouble(p.symbol, SYMBOL_POINT) / 2;
         for(int k = 0; k < m_plans[i].count && bid > 0 && ask > 0; k++)
           {
            if(m_plans[i].taken[k] || (m_plans[i].isBuy ? bid < m_plans[i].price[k] - half : ask > m_plans[i].price[k] + half))
               continue;
            bool more = TakeLevel(i, k, p);
            changed = changed || m_plans[i].taken[k];
            if(!more)
               break;
           }
         if(m_plans[i].ticket == 0)
           {
            RemoveAt(i);
            changed = true;
            continue;
           }
         if(m_plans[i].breakEven && !m_plans[i].moved && m_plans[i].AnyTaken() &&
            (int)(GetTickCount() - m_plans[i].nextTry) >= 0)
           {
            BreakEven(i);
            changed = changed || m_plans[i].moved;
           }
        }
      if(changed)
         Save();
     }
  };

#endif
