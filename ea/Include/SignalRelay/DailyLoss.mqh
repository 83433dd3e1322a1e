//+------------------------------------------------------------------+
//| DailyLoss.mqh - the maxDailyLoss account rule (ea/PROTOCOL.md,   |
//| "Rules"). The trading day starts at the broker's server midnight |
//| with the balance the EA sees first that day; once equity has     |
//| lost the rule's amount (or percent of that balance), openings    |
//| are refused until the next day, and with closeAll this EA's      |
//| positions and pending orders are closed, once. The day and its   |
//| lock are kept in SignalRelay\day-<account>.txt, so a restart     |
//| before the server sends the rules again keeps both:              |
//|   <day> <start balance> <locked> <amount> <percent> <loss>       |
//|   <closed> .                                                     |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_DAILY_LOSS_MQH
#define SIGNALRELAY_DAILY_LOSS_MQH

#include <SignalRelay\Files.mqh>
#include <SignalRelay\Platform.mqh>
#include <SignalRelay\Transport\Backoff.mqh>

// A closeAll the broker refused (market closed, no connection) is tried
// again this often until this EA has nothing open.
#define SR_DAILY_CLOSE_RETRY_MS 10000

// Money in the account's currency, for messages.
string SR_Money(const double amount)
  {
   return DoubleToString(amount, 2) + " " + AccountInfoString(ACCOUNT_CURRENCY);
  }

class CDailyLoss
  {
private:
   string            m_file;
   // The rule (0 = off), from the rules the server sent.
   double            m_amount;
   double            m_percent;
   bool              m_closeAll;
   // The day: server days since 1970 (0 = not started) and its balance.
   long              m_day;
   double            m_start;
   // The lock, with the rule it was reached under and the loss then: its
   // message stays the same while it holds (a changing health message
   // would be sent again every second).
   bool              m_locked;
   double            m_lockAmount;
   double            m_lockPercent;
   double            m_lockLoss;
   bool              m_closed;         // closeAll has run for this lock
   uint              m_nextCloseTick;

   // The largest loss the rule allows today: the smaller of amount and
   // percent when both are set; 0 = off.
   double            Limit(const double amount, const double percent) const
     {
      double limit = amount;
      double share = m_start * percent / 100.0;
      if(percent > 0 && (limit <= 0 || share < limit))
         limit = share;
      return limit;
     }
   string            LimitText(void) const
     {
      double limit = Limit(m_lockAmount, m_lockPercent);
      string text = SR_Money(limit);
      if(m_lockPercent > 0 && (m_lockAmount <= 0 || limit < m_lockAmount))
         text += " (" + SR_JsonNumber(m_lockPercent, 2) + "% of the day's starting balance " + SR_Money(m_start) + ")";
      return text;
     }
   void              Save(void) const
     {
      int err = SR_ReplaceFile(m_file, IntegerToString(m_day) + "\t" + DoubleToString(m_start, 2) + "\t" +
                               (m_locked ? "1" : "0") + "\t" + DoubleToString(m_lockAmount, 8) + "\t" +
                               DoubleToString(m_lockPercent, 8) + "\t" + DoubleToString(m_lockLoss, 2) + "\t" +
                               (m_closed ? "1" : "0") + "\t.");
      if(err != 0)
         SR_CannotWrite(m_file, err, "a restart would read the day as saved before");
     }
   void              Unlock(void)
     {
      m_locked = false;
      m_closed = false;
      m_lockAmount = 0;
      m_lockPercent = 0;
      m_lockLoss = 0;
     }
   // Closes this EA's positions and deletes its pending orders, retrying
   // what the broker refused until nothing is left.
   void              CloseAll(void)
     {
      if(!SR_TickReached(m_nextCloseTick))
         return;
      m_nextCloseTick = GetTickCount() + SR_DAILY_CLOSE_RETRY_MS;
      SR_CloseRequest rq;
      rq.symbol = "";
      rq.side = SR_SIDE_ANY;
      rq.magic = SR_MAGIC;
      rq.percent = 100;
      rq.deviation = SR_DEVIATION_POINTS;
      SR_TradeOutcome out;
      SR_ClosePositions(rq, out);
      string failed = out.ok ? "" : "closing this EA's positions failed (" + out.message + ")";
      long tickets[];
      int pending = SR_PendingOrders("", SR_SIDE_ANY, SR_MAGIC, tickets);
      for(int i = 0; i < pending && failed == ""; i++)
        {
         int code = 0;
         string why = "";
         if(!SR_DeletePending(tickets[i], code, why))
            failed = "deleting pending order #" + IntegerToString(tickets[i]) + " failed (" + why + ")";
        }
      if(failed != "")
        {
         SR_LogThrottled("close-all", "daily loss reached: " + failed + "; trying again in " +
                         IntegerToString(SR_DAILY_CLOSE_RETRY_MS / 1000) + " s");
         return;
        }
      m_closed = true;
      Save();
      SR_LogClear("close-all");
      SR_Warn("daily loss reached: closed " + IntegerToString(out.closed) + " position(s) and deleted " + IntegerToString(pending) +
              " pending order(s) of this EA, as the rule's closeAll asks");
     }

public:
                     CDailyLoss(void) : m_file(""), m_amount(0), m_percent(0), m_closeAll(false), m_day(0), m_start(0),
                     m_locked(false), m_lockAmount(0), m_lockPercent(0), m_lockLoss(0), m_closed(false), m_nextCloseTick(0) {}

   void              SetRule(const double amount, const double percent, const bool closeAll)
     {
      m_amount = (amount > 0) ? amount : 0;
      m_percent = (percent > 0) ? percent : 0;
      m_closeAll = closeAll;
     }
   bool              IsOn(void) const { return m_amount > 0 || m_percent > 0; }
   // The rule as the rules file keeps it: <amount> <percent> <closeAll>.
   string            Stored(void) const
     {
      return DoubleToString(m_amount, 8) + "\t" + DoubleToString(m_percent, 8) + "\t" + (m_closeAll ? "1" : "0");
     }
   string            RuleText(void) const
     {
      string text = "";
      if(m_amount > 0)
         text = SR_Money(m_amount);
      if(m_percent > 0)
         text += (text != "" ? " or " : "") + SR_JsonNumber(m_percent, 2) + "%";
      return text + (m_closeAll ? ", then close everything" : "");
     }

   // This account's day: a missing or unreadable file starts it afresh.
   void              Load(const string account)
     {
      FolderCreate("SignalRelay");
      m_file = "SignalRelay\\day-" + account + ".txt";
      m_day = 0;
      Unlock();
      m_nextCloseTick = GetTickCount();
      int h = FileIsExist(m_file) ? FileOpen(m_file, FILE_READ | FILE_TXT | FILE_ANSI | FILE_SHARE_READ, '\t', CP_UTF8) :
              INVALID_HANDLE;
      if(h == INVALID_HANDLE)
         return;
      string f[];
      int n = StringSplit(FileReadString(h), '\t', f);
      FileClose(h);
      if(n < 8 || f[7] != ".")
         return;
      m_day = StringToInteger(f[0]);
      m_start = StringToDouble(f[1]);
      m_locked = (f[2] == "1");
      m_lockAmount = StringToDouble(f[3]);
      m_lockPercent = StringToDouble(f[4]);
      m_lockLoss = StringToDouble(f[5]);
      m_closed = (f[6] == "1");
     }

   // Once a second and before every opening: a new day starts afresh; a
   // rule changed since the lock is checked again (raised above today's
   // loss, or removed, it lifts the lock); equity at the limit locks.
   void              Watch(void)
     {
      long day = (long)SR_ServerNow() / 86400;
      if(day > 0 && day != m_day)
        {
         bool wasLocked = m_locked;
         m_day = day;
         m_start = AccountInfoDouble(ACCOUNT_BALANCE);
         Unlock();
         Save();
         SR_Info("a new trading day starts with the balance " + SR_Money(m_start) +
                 (wasLocked ? ": the daily loss limit of yesterday no longer holds" : ""));
        }
      if(m_locked && (MathAbs(m_lockAmount - m_amount) > 1e-6 || MathAbs(m_lockPercent - m_percent) > 1e-6))
        {
         Unlock();
         Save();
         SR_Info("the daily loss rule changed: " + (IsOn() ? "checking today's loss against " + RuleText() : "openings allowed again"));
        }
      if(!IsOn() || m_day == 0)
         return;
      if(!m_locked)
        {
         double loss = m_start - AccountInfoDouble(ACCOUNT_EQUITY);
         if(loss < Limit(m_amount, m_percent) - 0.005)
            return;
         m_locked = true;
         m_lockAmount = m_amount;
         m_lockPercent = m_percent;
         m_lockLoss = loss;
         Save();
         SR_Warn(Issue());
        }
      if(m_closeAll && !m_closed)
         CloseAll();
     }

   // While the lock holds: the health issue's message (DAILY_LOSS_REACHED),
   // with the numbers of the moment it was reached; "" otherwise.
   string            Issue(void) const
     {
      if(!m_locked)
         return "";
      return "Daily loss " + SR_Money(m_lockLoss) + " reached your maximum " + LimitText() +
             ": new positions are refused until the broker's midnight" +
             (m_closeAll ? (m_closed ? "; this EA's positions were closed" : "; closing this EA's positions") : "");
     }
   // Whether an opening is refused now, with the reason.
   bool              Refuses(string &why)
     {
      Watch();
      if(!m_locked)
         return false;
      why = "Daily loss " + SR_Money(m_lockLoss) + " reached your maximum " + LimitText() +
            ": no new positions until the broker's midnight (rule: max daily loss)";
      return true;
     }
  };

#endif
