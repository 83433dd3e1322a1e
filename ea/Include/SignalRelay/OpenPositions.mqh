//+------------------------------------------------------------------+
//| OpenPositions.mqh - what the relay keeps doing for the positions |
//| it opened, from the timer and on ticks: their stops (missing     |
//| stops, break-even, trailing: Stops.mqh) and their take-profit    |
//| levels (TakeProfits.mqh).                                        |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_OPEN_POSITIONS_MQH
#define SIGNALRELAY_OPEN_POSITIONS_MQH

#include <SignalRelay\Stops.mqh>
#include <SignalRelay\TakeProfits.mqh>

class COpenPositions
  {
private:
   CStopManager      m_stops;
   CTakeProfits      m_tps;
public:
   void              Load(const string account)
     {
      m_stops.Load(account);
      m_tps.Load(account);
     }

   // Positions managed, each counted once.
   int               Count(void) const
     {
      int n = m_stops.Count();
      for(int i = 0; i < m_tps.Count(); i++)
         if(!m_stops.Tracks(m_tps.Ticket(i)))
            n++;
      return n;
     }

   // A position the relay just opened for `s` (`out`): its stops and its
   // take-profit levels. Returns what the result should say about them.
   string            Opened(const SR_Signal &s, const string symbol, const bool isBuy, const SR_TradeOutcome &out)
     {
      long ticket = StringToInteger(out.ticket);
      m_stops.Track(ticket, s.trailingStop, s.breakEvenPips, out.pendingSl, out.pendingTp);
      if(s.tpCount == 0 || ticket <= 0)
         return "";
      return m_tps.Add(ticket, symbol, isBuy, out.volume, out.price, s);
     }

   // Levels first: a partial close on MT4 renames the position the stop
   // manager follows.
   void              Manage(void)
     {
      m_tps.Manage(m_stops);
      m_stops.Manage();
     }
  };

#endif
