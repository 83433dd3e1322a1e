//+------------------------------------------------------------------+
//| LongPoll.mqh - transport B: POST /api/ea/poll over WebRequest.   |
//| The server answers at once when signals wait, else holds the     |
//| request for waitMs (we ask for 2 s). The EA polls again once it  |
//| has nothing to execute, and backs off 1, 2, 4 ... 30 s after     |
//| errors. Each poll is the terminal's heartbeat.                   |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_LONGPOLL_MQH
#define SIGNALRELAY_LONGPOLL_MQH

#include <SignalRelay\Protocol.mqh>
#include <SignalRelay\Transport\Http.mqh>
#include <SignalRelay\Transport\Backoff.mqh>

#define SR_POLL_PATH            "/api/ea/poll"
#define SR_POLL_MAX_WAIT_MS     25000
#define SR_LICENSE_RETRY_MS     60000

class CLongPoll
  {
private:
   string            m_baseUrl;
   string            m_url;
   int               m_waitMs;
   int               m_failures;
   uint              m_nextTick;

public:
                     CLongPoll(void) : m_baseUrl(""), m_url(""), m_waitMs(SR_POLL_DEFAULT_WAIT_MS), m_failures(0), m_nextTick(0) {}

   void              Setup(const string baseUrl)
     {
      m_baseUrl = baseUrl;
      m_url = baseUrl + SR_POLL_PATH;
      m_waitMs = SR_POLL_DEFAULT_WAIT_MS;
      m_failures = 0;
      m_nextTick = GetTickCount();
     }
   bool              Due(void) const { return SR_TickReached(m_nextTick); }
   void              PollNow(void) { m_nextTick = GetTickCount(); }

   // Sends one poll (blocking for up to waitMs + 5 s). On HTTP 200 `doc`
   // holds the reply; otherwise `problem` says what went wrong and the next
   // poll is scheduled with backoff. Returns the HTTP status, -1 when no
   // answer came (`err` = terminal error code), -2 for an unreadable reply.
   int               Poll(const string body, CJsonDoc &doc, string &problem, int &err)
     {
      string reply = "";
      string headers = "";
      err = 0;
      int status = SR_HttpPostJson(m_url, body, m_waitMs + 5000, reply, headers, err);
      if(status == 200 && doc.Parse(reply))
        {
         m_failures = 0;
         long wait = doc.GetLong(doc.Root(), "waitMs", m_waitMs);
         m_waitMs = (int)((wait < 0) ? 0 : (wait > SR_POLL_MAX_WAIT_MS ? SR_POLL_MAX_WAIT_MS : wait));
         m_nextTick = GetTickCount();
         problem = "";
         return status;
        }
      m_failures++;
      uint delay = SR_BackoffMs(m_failures);
      if(status == 429 && (uint)SR_RetryAfterSeconds(headers) * 1000 > delay)
         delay = (uint)SR_RetryAfterSeconds(headers) * 1000;
      if(status == 401 && delay < SR_LICENSE_RETRY_MS)
         delay = SR_LICENSE_RETRY_MS;
      if(status == 409)
         delay = SR_EXECUTOR_RETRY_MS;   // another copy trades the account: ask again now and then
      m_nextTick = GetTickCount() + delay;
      if(status == 200)
         problem = "the server's reply could not be read (" + doc.Error() + ")";
      else
         problem = SR_HttpProblem(status, err, reply, m_baseUrl);
      problem += "; next try in " + IntegerToString(delay / 1000) + " s";
      return (status == 200) ? -2 : status;
     }
  };

#endif
