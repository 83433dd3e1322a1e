//+------------------------------------------------------------------+
//| Health.mqh - what this terminal sees that stops or may stop      |
//| trading, reported to the server (protocol v2 health) so the      |
//| dashboard can say it next to the EA indicator: AutoTrading off,  |
//| trading not allowed on the account, a market closed for a symbol,|
//| the day's loss limit of the account rules reached (v3).          |
//| A server URL missing from the WebRequest list cannot be reported:|
//| it is what keeps the EA from reaching the server at all; the     |
//| journal and the chart say it instead.                            |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_HEALTH_MQH
#define SIGNALRELAY_HEALTH_MQH

#include <SignalRelay\Platform.mqh>
#include <SignalRelay\Protocol.mqh>
#include <SignalRelay\Rules.mqh>

// A symbol refused as "market closed" is reported for this long unless a
// trade on it goes through first: sessions reopen without telling the EA.
#define SR_MARKET_CLOSED_FOR_MS 3600000
#define SR_MAX_HEALTH_ISSUES    20

class CTerminalHealth
  {
private:
   SR_HealthIssue    m_issues[];
   int               m_count;
   string            m_closed[];       // symbols last refused as market closed
   uint              m_closedTick[];
   string            m_sentKey;        // the list the server has, as one string
   bool              m_dirty;

   void              Add(const string code, const string message, const string symbol)
     {
      if(m_count >= SR_MAX_HEALTH_ISSUES)
         return;
      if(ArraySize(m_issues) <= m_count)
         ArrayResize(m_issues, m_count + 1, 4);
      m_issues[m_count].code = code;
      m_issues[m_count].message = message;
      m_issues[m_count].symbol = symbol;
      m_count++;
     }
   int               ClosedIndex(const string symbol) const
     {
      for(int i = 0; i < ArraySize(m_closed); i++)
         if(m_closed[i] == symbol)
            return i;
      return -1;
     }
   void              DropClosed(const int i)
     {
      int last = ArraySize(m_closed) - 1;
      m_closed[i] = m_closed[last];
      m_closedTick[i] = m_closedTick[last];
      ArrayResize(m_closed, last);
      ArrayResize(m_closedTick, last);
     }

public:
                     CTerminalHealth(void) : m_count(0), m_sentKey(""), m_dirty(true) {}

   // Looks again (once a second). True when the list differs from the one
   // the server has, or a new connection needs it.
   bool              Refresh(const CAccountRules &rules)
     {
      m_count = 0;
      string why = "";
      int code = 0;
      // A terminal that lost its broker is not a setting to fix: it is shown
      // as trading errors if it lasts.
      if(TerminalInfoInteger(TERMINAL_CONNECTED) && !SR_CheckTradePermission(why, code))
        {
         bool algo = TerminalInfoInteger(TERMINAL_TRADE_ALLOWED) && MQLInfoInteger(MQL_TRADE_ALLOWED);
         Add(algo ? SR_HEALTH_ACCOUNT_TRADING_OFF : SR_HEALTH_AUTOTRADING_OFF, why, "");
        }
      if(rules.DailyLossIssue() != "")
         Add(SR_HEALTH_DAILY_LOSS_REACHED, rules.DailyLossIssue(), "");
      for(int i = ArraySize(m_closed) - 1; i >= 0; i--)
        {
         if(GetTickCount() - m_closedTick[i] >= SR_MARKET_CLOSED_FOR_MS)
            DropClosed(i);
         else
            Add(SR_HEALTH_MARKET_CLOSED, "The market is closed for " + m_closed[i] + ": signals for it are refused until it opens",
                m_closed[i]);
        }
      string key = "";
      for(int i = 0; i < m_count; i++)
         key += m_issues[i].code + "|" + m_issues[i].symbol + "|" + m_issues[i].message + "\n";
      if(key != m_sentKey)
         m_dirty = true;
      m_sentKey = key;
      return m_dirty;
     }
   // A trade on `symbol` was refused because its market is closed, or went
   // through (it is open again).
   void              MarketClosed(const string symbol)
     {
      int i = ClosedIndex(symbol);
      if(i < 0)
        {
         i = ArraySize(m_closed);
         ArrayResize(m_closed, i + 1);
         ArrayResize(m_closedTick, i + 1);
         m_closed[i] = symbol;
        }
      m_closedTick[i] = GetTickCount();
     }
   void              MarketOpen(const string symbol)
     {
      int i = ClosedIndex(symbol);
      if(i >= 0)
         DropClosed(i);
     }
   // A new connection: the server may hold an older list.
   void              Resend(void) { m_dirty = true; }
   // The server has the current list.
   void              Sent(void) { m_dirty = false; }
   int               Issues(SR_HealthIssue &out[]) const
     {
      ArrayResize(out, m_count);
      for(int i = 0; i < m_count; i++)
         out[i].CopyFrom(m_issues[i]);
      return m_count;
     }
  };

#endif
