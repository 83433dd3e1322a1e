//+------------------------------------------------------------------+
//| Rules.mqh - the account rules the EA enforces (ea/PROTOCOL.md,   |
//| "Rules"): the server sends them resolved for this account (a     |
//| WebSocket frame after welcome and on change; in a poll response  |
//| when the poll's rulesId is not the server's), each set replacing |
//| the one before. Openings above maxLot, at maxOpenPositions, or   |
//| after the day's maxDailyLoss are refused with the rule named;    |
//| closing signals never meet them. Kept in                         |
//| SignalRelay\rules-<account>.txt, so a restarted EA enforces them |
//| before the server has sent them again:                           |
//|   <rulesId> <maxLot> <maxOpenPositions> <amount> <percent>       |
//|   <closeAll> .                                                   |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_RULES_MQH
#define SIGNALRELAY_RULES_MQH

#include <SignalRelay\Files.mqh>
#include <SignalRelay\Platform.mqh>
#include <SignalRelay\DailyLoss.mqh>

// The result's `rule` when a rule refused a signal.
#define SR_RULE_MAX_LOT            "maxLot"
#define SR_RULE_MAX_OPEN_POSITIONS "maxOpenPositions"
#define SR_RULE_MAX_DAILY_LOSS     "maxDailyLoss"

// A lot for rule messages: two decimals ("5.00"), more when it has them.
string SR_LotText(const double lots)
  {
   int digits = 2;
   while(digits < 4 && MathAbs(lots - NormalizeDouble(lots, digits)) > 1e-9)
      digits++;
   return DoubleToString(lots, digits);
  }

class CAccountRules
  {
private:
   string            m_file;
   string            m_id;             // "" = no rules received yet
   double            m_maxLot;         // 0 = off
   long              m_maxPositions;   // 0 = off
   CDailyLoss        m_daily;

   void              Save(void) const
     {
      int err = SR_ReplaceFile(m_file, m_id + "\t" + DoubleToString(m_maxLot, 8) + "\t" +
                               IntegerToString(m_maxPositions) + "\t" + m_daily.Stored() + "\t.");
      if(err != 0)
         SR_CannotWrite(m_file, err, "after a restart the rules saved before hold until the server sends them");
     }
   string            Describe(void) const
     {
      string text = "";
      if(m_maxLot > 0)
         text = "max lot " + SR_LotText(m_maxLot);
      if(m_maxPositions > 0)
         text += (text != "" ? ", " : "") + "max open positions " + IntegerToString(m_maxPositions);
      if(m_daily.IsOn())
         text += (text != "" ? ", " : "") + "max daily loss " + m_daily.RuleText();
      return (text != "") ? text : "none";
     }

public:
                     CAccountRules(void) : m_file(""), m_id(""), m_maxLot(0), m_maxPositions(0) {}

   // The rulesId the EA holds, for the poll body ("" before any).
   string            Id(void) const { return m_id; }

   // This account's rules and day, as last kept.
   void              Load(const string account)
     {
      FolderCreate("SignalRelay");
      m_file = "SignalRelay\\rules-" + account + ".txt";
      m_id = "";
      m_maxLot = 0;
      m_maxPositions = 0;
      m_daily.SetRule(0, 0, false);
      m_daily.Load(account);
      int h = FileIsExist(m_file) ? FileOpen(m_file, FILE_READ | FILE_TXT | FILE_ANSI | FILE_SHARE_READ, '\t', CP_UTF8) :
              INVALID_HANDLE;
      if(h == INVALID_HANDLE)
         return;
      string f[];
      int n = StringSplit(FileReadString(h), '\t', f);
      FileClose(h);
      if(n < 7 || f[6] != ".")
         return;
      m_id = f[0];
      m_maxLot = StringToDouble(f[1]);
      m_maxPositions = StringToInteger(f[2]);
      m_daily.SetRule(StringToDouble(f[3]), StringToDouble(f[4]), f[5] == "1");
      SR_Info("account rules as last received (" + m_id + "): " + Describe());
     }

   // A rules frame, or a poll response (rules only when they changed):
   // the new set replaces the one before. False when `node` carries none.
   bool              Read(const CJsonDoc &doc, const int node)
     {
      string id = doc.GetString(node, "rulesId");
      int rules = doc.Child(node, "rules");
      if(id == "" || rules < 0)
         return false;
      int daily = doc.Child(rules, "maxDailyLoss");
      bool changed = (id != m_id);
      m_id = id;
      m_maxLot = MathMax(doc.GetNumber(rules, "maxLot"), 0);
      m_maxPositions = doc.GetLong(rules, "maxOpenPositions");
      if(m_maxPositions < 0)
         m_maxPositions = 0;
      m_daily.SetRule(doc.GetNumber(daily, "amount"), doc.GetNumber(daily, "percent"), doc.GetBool(daily, "closeAll"));
      Save();
      if(changed)
         SR_Info("account rules " + m_id + ": " + Describe());
      m_daily.Watch();
      return true;
     }

   // Once a second: the daily loss (a new day, the lock, closeAll).
   void              Watch(void) { m_daily.Watch(); }
   // The DAILY_LOSS_REACHED health message while the lock holds, else "".
   string            DailyLossIssue(void) const { return m_daily.Issue(); }

   // Whether a rule refuses opening `volume` lots with `magic` now: false
   // with the rule's name and a message with the numbers. This EA's
   // positions are those of its own magic and the signal's; `freed` are
   // the ones a reverse closes before it opens.
   bool              AllowOpening(const double volume, const long magic, const int freed, string &rule, string &why)
     {
      if(m_daily.Refuses(why))
        {
         rule = SR_RULE_MAX_DAILY_LOSS;
         return false;
        }
      long ids[];
      int open = 0;
      if(m_maxPositions > 0)
         open = SR_EaPositions("", SR_SIDE_ANY, SR_MAGIC, ids) + (magic != SR_MAGIC ? SR_EaPositions("", SR_SIDE_ANY, magic, ids) : 0) -
                freed;
      if(m_maxPositions > 0 && open >= m_maxPositions)
        {
         rule = SR_RULE_MAX_OPEN_POSITIONS;
         why = IntegerToString(open) + (open == 1 ? " position of this EA is" : " positions of this EA are") +
               " open, your maximum is " + IntegerToString(m_maxPositions) + " (rule: max open positions)";
         return false;
        }
      if(m_maxLot > 0 && volume > m_maxLot + 1e-9)
        {
         rule = SR_RULE_MAX_LOT;
         why = "Lot " + SR_LotText(volume) + " is above your maximum " + SR_LotText(m_maxLot) + " (rule: max lot)";
         return false;
        }
      return true;
     }
  };

#endif
