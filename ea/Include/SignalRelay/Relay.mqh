//+------------------------------------------------------------------+
//| Relay.mqh - the relay EA: receives signals (WebSocket on MT5,    |
//| HTTPS long-poll on MT4 and as the MT5 fallback), acknowledges    |
//| them, executes each once within its TTL, and reports results.    |
//| Everything runs from a 15 ms timer; nothing waits on the network |
//| except the long-poll request itself (held ~2 s by the server).   |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_RELAY_MQH
#define SIGNALRELAY_RELAY_MQH

#include <SignalRelay\Platform.mqh>
#include <SignalRelay\Execution.mqh>
#include <SignalRelay\Dedupe.mqh>
#include <SignalRelay\ExecutorLock.mqh>
#include <SignalRelay\Health.mqh>
#include <SignalRelay\ResultOutbox.mqh>
#include <SignalRelay\Transport\Http.mqh>
#include <SignalRelay\Transport\Backoff.mqh>
#include <SignalRelay\Transport\WebSocket.mqh>
#include <SignalRelay\Transport\LongPoll.mqh>

#define SR_MODE_WEBSOCKET 0
#define SR_MODE_LONGPOLL  1

#define SR_WS_PATH              "/api/ea/ws"
#define SR_CONNECT_TIMEOUT_MS   5000
#define SR_WELCOME_TIMEOUT_MS   10000
#define SR_WS_FAILURES_TO_POLL  3        // WebSocket attempts before falling back to long-poll
#define SR_WS_RETRY_FROM_POLL   300000   // try the WebSocket again every 5 minutes
#define SR_MISSED_PONGS         3
#define SR_RETRY_FIRST_MS       250      // first gap after a passing error; doubles up to the cap
#define SR_RETRY_MAX_GAP_MS     2000
#define SR_MAX_RESULTS_PER_POLL 100
#define SR_STOPS_EVERY_MS       100

class CRelay
  {
private:
   string            m_license;
   string            m_baseUrl;
   string            m_host;
   int               m_port;
   bool              m_tls;
   SR_Identity       m_id;
   bool              m_ready;
   CDedupe           m_dedupe;
   CExecutorLock     m_lock;
   bool              m_idleLogged;
   uint              m_nextStartTick;
   CStopManager      m_stops;
   CWebSocket        m_ws;
   CLongPoll         m_poll;
   int               m_mode;
   // WebSocket session
   bool              m_helloSent;
   bool              m_welcomed;
   uint              m_openedTick;
   int               m_wsFailures;
   uint              m_nextConnectTick;
   uint              m_heartbeatMs;
   uint              m_nextPingTick;
   int               m_pingsOutstanding;
   uint              m_wsRetryTick;
   bool              m_licenseRejected;
   bool              m_fallbackLogged;
   // Another copy of the EA (another terminal) trades this account: the
   // server refused this one, which stays idle and asks again now and then.
   bool              m_executorRefused;
   bool              m_refusalLogged;
   CTerminalHealth   m_health;
   // Work
   SR_Signal         m_queue[];
   int               m_queueCount;
   CResultOutbox     m_outbox;
   string            m_received[];
   // Display
   bool              m_alertedUrl;
   bool              m_alertedLicense;
   string            m_connection;
   string            m_lastSignal;
   uint              m_nextStopsTick;
   uint              m_nextBusyPollTick;
   uint              m_nextCommentTick;

   string            MaskedLicense(void) const
     {
      int n = StringLen(m_license);
      return (n <= 4) ? "****" : "****" + StringSubstr(m_license, n - 4);
     }

   //--- setup problems: journal (throttled) and one pop-up per run
   void              UrlNotAllowed(void)
     {
      SR_LogThrottled("url", SR_UrlNotAllowedText(m_baseUrl));
      if(!m_alertedUrl)
        {
         m_alertedUrl = true;
         Alert("SignalRelay: add " + m_baseUrl + " in Tools > Options > Expert Advisors > Allow WebRequest for listed URL");
        }
     }
   void              LicenseRejected(const string detail)
     {
      SR_LogThrottled("license", "the license number " + MaskedLicense() + " was not accepted (" + detail +
                      "): copy it again from the dashboard into the EA's LicenseNumber input");
      if(!m_alertedLicense)
        {
         m_alertedLicense = true;
         Alert("SignalRelay: the license number was not accepted. Copy it from the dashboard into the EA inputs.");
        }
     }

   //--- one executor per account (ea/PROTOCOL.md)
   void              ExecutorRefused(const string message)
     {
      m_executorRefused = true;
      m_connection = "idle: another SignalRelay trades account " + m_id.account;
      if(!m_refusalLogged)
         SR_Warn(message != "" ? message : "another SignalRelay already trades account " + m_id.account +
                 " with this license: this copy was refused and stays idle so no signal trades twice");
      m_refusalLogged = true;
     }
   void              ExecutorAdmitted(void)
     {
      if(m_refusalLogged)
         SR_Info("the other SignalRelay of account " + m_id.account + " stopped: this copy trades it now");
      m_refusalLogged = false;
      m_executorRefused = false;
      m_health.Resend();
     }
   void              SendHealthWs(void)
     {
      if(!m_health.Refresh() || !m_ws.IsOpen() || !m_welcomed)
         return;
      SR_HealthIssue issues[];
      int n = m_health.Issues(issues);
      if(m_ws.SendText(SR_HealthFrame(issues, n)))
         m_health.Sent();
     }
   // The broker refused a trade because the symbol's market is closed, or
   // a trade on it went through: the dashboard hears of it with the health.
   void              NoteMarket(const SR_Signal &s, const SR_Result &r)
     {
      if(s.symbol == "")
         return;
      if(r.status == SR_STATUS_ERROR && r.retcode == SR_CODE_MARKET_CLOSED)
         m_health.MarketClosed(s.symbol);
      else if(r.status == SR_STATUS_SUCCESS)
         m_health.MarketOpen(s.symbol);
     }

   //--- results
   void              Finish(const SR_Result &r)
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
   void              FinishWith(const string id, const string status, const string message)
     {
      SR_Result r;
      r.id = id;
      r.status = status;
      r.ticket = "";
      r.price = 0;
      r.digits = 0;
      r.message = message;
      r.retcode = 0;
      r.executedAt = SR_NowMs();
      r.volume = 0;
      Finish(r);
     }
   void              FlushOutboxWs(void)
     {
      if(m_welcomed)
         m_outbox.WriteTo(m_ws);
     }
   void              OnPong(const long t)
     {
      m_pingsOutstanding = 0;
      m_outbox.PongReceived(t, m_dedupe);
     }

   //--- signals
   void              Acknowledge(const string id)
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
   bool              IsQueued(const string id) const
     {
      for(int i = 0; i < m_queueCount; i++)
         if(m_queue[i].id == id)
            return true;
      return false;
     }
   void              OnSignal(const CJsonDoc &doc, const int node)
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
   string            Describe(const SR_Signal &s) const
     {
      string what = s.position + " " + s.symbol;
      if(s.position == SR_POS_BUY || s.position == SR_POS_SELL)
        {
         what += (s.riskPercentage > 0) ? " risk " + SR_JsonNumber(s.riskPercentage, 2) + "%" : " lot " + SR_Lots(s.lot);
         what += " sl " + SR_JsonNumber(s.slpoint, 1) + " tp " + SR_JsonNumber(s.tppoint, 1);
         if(s.trailingStop > 0)
            what += " trailing " + SR_JsonNumber(s.trailingStop, 1);
         if(s.breakEvenPips > 0)
            what += " break-even " + SR_JsonNumber(s.breakEvenPips, 1) + " pips";
        }
      return what;
     }
   // A received (or resumed) signal: answered at once when expired or a
   // test, else queued for execution.
   void              Enqueue(const SR_Signal &s)
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
   void              PopSignal(void)
     {
      for(int i = 1; i < m_queueCount; i++)
         m_queue[i - 1].CopyFrom(m_queue[i]);
      m_queueCount--;
     }
   // Executes queued signals in arrival order. A signal hit by a passing
   // error (requote, busy, timeout) is tried again with growing gaps for as
   // long as its TTL lasts, holding back the ones behind it so their order
   // is kept; the timer keeps running in between (stops, heartbeats).
   void              ProcessQueue(void)
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
         int verdict = SR_Execute(m_queue[0], r, m_stops);
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

   //--- WebSocket transport
   void              HandleFrame(const string text)
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
   void              OnWebSocketClosed(void)
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
   void              ConnectWebSocket(void)
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
   void              ServiceWebSocket(void)
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

   //--- long-poll transport
   void              ServiceLongPoll(void)
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
      bool sendHealth = m_health.Refresh();
      int issueCount = m_health.Issues(issues);
      string body = SR_PollBody(m_id, m_received, results, included, busy ? 0 : SR_POLL_DEFAULT_WAIT_MS, sendHealth, issues,
                                issueCount);
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
      int signals = doc.Child(doc.Root(), "signals");
      for(int item = doc.Item(signals, 0); item >= 0; item = doc.Next(item))
         OnSignal(doc, item);
     }

   void              ShowStatus(void)
     {
      string text = "SignalRelay " + SR_EA_VERSION + " | " + m_connection + "\n" +
                    "Account " + m_id.account + " at " + m_id.broker + " | server " + m_baseUrl;
      if(m_lastSignal != "")
         text += "\nLast signal: " + m_lastSignal;
      if(m_stops.Count() > 0)
         text += "\nManaging stops of " + IntegerToString(m_stops.Count()) + " position(s)";
      Comment(text);
     }

   bool              Start(void)
     {
      if(!SR_TickReached(m_nextStartTick))
         return false;
      m_nextStartTick = GetTickCount() + 1000;
      if(!SR_ReadIdentity(m_license, SR_PLATFORM, m_id))
        {
         m_connection = "waiting for the terminal to log in to a trade account";
         return false;
        }
      if(!m_lock.Acquire(m_id.account))
        {
         string holder = m_lock.Holder(m_id.account);
         m_connection = "idle: " + holder + " executes account " + m_id.account;
         if(!m_idleLogged)
            SR_Warn("another SignalRelay in this terminal already executes account " + m_id.account + " (" + holder +
                    "): this copy stays idle so no signal is traded twice, and takes over if that one stops. Remove one of them");
         m_idleLogged = true;
         return false;
        }
      if(m_idleLogged)
         SR_Info("the other SignalRelay of account " + m_id.account + " stopped: this copy executes it now");
      m_idleLogged = false;
      m_ready = true;
      m_dedupe.Load(m_id.account);
      m_stops.Load(m_id.account);
      SR_Result unsent[];
      int n = m_dedupe.Unsent(unsent);
      for(int i = 0; i < n; i++)
         m_outbox.Add(unsent[i]);
      if(n > 0)
         SR_Info(IntegerToString(n) + " result(s) from before the restart will be reported");
      SR_Signal pending[];
      int p = m_dedupe.Pending(pending);
      for(int i = 0; i < p; i++)
        {
         SR_Info("signal " + pending[i].id + " was received before the restart and has no result: " +
                 (pending[i].ttlMs > 0 ? "executing it now (" + IntegerToString(pending[i].ttlMs) + " ms of its time left)" :
                  "its time ran out meanwhile"));
         Enqueue(pending[i]);
        }
      SR_Info("account " + m_id.account + " at " + m_id.broker + ", license " + MaskedLicense() + ", server " + m_baseUrl +
              (m_mode == SR_MODE_WEBSOCKET ? " (WebSocket)" : " (HTTPS long-poll)"));
      return true;
     }

public:
                     CRelay(void) : m_port(443), m_tls(true), m_ready(false), m_mode(SR_MODE_WEBSOCKET), m_helloSent(false),
                     m_welcomed(false), m_openedTick(0), m_wsFailures(0), m_nextConnectTick(0), m_heartbeatMs(2000),
                     m_nextPingTick(0), m_pingsOutstanding(0), m_wsRetryTick(0), m_licenseRejected(false), m_fallbackLogged(false), m_executorRefused(false), m_refusalLogged(false),
                     m_queueCount(0), m_alertedUrl(false), m_alertedLicense(false), m_idleLogged(false), m_nextStartTick(0), m_nextBusyPollTick(0),
                     m_connection("starting"), m_lastSignal(""), m_nextStopsTick(0), m_nextCommentTick(0) {}

   int               Init(const string license, const string serverUrl)
     {
      m_license = license;
      SR_TrimSpaces(m_license);
      if(m_license == "")
        {
         Alert("SignalRelay: enter your license number (dashboard > Licenses) in the EA's LicenseNumber input.");
         return INIT_PARAMETERS_INCORRECT;
        }
      if(!SR_ParseUrl(serverUrl, m_tls, m_host, m_port, m_baseUrl))
        {
         Alert("SignalRelay: ServerUrl must look like https://signalrelay.app (got '" + serverUrl + "').");
         return INIT_PARAMETERS_INCORRECT;
        }
      if(MQLInfoInteger(MQL_TESTER))
        {
         SR_Error("SignalRelay needs a live (or demo) chart: the Strategy Tester runs neither WebRequest nor sockets");
         return INIT_FAILED;
        }
      MathSrand(GetTickCount() ^ (uint)AccountInfoInteger(ACCOUNT_LOGIN));
      SR_NewInstance(m_id);
      m_mode = SR_SocketsAvailable() ? SR_MODE_WEBSOCKET : SR_MODE_LONGPOLL;
      m_poll.Setup(m_baseUrl);
      // Deadlines start at "now": GetTickCount() wraps, so 0 is not "long ago".
      uint now = GetTickCount();
      m_nextConnectTick = now;
      m_nextStartTick = now;
      m_nextStopsTick = now;
      m_nextCommentTick = now;
      m_wsRetryTick = now + SR_WS_RETRY_FROM_POLL;
      if(!EventSetMillisecondTimer(15))
        {
         SR_Warn("the millisecond timer is unavailable; checking every second instead");
         EventSetTimer(1);
        }
      SR_Info("SignalRelay " + SR_EA_VERSION + " for " + SR_PLATFORM + " starting. The terminal must allow WebRequest for " +
              m_baseUrl + " (Tools > Options > Expert Advisors)");
      if(!TerminalInfoInteger(TERMINAL_TRADE_ALLOWED))
         SR_Warn("AutoTrading is off: press the " + SR_ALGO_BUTTON + " button or signals will be refused");
      if(!MQLInfoInteger(MQL_TRADE_ALLOWED))
         SR_Warn("this EA may not trade: in its properties (F7) tick 'Allow Algo Trading' / 'Allow live trading'");
      Start();
      ShowStatus();
      return INIT_SUCCEEDED;
     }

   void              Deinit(void)
     {
      m_lock.Release();
      m_ws.Close(1001);
      EventKillTimer();
      Comment("");
     }

   // Drops everything that belongs to the account executed so far: the
   // terminal logged in to another one, or another copy took over. Its
   // queued signals and unsent results stay in that account's journal.
   void              Stop(const string why)
     {
      SR_Warn(why);
      m_ws.Close(1000);
      m_helloSent = false;
      m_welcomed = false;
      m_queueCount = 0;
      m_outbox.Clear();
      ArrayResize(m_received, 0);
      m_lock.Release();
      m_ready = false;
      m_mode = SR_SocketsAvailable() ? SR_MODE_WEBSOCKET : SR_MODE_LONGPOLL;
      m_nextConnectTick = GetTickCount();
     }
   // Once a second: still the executor, still the same account?
   bool              StillOwner(void)
     {
      if(!m_lock.Beat())
        {
         Stop("another SignalRelay in this terminal took over account " + m_id.account + " (this one looked stopped to it)");
         return false;
        }
      long login = AccountInfoInteger(ACCOUNT_LOGIN);
      string server = AccountInfoString(ACCOUNT_SERVER);
      if(IntegerToString(login) == m_id.account && server == m_id.broker)
         return true;
      Stop("the terminal switched from account " + m_id.account + " at " + m_id.broker + " to " +
           (login > 0 ? IntegerToString(login) + " at " + server : "no account") + ": starting over for the new account");
      return false;
     }

   void              OnTimer(void)
     {
      if(!m_ready && !Start())
        {
         if(SR_TickReached(m_nextCommentTick))
           {
            ShowStatus();
            m_nextCommentTick = GetTickCount() + 1000;
           }
         return;
        }
      if(m_mode == SR_MODE_WEBSOCKET)
         ServiceWebSocket();
      ProcessQueue();
      if(m_mode == SR_MODE_WEBSOCKET)
         FlushOutboxWs();
      else
         ServiceLongPoll();
      if(SR_TickReached(m_nextStopsTick))
        {
         m_stops.Manage();
         m_nextStopsTick = GetTickCount() + SR_STOPS_EVERY_MS;
        }
      if(SR_TickReached(m_nextCommentTick))
        {
         if(!StillOwner())
            return;
         ShowStatus();
         m_nextCommentTick = GetTickCount() + 1000;
        }
     }

   // New quotes: a good moment to move stops.
   void              OnTick(void)
     {
      if(m_ready)
         m_stops.Manage();
     }
  };

#endif
