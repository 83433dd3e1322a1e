#include "events.h"

#include <chrono>
#include <condition_variable>
#include <csignal>
#include <deque>
#include <mutex>

#include "../mql.h"
#include "settings.h"
#include "wire.h"
#ifdef __MQL5__
#include "transactions.h"
#endif

// The EA's handlers (mql5.com/en/docs/event_handlers). OnTick, OnTimer and OnTradeTransaction
// are optional: weak references are null when the EA does not define them.
void OnTick() __attribute__((weak));
void OnTimer() __attribute__((weak));
#ifdef __MQL5__
void OnTradeTransaction(const MqlTradeTransaction &trans, const MqlTradeRequest &request,
                        const MqlTradeResult &result) __attribute__((weak));
#endif

namespace mql::events {

namespace {

using Clock = std::chrono::steady_clock;

enum class Kind { Tick, Timer, Trade, Config };
struct Event {
  Kind kind;
  host::json payload;
};

// Shared with the socket's reader thread; never destroyed, as that thread may still run while
// the process exits.
struct Shared {
  std::mutex mutex;
  std::condition_variable arrived;
  std::deque<Event> queue;
  bool tickBusy = false, timerBusy = false;  // one waiting or being handled
  host::json deinit;    // the host's deinit event, read by the main thread
  std::string problem;  // a malformed event: the main thread stops the EA with it
  bool hostGone = false;
};
Shared &shared = *new Shared;
std::mutex &mutex = shared.mutex;
std::condition_variable &arrived = shared.arrived;
std::deque<Event> &queue = shared.queue;
bool &tickBusy = shared.tickBusy, &timerBusy = shared.timerBusy;
host::json &deinit = shared.deinit;
std::string &problem = shared.problem;
bool &hostGone = shared.hostGone;
volatile std::sig_atomic_t closing = 0;

// The timer (main thread only).
std::chrono::milliseconds period{0};
Clock::time_point due;

// Moves the timer past now: periods that passed while a timer event waited or ran add none.
void skipMissed() {
  auto now = Clock::now();
  while (period.count() > 0 && due <= now) due += period;
}

void dispatch(const Event &e) {
  switch (e.kind) {
    case Kind::Tick:
      OnTick();
      break;
    case Kind::Timer:
      OnTimer();
      break;
    case Kind::Trade:
#ifdef __MQL5__
      deliverTransaction(e.payload, OnTradeTransaction);
#endif
      break;
    case Kind::Config:
      settings::apply(e.payload);
      break;
  }
}

}  // namespace

void onHostEvent(const host::json &m) {
  std::string kind = m.value("event", "");
  std::lock_guard<std::mutex> lock(mutex);
  if (kind == "tick") {
    // NewTick comes only for the chart's symbol (mql5.com/en/docs/event_handlers/ontick).
    if (m.value("symbol", "") != settings::terminal().chart || !OnTick || tickBusy) return;
    tickBusy = true;
    queue.push_back({Kind::Tick, nullptr});
  } else if (kind == "trade") {
#ifdef __MQL5__
    if (OnTradeTransaction) queue.push_back({Kind::Trade, m});
#else
    problem = "host: a trade transaction event for an MT4 program";
#endif
  } else if (kind == "deinit") {
    deinit = m;
  } else if (kind == "config") {
    // Terminal settings apply before anything else that waits.
    queue.push_front({Kind::Config, m.value("terminal", host::json::object())});
  } else {
    problem = "host: unknown event " + m.dump();
  }
  arrived.notify_all();
}

void onHostGone() {
  std::lock_guard<std::mutex> lock(mutex);
  hostGone = true;
  arrived.notify_all();
}

void setTimer(long long ms) {
  std::lock_guard<std::mutex> lock(mutex);
  period = std::chrono::milliseconds(ms > 0 ? ms : 0);
  due = Clock::now() + period;
  if (ms <= 0) {
    // EventKillTimer also drops a timer event that is waiting.
    for (auto it = queue.begin(); it != queue.end();)
      it = (it->kind == Kind::Timer) ? queue.erase(it) : std::next(it);
    timerBusy = false;
  }
}

void requestClose() { closing = 1; }

int run() {
  // SIGTERM cannot wake a condition variable: the wait looks at `closing` this often.
  constexpr auto signalCheck = std::chrono::milliseconds(50);
  std::unique_lock<std::mutex> lock(mutex);
  for (;;) {
    if (!deinit.is_null())
      return static_cast<int>(wire::enumValue("DEINIT_REASON", deinit.value("reason", host::json()), "deinit reason"));
    if (!problem.empty() || hostGone) {
      std::string why = hostGone && problem.empty() ? "host: the host closed the connection" : problem;
      lock.unlock();
      mql::fatal(why);
    }
    if (closing) return REASON_CLOSE;
    if (period.count() > 0 && Clock::now() >= due) {
      if (!timerBusy && OnTimer) {
        timerBusy = true;
        queue.push_back({Kind::Timer, nullptr});
      }
      skipMissed();
    }
    if (queue.empty()) {
      auto until = Clock::now() + signalCheck;
      if (period.count() > 0 && due < until) until = due;
      arrived.wait_until(lock, until);
      continue;
    }
    Event e = std::move(queue.front());
    queue.pop_front();
    lock.unlock();
    dispatch(e);
    lock.lock();
    if (e.kind == Kind::Tick) tickBusy = false;
    if (e.kind == Kind::Timer) {
      timerBusy = false;
      skipMissed();
    }
  }
}

}  // namespace mql::events
