//+------------------------------------------------------------------+
//| Dedupe.mqh - the EA's durable journal of signals: each one is    |
//| written down before it is acknowledged, its first result is kept |
//| so a repeated delivery is answered again instead of traded       |
//| again, and a result stays until the server has it. Persisted     |
//| (last 1,000) in                                                  |
//| <data folder>\MQL5\Files\SignalRelay\results-<account>.txt, one  |
//| tab-separated line per event, appended as it happens:            |
//|   P <accepted> <signal JSON>   (received; <accepted> is this    |
//|                 EA's UTC ms; 1.1's Q lines are not read)         |
//|   R <id> <status> <ticket> <price> <digits> <retcode> <at> <msg> . |
//|     <volume> <rule>                                              |
//|   S <id>      (the result reached the server)                    |
//| After a restart, a P without its R runs (or expires), and        |
//| results without an S line are reported again.                   |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_DEDUPE_MQH
#define SIGNALRELAY_DEDUPE_MQH

#include <SignalRelay\Files.mqh>
#include <SignalRelay\Platform.mqh>

#define SR_DEDUPE_KEEP 1000

class CDedupe
  {
private:
   string            m_file;
   SR_Result         m_items[];
   bool              m_sent[];
   int               m_count;
   SR_Signal         m_pending[];  // received, no result yet
   long              m_acceptedMs[];
   int               m_pendingCount;
   int               m_lines;      // lines in the file, to know when to compact

   string            Clean(const string text) const
     {
      string s = text;
      StringReplace(s, "\t", " ");
      StringReplace(s, "\r", " ");
      StringReplace(s, "\n", " ");
      return s;
     }
   int               PendingIndex(const string id) const
     {
      for(int i = m_pendingCount - 1; i >= 0; i--)
         if(m_pending[i].id == id)
            return i;
      return -1;
     }
   void              AddPending(const SR_Signal &sig, const long acceptedMs)
     {
      if(ArraySize(m_pending) <= m_pendingCount)
        {
         ArrayResize(m_pending, m_pendingCount + 1, 16);
         ArrayResize(m_acceptedMs, m_pendingCount + 1, 16);
        }
      m_pending[m_pendingCount].CopyFrom(sig);
      m_acceptedMs[m_pendingCount] = acceptedMs;
      m_pendingCount++;
     }
   void              RemovePending(const string id)
     {
      int at = PendingIndex(id);
      if(at < 0)
         return;
      for(int i = at + 1; i < m_pendingCount; i++)
        {
         m_pending[i - 1].CopyFrom(m_pending[i]);
         m_acceptedMs[i - 1] = m_acceptedMs[i];
        }
      m_pendingCount--;
     }
   // A received signal waiting for its result: "P", when it was accepted,
   // and the signal object (JSON escapes every tab and line break in it).
   string            SignalLine(const SR_Signal &sig, const long acceptedMs) const
     {
      return "P\t" + IntegerToString(acceptedMs) + "\t" + SR_SignalJson(sig);
     }
   // A P line back into a signal whose TTL runs from its acceptance.
   void              ReadSignalLine(const string &f[], const int n)
     {
      CJsonDoc doc;
      SR_Signal sig;
      string why = "";
      if(n != 3 || !doc.Parse(f[2]) || !SR_ReadSignal(doc, doc.Root(), sig, why) || PendingIndex(sig.id) >= 0)
         return;
      AddPending(sig, StringToInteger(f[1]));
     }
   int               IndexOf(const string id) const
     {
      for(int i = m_count - 1; i >= 0; i--)
         if(m_items[i].id == id)
            return i;
      return -1;
     }
   void              Add(const SR_Result &r, const bool sent)
     {
      if(m_count == SR_DEDUPE_KEEP)
        {
         for(int i = 1; i < m_count; i++)
           {
            m_items[i - 1].CopyFrom(m_items[i]);
            m_sent[i - 1] = m_sent[i];
           }
         m_count--;
        }
      if(ArraySize(m_items) <= m_count)
        {
         ArrayResize(m_items, m_count + 1, 64);
         ArrayResize(m_sent, m_count + 1, 64);
        }
      m_items[m_count].CopyFrom(r);
      m_sent[m_count] = sent;
      m_count++;
     }
   string            Line(const SR_Result &r) const
     {
      return "R\t" + Clean(r.id) + "\t" + r.status + "\t" + r.ticket + "\t" + DoubleToString(r.price, r.digits) + "\t" +
             IntegerToString(r.digits) + "\t" + IntegerToString(r.retcode) + "\t" + IntegerToString(r.executedAt) + "\t" +
             Clean(r.message) + "\t.\t" + DoubleToString(r.volume, 8) + "\t" + r.rule;
     }
   bool              Append(const string line)
     {
      int h = FileOpen(m_file, FILE_READ | FILE_WRITE | FILE_TXT | FILE_ANSI | FILE_SHARE_READ, '\t', CP_UTF8);
      if(h == INVALID_HANDLE)
        {
         SR_CannotWrite(m_file, GetLastError(), "repeated signals may not be recognised after a restart");
         return false;
        }
      FileSeek(h, 0, SEEK_END);
      FileWriteString(h, line + "\r\n");
      FileClose(h);
      m_lines++;
      return true;
     }
   // Rewrites the file with what is kept in memory.
   void              Compact(void)
     {
      string lines[];
      ArrayResize(lines, m_pendingCount + m_count * 2);
      int n = 0;
      for(int i = 0; i < m_pendingCount; i++)
         lines[n++] = SignalLine(m_pending[i], m_acceptedMs[i]);
      for(int i = 0; i < m_count; i++)
        {
         lines[n++] = Line(m_items[i]);
         if(m_sent[i])
            lines[n++] = "S\t" + Clean(m_items[i].id);
        }
      if(SR_ReplaceFile(m_file, lines, n) == 0)
         m_lines = n;
     }

public:
                     CDedupe(void) : m_file(""), m_count(0), m_pendingCount(0), m_lines(0) {}

   // Loads the file of this account; a missing file is an empty history.
   void              Load(const string account)
     {
      FolderCreate("SignalRelay");
      m_file = "SignalRelay\\results-" + account + ".txt";
      m_count = 0;
      m_pendingCount = 0;
      m_lines = 0;
      if(!FileIsExist(m_file))
         return;
      int h = FileOpen(m_file, FILE_READ | FILE_TXT | FILE_ANSI | FILE_SHARE_READ, '\t', CP_UTF8);
      if(h == INVALID_HANDLE)
        {
         SR_Warn("cannot read " + m_file + " (error " + IntegerToString(GetLastError()) + ")");
         return;
        }
      while(!FileIsEnding(h))
        {
         string line = FileReadString(h);
         m_lines++;
         string f[];
         int n = StringSplit(line, '\t', f);
         if(n >= 2 && f[0] == "P")
           {
            ReadSignalLine(f, n);
            continue;
           }
         if(n >= 2 && f[0] == "S")
           {
            int i = IndexOf(f[1]);
            if(i >= 0)
               m_sent[i] = true;
            continue;
           }
         // The closing "." keeps a trailing empty message a field of its own.
         if(n < 10 || f[0] != "R" || f[9] != "." || IndexOf(f[1]) >= 0)
            continue;
         SR_Result r;
         r.id = f[1];
         r.status = f[2];
         r.ticket = f[3];
         r.price = StringToDouble(f[4]);
         r.digits = (int)StringToInteger(f[5]);
         r.retcode = (int)StringToInteger(f[6]);
         r.executedAt = StringToInteger(f[7]);
         r.message = f[8];
         r.volume = (n > 10) ? StringToDouble(f[10]) : 0;   // lines from before 1.1 end at "."
         r.rule = (n > 11) ? f[11] : "";
         Add(r, false);
         RemovePending(r.id);
        }
      FileClose(h);
      if(m_lines > 3 * SR_DEDUPE_KEEP)
         Compact();
     }

   // The first result given for `id`, if this terminal has answered it.
   bool              Find(const string id, SR_Result &out) const
     {
      int i = IndexOf(id);
      if(i < 0)
         return false;
      out.CopyFrom(m_items[i]);
      return true;
     }

   // Writes a received signal down before it is acknowledged, so a crash
   // between the two cannot lose it.
   void              Accept(const SR_Signal &sig)
     {
      if(PendingIndex(sig.id) >= 0 || IndexOf(sig.id) >= 0)
         return;
      long now = SR_NowMs();
      AddPending(sig, now);
      Append(SignalLine(sig, now));
     }

   // Signals received before a restart that have no result yet, with the
   // time left of their TTL (0 or less: it ran out meanwhile).
   int               Pending(SR_Signal &out[]) const
     {
      ArrayResize(out, m_pendingCount);
      long now = SR_NowMs();
      for(int i = 0; i < m_pendingCount; i++)
        {
         out[i].CopyFrom(m_pending[i]);
         out[i].ttlMs = m_pending[i].ttlMs - (now - m_acceptedMs[i]);
         out[i].receivedTick = GetTickCount();
         out[i].nextTryTick = out[i].receivedTick;
        }
      return m_pendingCount;
     }

   void              Remember(const SR_Result &r)
     {
      if(IndexOf(r.id) >= 0)
         return;
      RemovePending(r.id);
      Add(r, false);
      Append(Line(r));
      if(m_lines > 3 * SR_DEDUPE_KEEP)
         Compact();
     }

   void              MarkSent(const string id)
     {
      int i = IndexOf(id);
      if(i < 0 || m_sent[i])
         return;
      m_sent[i] = true;
      Append("S\t" + Clean(id));
     }

   // Results the server has not confirmed, oldest first.
   int               Unsent(SR_Result &out[]) const
     {
      int n = 0;
      ArrayResize(out, 0);
      for(int i = 0; i < m_count; i++)
        {
         if(m_sent[i])
            continue;
         ArrayResize(out, n + 1);
         out[n].CopyFrom(m_items[i]);
         n++;
        }
      return n;
     }
  };

#endif
