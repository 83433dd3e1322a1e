//+------------------------------------------------------------------+
//| Protocol.mqh - EA protocol (ea/PROTOCOL.md): message names and   |
//| codes, the identity, result and health objects, the clock for    |
//| executedAt and pings, and this terminal's identity. The bodies   |
//| and frames built from them are in ProtocolFrames.mqh. Field      |
//| names appear only as string literals in the Json calls (here     |
//| and there), so ea/tools/protocol-fields.ts can check them        |
//| against contracts/src/ea-protocol.ts.                            |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_PROTOCOL_MQH
#define SIGNALRELAY_PROTOCOL_MQH

#include <SignalRelay\Json.mqh>
#include <SignalRelay\Signal.mqh>
#include <SignalRelay\Version.mqh>

// Version 2 adds the instance id and chart (one executor per account), the
// health frame and the result's volume; version 3 the trading command set
// (Signal.mqh) and the account rules (ea/PROTOCOL.md).
#define SR_PROTOCOL_VERSION 3

// Longest hold we ask the server for on a long-poll: WebRequest blocks the
// EA, and trailing stops / break-even are managed between polls.
#define SR_POLL_DEFAULT_WAIT_MS 2000

// Message types (the `type` field of WebSocket frames).
#define SR_MSG_HELLO    "hello"
#define SR_MSG_WELCOME  "welcome"
#define SR_MSG_SIGNAL   "signal"
#define SR_MSG_RECEIVED "received"
#define SR_MSG_RESULT   "result"
#define SR_MSG_PING     "ping"
#define SR_MSG_PONG     "pong"
#define SR_MSG_ERROR    "error"
#define SR_MSG_HEALTH   "health"
#define SR_MSG_RULES    "rules"

// Error codes the server may send in an error frame.
#define SR_ERRCODE_LICENSE_INVALID "LICENSE_INVALID"
#define SR_ERRCODE_BAD_REQUEST     "BAD_REQUEST"
#define SR_ERRCODE_RATE_LIMITED    "RATE_LIMITED"
#define SR_ERRCODE_EXECUTOR_TAKEN  "EXECUTOR_TAKEN"

// WebSocket close codes the server uses.
#define SR_CLOSE_BAD_REQUEST     4400
#define SR_CLOSE_LICENSE_INVALID 4401
#define SR_CLOSE_EXECUTOR_TAKEN  4409

// A copy refused because another one trades the account asks again this often.
#define SR_EXECUTOR_RETRY_MS 15000

// Result statuses.
#define SR_STATUS_SUCCESS "success"
#define SR_STATUS_ERROR   "error"
#define SR_STATUS_SKIPPED "skipped"

// Orders report: order types and statuses.
#define SR_ORDER_TYPE_BUY       "buy"
#define SR_ORDER_TYPE_SELL      "sell"
#define SR_ORDER_TYPE_BUYLIMIT  "buylimit"
#define SR_ORDER_TYPE_SELLLIMIT "selllimit"
#define SR_ORDER_TYPE_BUYSTOP   "buystop"
#define SR_ORDER_TYPE_SELLSTOP  "sellstop"
#define SR_ORDER_STATUS_OPEN    "open"
#define SR_ORDER_STATUS_CLOSED  "closed"

// Who this terminal is (license + platform + account + broker).
struct SR_Identity
  {
   string            licenseNumber;
   string            platform;
   string            account;
   string            broker;
   long              terminalBuild;
   string            instanceId;   // this copy of the EA, for as long as it runs on its chart
   string            chart;        // where it runs, e.g. "EURUSD,H1"
  };

// A result (EA -> server).
struct SR_Result
  {
   string            id;
   string            status;
   string            ticket;
   double            price;
   int               digits;
   string            message;
   int               retcode;
   long              executedAt;
   double            volume;       // lots filled; 0 = not a trade, or not known
   string            rule;         // the account rule that refused the signal (Rules.mqh); "" = none

   void              CopyFrom(const SR_Result &o)
     {
      id = o.id;
      status = o.status;
      ticket = o.ticket;
      price = o.price;
      digits = o.digits;
      message = o.message;
      retcode = o.retcode;
      executedAt = o.executedAt;
      volume = o.volume;
      rule = o.rule;
     }
  };

// A problem the terminal sees that stops or may stop trading (v2 health).
#define SR_HEALTH_AUTOTRADING_OFF     "AUTOTRADING_OFF"
#define SR_HEALTH_ACCOUNT_TRADING_OFF "ACCOUNT_TRADING_OFF"
#define SR_HEALTH_URL_NOT_ALLOWED     "URL_NOT_ALLOWED"
#define SR_HEALTH_MARKET_CLOSED       "MARKET_CLOSED"
#define SR_HEALTH_DAILY_LOSS_REACHED  "DAILY_LOSS_REACHED"

struct SR_HealthIssue
  {
   string            code;
   string            message;
   string            symbol;       // "" unless the problem is one symbol's

   void              CopyFrom(const SR_HealthIssue &o)
     {
      code = o.code;
      message = o.message;
      symbol = o.symbol;
     }
  };

//+------------------------------------------------------------------+
//| Clock: wall-clock milliseconds (UTC) for executedAt and pings.   |
//| TimeGMT() has whole seconds; the microsecond counter fills in    |
//| the milliseconds between re-syncs.                               |
//+------------------------------------------------------------------+
long  g_srClockBaseMs = 0;
ulong g_srClockBaseUs = 0;

long SR_NowMs(void)
  {
   long wall = (long)TimeGMT() * 1000;
   long now = g_srClockBaseMs + (long)((GetMicrosecondCount() - g_srClockBaseUs) / 1000);
   if(g_srClockBaseMs == 0 || now < wall - 1500 || now > wall + 2500)
     {
      g_srClockBaseMs = wall;
      g_srClockBaseUs = GetMicrosecondCount();
      now = wall;
     }
   return now;
  }

// Fills the identity of this terminal; false while the terminal has not
// logged in to a trade account yet.
bool SR_ReadIdentity(const string licenseNumber, const string platform, SR_Identity &id)
  {
   id.licenseNumber = licenseNumber;
   id.platform = platform;
   long login = AccountInfoInteger(ACCOUNT_LOGIN);
   id.account = IntegerToString(login);
   id.broker = AccountInfoString(ACCOUNT_SERVER);
   id.terminalBuild = TerminalInfoInteger(TERMINAL_BUILD);
   return login > 0 && id.broker != "";
  }

void SR_WriteIdentity(CJsonWriter &w, const SR_Identity &id)
  {
   w.AddLong("v", SR_PROTOCOL_VERSION);
   w.AddString("licenseNumber", id.licenseNumber);
   w.AddString("platform", id.platform);
   w.AddString("account", id.account);
   w.AddString("broker", id.broker);
  }

// Which copy of the EA speaks (v2): the server lets one copy trade an account.
void SR_WriteInstance(CJsonWriter &w, const SR_Identity &id)
  {
   w.AddString("instanceId", id.instanceId);
   w.AddString("chart", id.chart);
  }

// The chart's timeframe as the terminal names it ("M5", "H1", "D1"), from
// its length, which both MQL4 and MQL5 give the same way.
string SR_TimeframeText(const int seconds)
  {
   int minutes = seconds / 60;
   if(minutes < 60)
      return "M" + IntegerToString(minutes);
   if(minutes < 1440)
      return "H" + IntegerToString(minutes / 60);
   if(minutes == 1440)
      return "D1";
   return (minutes == 10080) ? "W1" : "MN1";
  }

// A new id for this run of the EA on its chart: the chart id keeps two
// charts apart, the clock and a random number two runs on the same chart.
void SR_NewInstance(SR_Identity &id)
  {
   id.instanceId = "c" + IntegerToString(ChartID()) + "-" + IntegerToString((long)GetMicrosecondCount()) + "-" +
                   IntegerToString(MathRand());
   id.chart = Symbol() + "," + SR_TimeframeText(PeriodSeconds());
  }

// The bodies and frames built from these objects.
#include <SignalRelay\ProtocolFrames.mqh>

#endif
