//+------------------------------------------------------------------+
//| ExecutorLock.mqh - one relay EA executes an account per terminal.|
//| Two charts running SignalRelay on one account would both trade   |
//| every signal. The first takes a terminal-wide lock (a temporary  |
//| global variable holding its random instance number, taken with   |
//| GlobalVariableSetOnCondition so two charts cannot both win); the |
//| others stay idle and take over only when the holder lets go      |
//| (removed) or stops beating for SR_LOCK_STALE_S seconds (crashed).|
//| The holder's chart is written next to the journal so the idle    |
//| copies can say which chart runs the account.                     |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_EXECUTOR_LOCK_MQH
#define SIGNALRELAY_EXECUTOR_LOCK_MQH

#include <SignalRelay\Log.mqh>

#define SR_LOCK_PREFIX   "SignalRelay.executor."
#define SR_LOCK_STALE_S  30

class CExecutorLock
  {
private:
   string            m_name;       // the lock's global variable; "" = none held or wanted
   double            m_me;         // this instance's number, never 0
   bool              m_held;

   string            BeatName(void) const { return m_name + ".beat"; }
   string            ChartFile(const string account) const { return "SignalRelay\\executor-" + account + ".txt"; }

   bool              HolderIsStale(void) const
     {
      if(!GlobalVariableCheck(BeatName()))
         return true;
      return (double)TimeLocal() - GlobalVariableGet(BeatName()) > SR_LOCK_STALE_S;
     }
   void              WriteChart(const string account) const
     {
      int h = FileOpen(ChartFile(account), FILE_WRITE | FILE_TXT | FILE_ANSI, '\t', CP_UTF8);
      if(h == INVALID_HANDLE)
         return;
      FileWriteString(h, Symbol() + " (chart id " + IntegerToString(ChartID()) + ")");
      FileClose(h);
     }

public:
                     CExecutorLock(void) : m_name(""), m_me(0), m_held(false) {}

   // Tries to become the executor of `account`; true when this instance is.
   bool              Acquire(const string account)
     {
      if(m_me == 0)
         m_me = 1 + MathRand() * 32768.0 + MathRand();
      m_name = SR_LOCK_PREFIX + account;
      if(!GlobalVariableCheck(m_name))
         GlobalVariableTemp(m_name);
      double holder = GlobalVariableGet(m_name);
      m_held = (holder == m_me) || GlobalVariableSetOnCondition(m_name, m_me, 0) ||
               (HolderIsStale() && GlobalVariableSetOnCondition(m_name, m_me, holder));
      if(m_held)
        {
         Beat();
         FolderCreate("SignalRelay");
         WriteChart(account);
        }
      return m_held;
     }

   // The chart that holds the lock, for the idle copies' journal line.
   string            Holder(const string account) const
     {
      string chart = "another chart";
      int h = FileOpen(ChartFile(account), FILE_READ | FILE_TXT | FILE_ANSI | FILE_SHARE_READ | FILE_SHARE_WRITE, '\t', CP_UTF8);
      if(h != INVALID_HANDLE)
        {
         string text = FileReadString(h);
         if(text != "")
            chart = "the chart " + text;
         FileClose(h);
        }
      return chart;
     }

   // Called every second by the holder: the idle copies see it is alive.
   // False when another copy took the lock over meanwhile (this one looked
   // dead to it): the caller must stop executing.
   bool              Beat(void)
     {
      if(m_held && GlobalVariableGet(m_name) != m_me)
         m_held = false;
      if(m_held)
         GlobalVariableSet(BeatName(), (double)TimeLocal());
      return m_held;
     }

   // Lets go (EA removed, account switched), so an idle copy takes over.
   void              Release(void)
     {
      if(m_held && GlobalVariableSetOnCondition(m_name, 0, m_me))
         GlobalVariableDel(BeatName());
      m_held = false;
     }

   bool              Held(void) const { return m_held; }
  };

#endif
