//+------------------------------------------------------------------+
//| Tracker.mqh - the OrderTracker EA: reports this account's orders |
//| to POST /api/orders/report (at most 500 rows per request).       |
//|  - on every trade event (MT5 OnTradeTransaction, or a change of  |
//|    the open positions/orders seen by the timer): the rows of the |
//|    last 2 days that changed since they were last reported;       |
//|  - every 60 s: every row of the last 90 days (a full             |
//|    reconciliation; the server upserts, so repeats change nothing).|
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_TRACKER_MQH
#define SIGNALRELAY_TRACKER_MQH

#include <SignalRelay\Platform.mqh>
#include <SignalRelay\Transport\Http.mqh>
#include <SignalRelay\Transport\Backoff.mqh>

#define SR_REPORT_PATH        "/api/orders/report"
#define SR_REPORT_BATCH       500
#define SR_RECONCILE_MS       60000
#define SR_RECONCILE_DAYS     90
#define SR_EVENT_WINDOW_DAYS  2
#define SR_EVENT_DEBOUNCE_MS  300
#define SR_REPORT_TIMEOUT_MS  15000

class COrderTracker
  {
private:
   string            m_license;
   string            m_baseUrl;
   SR_Identity       m_id;
   bool              m_ready;
   string            m_fingerprint;
   bool              m_dirty;
   uint              m_dirtySince;
   uint              m_nextReconcileTick;
   int               m_failures;
   uint              m_nextTryTick;
   bool              m_reportedOnce;
   bool              m_alertedUrl;
   string            m_sentTickets[];   // what each row looked like when last reported
   string            m_sentRows[];
   string            m_state;

   string            RowJson(const SR_OrderRow &r) const
     {
      CJsonWriter w;
      w.BeginObject();
      w.AddString("ticket", r.ticket);
      w.AddString("symbol", r.symbol);
      w.AddString("orderType", r.orderType);
      w.AddNumber("lots", r.lots, 4);
      w.AddNumber("openPrice", r.openPrice, r.digits);
      if(r.status == SR_ORDER_STATUS_CLOSED)
         w.AddNumber("closePrice", r.closePrice, r.digits);
      w.AddNumber("stopLoss", r.stopLoss, r.digits);
      w.AddNumber("takeProfit", r.takeProfit, r.digits);
      w.AddNumber("profit", r.profit, 2);
      w.AddNumber("commission", r.commission, 2);
      w.AddNumber("swap", r.swap, 2);
      w.AddLong("magicNumber", r.magic);
      w.AddString("comment", StringSubstr(r.comment, 0, 256));
      w.AddString("status", r.status);
      w.AddLong("openTime", r.openTime);
      if(r.status == SR_ORDER_STATUS_CLOSED)
         w.AddLong("closeTime", r.closeTime > 0 ? r.closeTime : 0);
      w.End();
      return w.Text();
     }
   int               SentIndex(const string ticket) const
     {
      for(int i = ArraySize(m_sentTickets) - 1; i >= 0; i--)
         if(m_sentTickets[i] == ticket)
            return i;
      return -1;
     }
   // A 400 that names the bad rows stored every other row: sending the batch
   // again would store nothing new and refuse the same rows, so it counts as
   // reported and the refusal is logged (a row is sent again once it changes).
   bool              PartlyStored(const int status, const string reply) const
     {
      CJsonDoc doc;
      if(status != 400 || !doc.Parse(reply) || doc.Child(doc.Root(), "accepted") < 0)
         return false;
      SR_LogThrottled("report-rejected", "the server refused some order rows (" + doc.GetString(doc.Root(), "message") +
                      "); the other rows were stored");
      return true;
     }
   // POSTs rows[from .. from+count) in one request.
   bool              Post(const string &json[], const int from, const int count)
     {
      CJsonWriter w;
      w.BeginObject();
      SR_WriteIdentity(w, m_id);
      w.OpenArray("orders");
      for(int i = from; i < from + count; i++)
         w.ItemRaw(json[i]);
      w.End();
      w.End();
      string reply = "";
      string headers = "";
      int err = 0;
      int status = SR_HttpPostJson(m_baseUrl + SR_REPORT_PATH, w.Text(), SR_REPORT_TIMEOUT_MS, reply, headers, err);
      if(status == 200 || PartlyStored(status, reply))
        {
         if(m_state != "reporting")
           {
            SR_LogClear("report");
            SR_LogClear("url");
           }
         m_state = "reporting";
         return true;
        }
      m_failures++;
      uint delay = SR_BackoffMs(m_failures);
      if(status == 429 && (uint)SR_RetryAfterSeconds(headers) * 1000 > delay)
         delay = (uint)SR_RetryAfterSeconds(headers) * 1000;
      m_nextTryTick = GetTickCount() + delay;
      if(status == -1 && SR_IsUrlNotAllowed(err))
        {
         SR_LogThrottled("url", SR_UrlNotAllowedText(m_baseUrl));
         if(!m_alertedUrl)
           {
            m_alertedUrl = true;
            Alert("OrderTracker: add " + m_baseUrl + " in Tools > Options > Expert Advisors > Allow WebRequest for listed URL");
           }
        }
      else
         SR_LogThrottled("report", "orders report failed: " + SR_HttpProblem(status, err, reply, m_baseUrl) +
                         "; next try in " + IntegerToString(delay / 1000) + " s");
      m_state = "retrying";
      return false;
     }
   // Collects rows since `days` ago and reports them (all of them, or only
   // those that changed since last reported). False when a request failed.
   bool              Report(const int days, const bool onlyChanged, int &reported)
     {
      reported = 0;
      SR_OrderRow rows[];
      int n = SR_CollectOrders(SR_ServerNow() - days * 86400, rows);
      string json[];
      string tickets[];
      ArrayResize(json, n);
      ArrayResize(tickets, n);
      int count = 0;
      for(int i = 0; i < n; i++)
        {
         if(rows[i].openTime <= 0 || rows[i].orderType == "" || rows[i].symbol == "")
            continue;
         string row = RowJson(rows[i]);
         if(onlyChanged)
           {
            int k = SentIndex(rows[i].ticket);
            if(k >= 0 && m_sentRows[k] == row)
               continue;
           }
         json[count] = row;
         tickets[count] = rows[i].ticket;
         count++;
        }
      for(int from = 0; from < count; from += SR_REPORT_BATCH)
        {
         int size = (count - from < SR_REPORT_BATCH) ? count - from : SR_REPORT_BATCH;
         if(!Post(json, from, size))
            return false;
         for(int i = from; i < from + size; i++)
           {
            int k = SentIndex(tickets[i]);
            if(k < 0)
              {
               k = ArraySize(m_sentTickets);
               ArrayResize(m_sentTickets, k + 1, 256);
               ArrayResize(m_sentRows, k + 1, 256);
               m_sentTickets[k] = tickets[i];
              }
            m_sentRows[k] = json[i];
           }
         reported += size;
        }
      m_failures = 0;
      return true;
     }
   bool              Start(void)
     {
      if(!SR_ReadIdentity(m_license, SR_PLATFORM, m_id))
        {
         m_state = "waiting for the terminal to log in to a trade account";
         return false;
        }
      m_ready = true;
      m_fingerprint = SR_OpenStateFingerprint();
      SR_Info("account " + m_id.account + " at " + m_id.broker + ": reporting orders to " + m_baseUrl + SR_HISTORY_HINT);
      return true;
     }

public:
                     COrderTracker(void) : m_ready(false), m_dirty(false), m_dirtySince(0), m_nextReconcileTick(0),
                     m_failures(0), m_nextTryTick(0), m_reportedOnce(false), m_alertedUrl(false), m_state("starting") {}

   int               Init(const string license, const string serverUrl)
     {
      SR_LogSetPrefix("OrderTracker");
      m_license = license;
      SR_TrimSpaces(m_license);
      bool tls;
      string host;
      int port;
      if(m_license == "")
        {
         Alert("OrderTracker: enter your license number (dashboard > Licenses) in the EA's LicenseNumber input.");
         return INIT_PARAMETERS_INCORRECT;
        }
      if(!SR_ParseUrl(serverUrl, tls, host, port, m_baseUrl))
        {
         Alert("OrderTracker: ServerUrl must look like https://signalrelay.app (got '" + serverUrl + "').");
         return INIT_PARAMETERS_INCORRECT;
        }
      if(MQLInfoInteger(MQL_TESTER))
        {
         SR_Error("OrderTracker needs a live (or demo) chart: the Strategy Tester does not run WebRequest");
         return INIT_FAILED;
        }
      MathSrand(GetTickCount());
      // Deadlines start at "now": GetTickCount() wraps, so 0 is not "long ago".
      m_nextReconcileTick = GetTickCount();
      m_nextTryTick = m_nextReconcileTick;
      if(!EventSetMillisecondTimer(250))
         EventSetTimer(1);
      SR_Info("OrderTracker " + SR_EA_VERSION + " for " + SR_PLATFORM + " starting. The terminal must allow WebRequest for " +
              m_baseUrl + " (Tools > Options > Expert Advisors)");
      Start();
      return INIT_SUCCEEDED;
     }

   void              Deinit(void)
     {
      EventKillTimer();
      Comment("");
     }

   // A trade happened (MT5 OnTradeTransaction): report soon.
   void              MarkDirty(void)
     {
      if(!m_dirty)
         m_dirtySince = GetTickCount();
      m_dirty = true;
     }

   void              OnTimer(void)
     {
      if(!m_ready && !Start())
        {
         Comment("OrderTracker " + SR_EA_VERSION + " | " + m_state);
         return;
        }
      string f = SR_OpenStateFingerprint();
      if(f != m_fingerprint)
        {
         m_fingerprint = f;
         MarkDirty();
        }
      if(!SR_TickReached(m_nextTryTick))
         return;
      int reported = 0;
      if(SR_TickReached(m_nextReconcileTick))
        {
         if(Report(SR_RECONCILE_DAYS, false, reported))
           {
            m_nextReconcileTick = GetTickCount() + SR_RECONCILE_MS;
            m_dirty = false;
            if(!m_reportedOnce)
               SR_Info("reported " + IntegerToString(reported) + " order(s) of the last " + IntegerToString(SR_RECONCILE_DAYS) +
                       " days; reconciling every " + IntegerToString(SR_RECONCILE_MS / 1000) + " s");
            m_reportedOnce = true;
           }
        }
      else if(m_dirty && GetTickCount() - m_dirtySince >= SR_EVENT_DEBOUNCE_MS)
        {
         m_dirty = false;
         if(Report(SR_EVENT_WINDOW_DAYS, true, reported))
           {
            if(reported > 0)
               SR_Info("reported " + IntegerToString(reported) + " changed order(s)");
           }
         else
            MarkDirty();
        }
      Comment("OrderTracker " + SR_EA_VERSION + " | " + m_state + "\nAccount " + m_id.account + " at " + m_id.broker +
              " | server " + m_baseUrl);
     }
  };

#endif
