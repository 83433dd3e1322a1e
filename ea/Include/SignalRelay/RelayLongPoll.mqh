//+------------------------------------------------------------------+
//| RelayLongPoll.mqh - CRelay's HTTPS long-poll session (MT4, and   |
//| the MT5 fallback): one request carries the acknowledgements,     |
//| results and health, its reply the signals and account rules.     |
//| Separate from Relay.mqh so the class declaration (there) reads   |
//| at a glance; included by it after the class, not on its own.     |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_RELAYLONGPOLL_MQH
#define SIGNALRELAY_RELAYLONGPOLL_MQH

void CRelay::ServiceLongPoll(void)
  {
   if(SR_SocketsAvailable() && SR_TickReached(m_wsRetryTick))
     {
      // One WebSocket attempt; a single failure brings the long-poll back.
      m_mode = SR_MODE_WEBSOCKET;
      m_wsFailures = SR_WS_FAILURES_TO_POLL - 1;
      ConnectWebSocket();
      return;
     }
   if(!m_poll.Due())
      return;
   // A signal waiting for its next attempt must not sit behind a held
   // poll: meanwhile the EA polls once a second without a hold, which
   // keeps it connected and reports results.
   bool busy = m_queueCount > 0;
   if(busy && !SR_TickReached(m_nextBusyPollTick))
      return;
   m_nextBusyPollTick = GetTickCount() + 1000;
   SR_Result results[];
   int included = m_outbox.Oldest(results, SR_MAX_RESULTS_PER_POLL);
   SR_HealthIssue issues[];
   bool sendHealth = m_health.Refresh(m_rules);
   int issueCount = m_health.Issues(issues);
   string body = SR_PollBody(m_id, m_received, results, included, busy ? 0 : SR_POLL_DEFAULT_WAIT_MS, sendHealth, issues,
                             issueCount, m_rules.Id());
   CJsonDoc doc;
   string problem = "";
   int err = 0;
   int status = m_poll.Poll(body, doc, problem, err);
   if(status != 200)
     {
      if(status == 401)
        {
         LicenseRejected("HTTP 401");
         m_connection = "license not accepted";
         return;
        }
      if(status == 409)
        {
         ExecutorRefused(problem);
         return;
        }
      if(status == -1 && SR_IsUrlNotAllowed(err))
         UrlNotAllowed();
      else
         SR_LogThrottled("poll", "long-poll: " + problem, 10000);
      m_connection = "reconnecting (HTTPS long-poll)";
      return;
     }
   if(m_connection != "connected (HTTPS long-poll)")
     {
      ExecutorAdmitted();
      m_connection = "connected (HTTPS long-poll)";
      SR_LogClear("license");
      SR_LogClear("url");
      SR_LogClear("poll");
      SR_Info("connected to " + m_baseUrl + " over HTTPS long-poll as account " + m_id.account + " at " + m_id.broker);
     }
   if(sendHealth)
      m_health.Sent();
   m_outbox.Confirm(included, m_dedupe);
   ArrayResize(m_received, 0);
   m_rules.Read(doc, doc.Root());
   int signals = doc.Child(doc.Root(), "signals");
   for(int item = doc.Item(signals, 0); item >= 0; item = doc.Next(item))
      OnSignal(doc, item);
  }

#endif
