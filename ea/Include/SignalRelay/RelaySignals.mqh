//+------------------------------------------------------------------+
//| RelaySignals.mqh - CRelay's signal handling, whatever the        |
//| transport: a signal read, deduplicated, acknowledged and queued; |
//| the queue executed in arrival order within each TTL (retries     |
//| included); results journaled and put in the outbox.              |
//| Separate from Relay.mqh so the class declaration (there) reads   |
//| at a glance; included by it after the class, not on its own.     |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_RELAYSIGNALS_MQH
#define SIGNALRELAY_RELAYSIGNALS_MQH

//--- results
// The broker refused a trade because the symbol's market is closed, or
// a trade on it went through: the dashboard hears of it with the health.
void CRelay::NoteMarket(const SR_Signal &s, const SR_Result &r)
  {
   if(s.symbol == "")
      return;
   if(r.status == SR_STATUS_ERROR && r.retcode == SR_CODE_MARKET_CLOSED)
      m_health.MarketClosed(s.symbol);
   else if(r.status == SR_STATUS_SUCCESS)
      m_health.MarketOpen(s.symbol);
  }

void CRelay::Finish(const SR_Result &r)
  {
   m_dedupe.Remember(r);
   m_outbox.Add(r);
   string line = "signal " + r.id + " " + r.status;
   if(r.ticket != "")
      line += ": ticket " + r.ticket + " at " + DoubleToString(r.price, r.digits);
   if(r.retcode != 0)
      line += " (retcode " + IntegerToString(r.retcode) + ")";
   if(r.message != "")
      line += ": " + r.message;
   if(r.status == SR_STATUS_ERROR)
      SR_Error(line);
   else
      SR_Info(line);
   m_lastSignal = r.status + (r.message != "" ? " - " + r.message : "");
  }

void CRelay::FinishWith(const string id, const string status, const string message)
  {
   SR_Result r;
   SR_FillResult(r, id, false, 0, message, "", 0, 0);
   r.status = status;
   Finish(r);
  }

//--- signals
void CRelay::Acknowledge(const string id)
  {
   if(m_mode == SR_MODE_WEBSOCKET && m_ws.IsOpen())
     {
      m_ws.SendText(SR_ReceivedFrame(id));
      return;
     }
   int n = ArraySize(m_received);
   for(int i = 0; i < n; i++)
      if(m_received[i] == id)
         return;
   ArrayResize(m_received, n + 1);
   m_received[n] = id;
  }

bool CRelay::IsQueued(const string id) const
  {
   for(int i = 0; i < m_queueCount; i++)
      if(m_queue[i].id == id)
         return true;
   return false;
  }

void CRelay::OnSignal(const CJsonDoc &doc, const int node)
  {
   SR_Signal s;
   string why = "";
   if(!SR_ReadSignal(doc, node, s, why))
     {
      SR_Warn("ignored a malformed signal: " + why);
      if(s.id != "")
        {
         Acknowledge(s.id);
         FinishWith(s.id, SR_STATUS_ERROR, "The EA could not read this signal: " + why);
        }
      return;
     }
   SR_Result prior;
   if(m_dedupe.Find(s.id, prior))
     {
      Acknowledge(s.id);
      SR_Info("signal " + s.id + " was already answered (" + prior.status + "): sending that result again");
      m_outbox.Add(prior);
      return;
     }
   if(IsQueued(s.id))
     {
      Acknowledge(s.id);
      return;
     }
   // Written down before acknowledged: once the server stops delivering
   // it, the journal is what makes it run after a crash.
   m_dedupe.Accept(s);
   Acknowledge(s.id);
   SR_Info("signal " + s.id + " received: " + Describe(s) + (s.isTest ? " (test)" : ""));
   Enqueue(s);
  }

// A received (or resumed) signal: answered at once when expired or a
// test, else queued for execution.
void CRelay::Enqueue(const SR_Signal &s)
  {
   m_lastSignal = Describe(s) + " - received";
   if(s.ttlMs <= 0)
     {
      FinishWith(s.id, SR_STATUS_ERROR, "expired");
      return;
     }
   if(s.isTest)
     {
      FinishWith(s.id, SR_STATUS_SKIPPED, "Test signal: logged, not traded");
      return;
     }
   if(ArraySize(m_queue) <= m_queueCount)
      ArrayResize(m_queue, m_queueCount + 1, 16);
   m_queue[m_queueCount].CopyFrom(s);
   m_queueCount++;
  }

void CRelay::PopSignal(void)
  {
   for(int i = 1; i < m_queueCount; i++)
      m_queue[i - 1].CopyFrom(m_queue[i]);
   m_queueCount--;
  }

// Executes queued signals in arrival order. A signal hit by a passing
// error (requote, busy, timeout) is tried again with growing gaps for as
// long as its TTL lasts, holding back the ones behind it so their order
// is kept; the timer keeps running in between (stops, heartbeats).
void CRelay::ProcessQueue(void)
  {
   while(m_queueCount > 0)
     {
      if(!SR_TickReached(m_queue[0].nextTryTick))
         return;
      uint age = GetTickCount() - m_queue[0].receivedTick;
      if((long)age >= m_queue[0].ttlMs)
        {
         string message = "expired";
         if(m_queue[0].attempts > 0)
            message += " after " + IntegerToString(m_queue[0].attempts) + " attempts: " + m_queue[0].lastWhy;
         FinishWith(m_queue[0].id, SR_STATUS_ERROR, message);
         PopSignal();
         continue;
        }
      SR_Result r;
      int verdict = SR_Execute(m_queue[0], r, m_stops, m_rules);
      m_queue[0].attempts++;
      if(verdict == SR_EXEC_RETRY)
        {
         int doublings = MathMin(m_queue[0].attempts - 1, 3);
         uint gap = (uint)MathMin(SR_RETRY_FIRST_MS << doublings, SR_RETRY_MAX_GAP_MS);
         m_queue[0].nextTryTick = GetTickCount() + gap;
         m_queue[0].lastWhy = r.message;
         SR_Info("signal " + m_queue[0].id + " attempt " + IntegerToString(m_queue[0].attempts) + ": " + r.message +
                 "; trying again in " + IntegerToString(gap) + " ms");
         return;
        }
      NoteMarket(m_queue[0], r);
      Finish(r);
      PopSignal();
     }
  }

#endif
