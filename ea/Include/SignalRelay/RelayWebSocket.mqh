//+------------------------------------------------------------------+
//| RelayWebSocket.mqh - CRelay's WebSocket session (MT5): connect,  |
//| hello and welcome, heartbeats, frames from the server, results   |
//| and health written back, and what a close means (reconnect,      |
//| license refused, another executor, fall back to long-poll).      |
//| Separate from Relay.mqh so the class declaration (there) reads   |
//| at a glance; included by it after the class, not on its own.     |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_RELAYWEBSOCKET_MQH
#define SIGNALRELAY_RELAYWEBSOCKET_MQH

void CRelay::SendHealthWs(void)
  {
   if(!m_health.Refresh(m_rules) || !m_ws.IsOpen() || !m_welcomed)
      return;
   SR_HealthIssue issues[];
   int n = m_health.Issues(issues);
   if(m_ws.SendText(SR_HealthFrame(issues, n)))
      m_health.Sent();
  }

void CRelay::FlushOutboxWs(void)
  {
   if(m_welcomed)
      m_outbox.WriteTo(m_ws);
  }

void CRelay::OnPong(const long t)
  {
   m_pingsOutstanding = 0;
   m_outbox.PongReceived(t, m_dedupe);
  }

void CRelay::HandleFrame(const string text)
  {
   CJsonDoc doc;
   if(!doc.Parse(text))
     {
      SR_Warn("unreadable message from the server: " + doc.Error());
      return;
     }
   int root = doc.Root();
   string type = doc.GetString(root, "type");
   if(type == SR_MSG_SIGNAL)
      OnSignal(doc, doc.Child(root, "signal"));
   else if(type == SR_MSG_PONG)
      OnPong(doc.GetLong(root, "t"));
   else if(type == SR_MSG_RULES)
      m_rules.Read(doc, root);
   else if(type == SR_MSG_WELCOME)
     {
      long hb = doc.GetLong(root, "heartbeatMs", 2000);
      m_heartbeatMs = (uint)((hb < 500) ? 500 : (hb > 60000 ? 60000 : hb));
      m_welcomed = true;
      m_wsFailures = 0;
      m_pingsOutstanding = 0;
      m_nextPingTick = GetTickCount() + m_heartbeatMs;
      m_licenseRejected = false;
      m_fallbackLogged = false;
      ExecutorAdmitted();
      SR_LogClear("license");
      SR_LogClear("url");
      m_connection = "connected (WebSocket)";
      SR_Info("connected to " + m_baseUrl + " over WebSocket as account " + m_id.account + " at " + m_id.broker +
              " (heartbeat " + IntegerToString(m_heartbeatMs) + " ms)");
     }
   else if(type == SR_MSG_ERROR)
     {
      string code = doc.GetString(root, "code");
      string message = doc.GetString(root, "message");
      if(code == SR_ERRCODE_LICENSE_INVALID)
        {
         m_licenseRejected = true;
         LicenseRejected(message);
        }
      else if(code == SR_ERRCODE_EXECUTOR_TAKEN)
         ExecutorRefused(message);
      else
         SR_LogThrottled("server-error-" + code, "the server refused the connection: " + code + " " + message);
     }
  }

void CRelay::OnWebSocketClosed(void)
  {
   bool wasWelcomed = m_welcomed;
   string why = m_ws.Error();
   m_outbox.ConnectionLost();
   int err = m_ws.ErrorCode();
   m_welcomed = false;
   m_helloSent = false;
   m_ws.Close(1000);
   if(m_licenseRejected || m_ws.CloseCode() == SR_CLOSE_LICENSE_INVALID)
     {
      m_licenseRejected = true;
      LicenseRejected(why);
      m_connection = "license not accepted";
      m_nextConnectTick = GetTickCount() + SR_LICENSE_RETRY_MS;
      return;
     }
   if(m_executorRefused || m_ws.CloseCode() == SR_CLOSE_EXECUTOR_TAKEN)
     {
      ExecutorRefused("");
      m_nextConnectTick = GetTickCount() + SR_EXECUTOR_RETRY_MS;
      return;
     }
   if(SR_IsUrlNotAllowed(err))
      UrlNotAllowed();
   m_wsFailures = wasWelcomed ? 1 : m_wsFailures + 1;
   uint delay = SR_BackoffMs(m_wsFailures);
   if(!wasWelcomed && m_wsFailures >= SR_WS_FAILURES_TO_POLL)
     {
      if(!m_fallbackLogged)
         SR_Warn("WebSocket unavailable (" + why + "); using HTTPS long-poll, and trying the WebSocket again every 5 minutes");
      m_fallbackLogged = true;
      m_mode = SR_MODE_LONGPOLL;
      m_wsRetryTick = GetTickCount() + SR_WS_RETRY_FROM_POLL;
      m_connection = "connecting (HTTPS long-poll)";
      m_poll.PollNow();
      return;
     }
   if(!SR_IsUrlNotAllowed(err))
      SR_LogThrottled("ws-closed", "WebSocket " + (wasWelcomed ? "disconnected" : "connection failed") + ": " + why +
                      "; reconnecting in " + DoubleToString(delay / 1000.0, 1) + " s", 10000);
   m_connection = "reconnecting (WebSocket)";
   m_nextConnectTick = GetTickCount() + delay;
  }

void CRelay::ConnectWebSocket(void)
  {
   m_helloSent = false;
   m_welcomed = false;
   m_licenseRejected = false;
   m_executorRefused = false;
   if(!m_refusalLogged)
      m_connection = "connecting (WebSocket)";
   if(!m_ws.Open(m_host, m_port, m_tls, SR_WS_PATH, SR_CONNECT_TIMEOUT_MS))
      OnWebSocketClosed();
  }

void CRelay::ServiceWebSocket(void)
  {
   if(m_ws.State() == SR_WS_CLOSED)
     {
      if(SR_TickReached(m_nextConnectTick))
         ConnectWebSocket();
      return;
     }
   bool alive = m_ws.Service();
   if(alive && m_ws.IsOpen() && !m_helloSent)
     {
      m_helloSent = m_ws.SendText(SR_HelloFrame(m_id));
      m_openedTick = GetTickCount();
     }
   // Messages that arrived before a close are still handled (a signal
   // without its "received" is delivered again, and dedupe answers it).
   string text;
   while(m_ws.NextMessage(text))
      HandleFrame(text);
   if(!alive || m_ws.State() == SR_WS_CLOSED || m_licenseRejected || m_executorRefused)
     {
      OnWebSocketClosed();
      return;
     }
   if(!m_ws.IsOpen())
      return;   // still upgrading
   if(!m_welcomed)
     {
      if(GetTickCount() - m_openedTick > SR_WELCOME_TIMEOUT_MS)
        {
         m_ws.Abandon(1000, "no welcome from the server within 10 s of the hello");
         OnWebSocketClosed();
        }
      return;
     }
   if(SR_TickReached(m_nextPingTick))
     {
      if(m_pingsOutstanding >= SR_MISSED_PONGS)
        {
         m_ws.Abandon(1001, "no answer to " + IntegerToString(SR_MISSED_PONGS) + " heartbeats");
         OnWebSocketClosed();
         return;
        }
      long t = SR_NowMs();
      if(m_ws.SendText(SR_PingFrame(t)))
        {
         m_pingsOutstanding++;
         m_outbox.PingSent(t);
        }
      m_nextPingTick = GetTickCount() + m_heartbeatMs;
     }
   FlushOutboxWs();
   SendHealthWs();
   if(m_ws.State() == SR_WS_CLOSED)
      OnWebSocketClosed();
  }

#endif
