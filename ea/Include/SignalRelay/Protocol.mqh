//+------------------------------------------------------------------+
//| Protocol.mqh - EA protocol (ea/PROTOCOL.md): message names,      |
//| the signal and result objects, and the bodies and frames built   |
//| from them. Field names appear only as string literals in the     |
//| Json calls here, so ea/tools/protocol-fields.ts can check them   |
//| against contracts/src/ea-protocol.ts.                            |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_PROTOCOL_MQH
#define SIGNALRELAY_PROTOCOL_MQH

#include <SignalRelay\Json.mqh>
#include <SignalRelay\Version.mqh>

// Version 2 adds the instance id and chart (one executor per account), the
// health frame and the result's volume (ea/PROTOCOL.md).
#define SR_PROTOCOL_VERSION 2

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

// Signal positions.
#define SR_POS_BUY       "buy"
#define SR_POS_SELL      "sell"
#define SR_POS_CLOSEBUY  "closebuy"
#define SR_POS_CLOSESELL "closesell"
#define SR_POS_CLOSEALL  "closeall"

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

// A signal as received, plus the EA's own bookkeeping.
struct SR_Signal
  {
   string            id;
   string            symbol;
   string            position;
   double            lot;
   double            slpoint;
   double            tppoint;
   double            trailingStop;
   double            breakEvenPips;
   double            riskPercentage;
   bool              isTest;
   long              receivedAt;
   long              ttlMs;
   uint              receivedTick;   // GetTickCount() when this EA parsed it: the TTL runs from here
   int               attempts;
   uint              nextTryTick;
   string            lastWhy;        // why the last attempt must be retried

   void              CopyFrom(const SR_Signal &o)
     {
      id = o.id;
      symbol = o.symbol;
      position = o.position;
      lot = o.lot;
      slpoint = o.slpoint;
      tppoint = o.tppoint;
      trailingStop = o.trailingStop;
      breakEvenPips = o.breakEvenPips;
      riskPercentage = o.riskPercentage;
      isTest = o.isTest;
      receivedAt = o.receivedAt;
      ttlMs = o.ttlMs;
      receivedTick = o.receivedTick;
      attempts = o.attempts;
      nextTryTick = o.nextTryTick;
      lastWhy = o.lastWhy;
     }
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

// Reads a signal object; false (with `why`) when it lacks an id or position.
bool SR_ReadSignal(const CJsonDoc &doc, const int node, SR_Signal &s, string &why)
  {
   s.id = doc.GetString(node, "id");
   s.symbol = doc.GetString(node, "symbol");
   s.position = doc.GetString(node, "position");
   StringToLower(s.position);
   s.lot = doc.GetNumber(node, "lot");
   s.slpoint = doc.GetNumber(node, "slpoint");
   s.tppoint = doc.GetNumber(node, "tppoint");
   s.trailingStop = doc.GetNumber(node, "trailingStop");
   s.breakEvenPips = doc.GetNumber(node, "breakEvenPips");
   s.riskPercentage = doc.GetNumber(node, "riskPercentage");
   s.isTest = doc.GetBool(node, "isTest");
   s.receivedAt = doc.GetLong(node, "receivedAt");
   s.ttlMs = doc.GetLong(node, "ttlMs");
   s.receivedTick = GetTickCount();
   s.attempts = 0;
   s.nextTryTick = s.receivedTick;
   s.lastWhy = "";
   if(s.id == "")
     {
      why = "signal without an id";
      return false;
     }
   if(s.position != SR_POS_BUY && s.position != SR_POS_SELL && s.position != SR_POS_CLOSEBUY &&
      s.position != SR_POS_CLOSESELL && s.position != SR_POS_CLOSEALL)
     {
      why = "unknown position '" + s.position + "'";
      return false;
     }
   why = "";
   return true;
  }

void SR_WriteResultFields(CJsonWriter &w, const SR_Result &r)
  {
   w.AddString("id", r.id);
   w.AddString("status", r.status);
   w.AddString("ticket", r.ticket);
   w.AddNumber("price", r.price, r.digits);
   w.AddString("message", StringSubstr(r.message, 0, 1000));   // the schema's limit
   w.AddLong("retcode", r.retcode);
   w.AddLong("executedAt", r.executedAt);
   if(r.volume > 0)
      w.AddNumber("volume", r.volume, 8);
  }

// A problem the terminal sees that stops or may stop trading (v2 health).
#define SR_HEALTH_AUTOTRADING_OFF     "AUTOTRADING_OFF"
#define SR_HEALTH_ACCOUNT_TRADING_OFF "ACCOUNT_TRADING_OFF"
#define SR_HEALTH_URL_NOT_ALLOWED     "URL_NOT_ALLOWED"
#define SR_HEALTH_MARKET_CLOSED       "MARKET_CLOSED"

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

// The items of the whole current list (it replaces the one the server has),
// into an array the caller opened.
void SR_WriteHealthItems(CJsonWriter &w, const SR_HealthIssue &issues[], const int count)
  {
   for(int i = 0; i < count; i++)
     {
      w.BeginObject();
      w.AddString("code", issues[i].code);
      w.AddString("message", StringSubstr(issues[i].message, 0, 300));   // the schema's limit
      if(issues[i].symbol != "")
         w.AddString("symbol", issues[i].symbol);
      w.End();
     }
  }

string SR_HealthFrame(const SR_HealthIssue &issues[], const int count)
  {
   CJsonWriter w;
   w.BeginObject();
   w.AddString("type", SR_MSG_HEALTH);
   w.OpenArray("issues");
   SR_WriteHealthItems(w, issues, count);
   w.End();
   w.End();
   return w.Text();
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

string SR_HelloFrame(const SR_Identity &id)
  {
   CJsonWriter w;
   w.BeginObject();
   w.AddString("type", SR_MSG_HELLO);
   SR_WriteIdentity(w, id);
   SR_WriteInstance(w, id);
   w.AddString("eaVersion", SR_EA_VERSION);
   w.AddLong("terminalBuild", id.terminalBuild);
   w.End();
   return w.Text();
  }

string SR_PingFrame(const long t)
  {
   CJsonWriter w;
   w.BeginObject();
   w.AddString("type", SR_MSG_PING);
   w.AddLong("t", t);
   w.End();
   return w.Text();
  }

string SR_ReceivedFrame(const string signalId)
  {
   CJsonWriter w;
   w.BeginObject();
   w.AddString("type", SR_MSG_RECEIVED);
   w.AddString("id", signalId);
   w.End();
   return w.Text();
  }

string SR_ResultFrame(const SR_Result &r)
  {
   CJsonWriter w;
   w.BeginObject();
   w.AddString("type", SR_MSG_RESULT);
   SR_WriteResultFields(w, r);
   w.End();
   return w.Text();
  }

// Body of POST /api/ea/poll: identity, the ids received since the last
// poll, the results not yet reported, and the longest hold this EA accepts
// (WebRequest blocks the EA, so it asks for short holds to keep managing
// stops between polls, and for none while a signal waits for a retry).
string SR_PollBody(const SR_Identity &id, const string &received[], const SR_Result &results[], const int resultCount,
                   const int waitMs, const bool sendHealth, const SR_HealthIssue &health[], const int healthCount)
  {
   CJsonWriter w;
   w.BeginObject();
   SR_WriteIdentity(w, id);
   SR_WriteInstance(w, id);
   w.AddString("eaVersion", SR_EA_VERSION);
   w.AddLong("terminalBuild", id.terminalBuild);
   w.AddLong("waitMs", waitMs);
   if(sendHealth)
     {
      w.OpenArray("health");
      SR_WriteHealthItems(w, health, healthCount);
      w.End();
     }
   w.OpenArray("received");
   for(int i = 0; i < ArraySize(received); i++)
      w.ItemString(received[i]);
   w.End();
   w.OpenArray("results");
   for(int i = 0; i < resultCount; i++)
     {
      w.BeginObject();
      SR_WriteResultFields(w, results[i]);
      w.End();
     }
   w.End();
   w.End();
   return w.Text();
  }

#endif
