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
#include <SignalRelay\SignalText.mqh>
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
   COpenPositions    m_stops;
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
   CAccountRules     m_rules;
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

   //--- results and signals (bodies in RelaySignals.mqh)
   void              NoteMarket(const SR_Signal &s, const SR_Result &r);
   void              Finish(const SR_Result &r);
   void              FinishWith(const string id, const string status, const string message);
   void              Acknowledge(const string id);
   bool              IsQueued(const string id) const;
   void              OnSignal(const CJsonDoc &doc, const int node);
   string            Describe(const SR_Signal &s) const { return SR_DescribeSignal(s); }
   void              Enqueue(const SR_Signal &s);
   void              PopSignal(void);
   void              ProcessQueue(void);

   //--- WebSocket transport (bodies in RelayWebSocket.mqh)
   void              SendHealthWs(void);
   void              FlushOutboxWs(void);
   void              OnPong(const long t);
   void              HandleFrame(const string text);
   void              OnWebSocketClosed(void);
   void              ConnectWebSocket(void);
   void              ServiceWebSocket(void);

   //--- long-poll transport (body in RelayLongPoll.mqh)
   void              ServiceLongPoll(void);

   void              ShowStatus(void)
     {
      string text = "SignalRelay " + SR_EA_VERSION + " | " + m_connection + "\n" +
                    "Account " + m_id.account + " at " + m_id.broker + " | server " + m_baseUrl;
      if(m_lastSignal != "")
         text += "\nLast signal: " + m_lastSignal;
      if(m_stops.Count() > 0)
         text += "\nManaging stops or take profits of " + IntegerToString(m_stops.Count()) + " position(s)";
      Comment(text);
     }

   //--- the account: taking it (body in RelayAccount.mqh)
   bool              Start(void);

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

   // Letting the account go, and the once-a-second check that it is still
   // ours (bodies in RelayAccount.mqh).
   void              Stop(const string why);
   bool              StillOwner(void);

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
         m_rules.Watch();
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

// The bodies of the account, the signal handling and the transports, declared above.
#include <SignalRelay\RelayAccount.mqh>
#include <SignalRelay\RelaySignals.mqh>
#include <SignalRelay\RelayWebSocket.mqh>
#include <SignalRelay\RelayLongPoll.mqh>

#endif
