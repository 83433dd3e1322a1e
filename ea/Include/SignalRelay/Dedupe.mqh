//+------------------------------------------------------------------+
//| Dedupe.mqh - the signals this terminal has answered, with their  |
//| first result, so a repeated delivery is answered again instead   |
//| of traded again. Persisted (last 1,000) in                       |
//| <data folder>\MQL5\Files\SignalRelay\results-<account>.txt, one  |
//| tab-separated line per event, appended as it happens:            |
//|   R <id> <status> <ticket> <price> <digits> <retcode> <at> <msg> . |
//|   S <id>      (the result reached the server)                    |
//| Results without an S line are reported again after a restart.   |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_DEDUPE_MQH
#define SIGNALRELAY_DEDUPE_MQH

#include <SignalRelay\Platform.mqh>

#define SR_DEDUPE_KEEP 1000

class CDedupe
  {
private:
   string            m_file;
   SR_Result         m_items[];
   bool              m_sent[];
   int               m_count;
   int               m_lines;      // lines in the file, to know when to compact

   string            Clean(const string text) const
     {
      string s = text;
      StringReplace(s, "\t", " ");
      StringReplace(s, "\r", " ");
      StringReplace(s, "\n", " ");
      return s;
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
             Clean(r.message) + "\t.";
     }
   bool              Append(const string line)
     {
      int h = FileOpen(m_file, FILE_READ | FILE_WRITE | FILE_TXT | FILE_ANSI | FILE_SHARE_READ, '\t', CP_UTF8);
      if(h == INVALID_HANDLE)
        {
         SR_LogThrottled("dedupe-write", "cannot write " + SR_FILES_FOLDER + "\\" + m_file + " (error " +
                         IntegerToString(GetLastError()) + "): repeated signals may not be recognised after a restart");
         return false;
        }
      FileSeek(h, 0, SEEK_END);
      FileWriteString(h, line + "\r\n");
      FileClose(h);
      m_lines++;
      return true;
     }
   // Rewrites the file with what is kept in memory (write a copy, then swap).
   void              Compact(void)
     {
      string tmp = m_file + ".tmp";
      int h = FileOpen(tmp, FILE_WRITE | FILE_TXT | FILE_ANSI, '\t', CP_UTF8);
      if(h == INVALID_HANDLE)
         return;
      for(int i = 0; i < m_count; i++)
        {
         FileWriteString(h, Line(m_items[i]) + "\r\n");
         if(m_sent[i])
            FileWriteString(h, "S\t" + Clean(m_items[i].id) + "\r\n");
        }
      FileClose(h);
      if(FileMove(tmp, 0, m_file, FILE_REWRITE))
         m_lines = m_count * 2;
     }

public:
                     CDedupe(void) : m_file(""), m_count(0), m_lines(0) {}

   // Loads the file of this account; a missing file is an empty history.
   void              Load(const string account)
     {
      FolderCreate("SignalRelay");
      m_file = "SignalRelay\\results-" + account + ".txt";
      m_count = 0;
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
         Add(r, false);
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

   void              Remember(const SR_Result &r)
     {
      if(IndexOf(r.id) >= 0)
         return;
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
