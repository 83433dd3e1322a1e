// Terminal, program and account properties, global variables and the clocks. Properties,
// globals and the trade server's time live in the host (several programs share them); the
// tick counters and the timer are local.
#include <ctime>

#include "../mql.h"
#include "events.h"
#include "settings.h"
#include "wire.h"

using namespace mql;
using wire::json;

// mql5.com/en/docs/check/terminalinfointeger
int TerminalInfoInteger(ENUM_TERMINAL_INFO_INTEGER property_id) {
  auto r = wire::call("TerminalInfoInteger", wire::enumArg("ENUM_TERMINAL_INFO_INTEGER", property_id));
  return static_cast<int>(wire::asLong(r.ret, "TerminalInfoInteger"));
}

// mql5.com/en/docs/check/mqlinfointeger (MQL_TESTER is 0: this is a live chart)
int MQLInfoInteger(ENUM_MQL_INFO_INTEGER property_id) {
  auto r = wire::call("MQLInfoInteger", wire::enumArg("ENUM_MQL_INFO_INTEGER", property_id));
  return static_cast<int>(wire::asLong(r.ret, "MQLInfoInteger"));
}

// mql5.com/en/docs/account/accountinfointeger
long AccountInfoInteger(ENUM_ACCOUNT_INFO_INTEGER property_id) {
  auto r = wire::call("AccountInfoInteger", wire::enumArg("ENUM_ACCOUNT_INFO_INTEGER", property_id));
  return wire::asLong(r.ret, "AccountInfoInteger");
}

// mql5.com/en/docs/account/accountinfodouble
double AccountInfoDouble(ENUM_ACCOUNT_INFO_DOUBLE property_id) {
  auto r = wire::call("AccountInfoDouble", wire::enumArg("ENUM_ACCOUNT_INFO_DOUBLE", property_id));
  return wire::asDouble(r.ret, "AccountInfoDouble");
}

// mql5.com/en/docs/account/accountinfostring
string AccountInfoString(ENUM_ACCOUNT_INFO_STRING property_id) {
  auto r = wire::call("AccountInfoString", wire::enumArg("ENUM_ACCOUNT_INFO_STRING", property_id));
  return wire::asString(r.ret, "AccountInfoString");
}

// mql5.com/en/docs/check/symbol: the chart's symbol, fixed for the EA's life.
string Symbol() { return string::fromUtf8(settings::terminal().chart); }

// mql5.com/en/docs/common/periodseconds: the chart's period. The harness puts every EA on an
// H1 chart (the EAs do not depend on the period; they only name it).
int PeriodSeconds() { return 3600; }

// mql5.com/en/docs/chart_operations/chartid
long ChartID() { return settings::terminal().chartId; }

// --- Global variables (mql5.com/en/docs/globals): terminal-wide, so kept by the host.

// mql5.com/en/docs/globals/globalvariablecheck
bool GlobalVariableCheck(const string &name) {
  return wire::asBool(wire::call("GlobalVariableCheck", wire::str(name)).ret, "GlobalVariableCheck");
}

// mql5.com/en/docs/globals/globalvariableget: 0 with ERR_GLOBALVARIABLE_NOT_FOUND when missing.
double GlobalVariableGet(const string &name) {
  return wire::asDouble(wire::call("GlobalVariableGet", wire::str(name)).ret, "GlobalVariableGet");
}

// mql5.com/en/docs/globals/globalvariableset: returns the time of the change.
datetime GlobalVariableSet(const string &name, double value) {
  return wire::asLong(wire::call("GlobalVariableSet", wire::str(name), value).ret, "GlobalVariableSet");
}

// mql5.com/en/docs/globals/globalvariabledel
bool GlobalVariableDel(const string &name) {
  return wire::asBool(wire::call("GlobalVariableDel", wire::str(name)).ret, "GlobalVariableDel");
}

// mql5.com/en/docs/globals/globalvariabletemp
bool GlobalVariableTemp(const string &name) {
  return wire::asBool(wire::call("GlobalVariableTemp", wire::str(name)).ret, "GlobalVariableTemp");
}

// mql5.com/en/docs/globals/globalvariablesetoncondition: atomic compare-and-set across programs.
bool GlobalVariableSetOnCondition(const string &name, double value, double check_value) {
  auto r = wire::call("GlobalVariableSetOnCondition", wire::str(name), value, check_value);
  return wire::asBool(r.ret, "GlobalVariableSetOnCondition");
}

// --- Time: the host's clock can be moved (midnight ET, DST changes).

// mql5.com/en/docs/dateandtime/timecurrent: the last quote's server time.
datetime TimeCurrent() { return wire::asLong(wire::call("TimeCurrent").ret, "TimeCurrent"); }

// mql5.com/en/docs/dateandtime/timetradeserver
datetime TimeTradeServer() {
  return wire::asLong(wire::call("TimeTradeServer").ret, "TimeTradeServer");
}

// mql5.com/en/docs/dateandtime/timegmt
datetime TimeGMT() { return wire::asLong(wire::call("TimeGMT").ret, "TimeGMT"); }

// mql5.com/en/docs/dateandtime/timelocal
datetime TimeLocal() { return wire::asLong(wire::call("TimeLocal").ret, "TimeLocal"); }

// mql5.com/en/docs/common/gettickcount: milliseconds since the system started, wrapping at 2^32.
uint GetTickCount() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<uint>(static_cast<unsigned long long>(t.tv_sec) * 1000ULL + t.tv_nsec / 1000000);
}

// mql5.com/en/docs/common/getmicrosecondcount: microseconds since the program started.
ulong GetMicrosecondCount() {
  static const timespec start = [] {
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t;
  }();
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<ulong>((t.tv_sec - start.tv_sec) * 1000000LL + (t.tv_nsec - start.tv_nsec) / 1000);
}

// --- Timer (one per program, the last call wins). Real time fires at most every 10-16 ms
// (mql5.com/en/docs/eventfunctions/eventsetmillisecondtimer), so shorter periods become 10 ms.

// mql5.com/en/docs/eventfunctions/eventsettimer
bool EventSetTimer(int seconds) {
  if (seconds <= 0) return false;
  events::setTimer(seconds * 1000LL);
  return true;
}

// mql5.com/en/docs/eventfunctions/eventsetmillisecondtimer
bool EventSetMillisecondTimer(int milliseconds) {
  if (milliseconds <= 0) return false;
  events::setTimer(milliseconds < 10 ? 10 : milliseconds);
  return true;
}

// mql5.com/en/docs/eventfunctions/eventkilltimer
void EventKillTimer() { events::setTimer(0); }
