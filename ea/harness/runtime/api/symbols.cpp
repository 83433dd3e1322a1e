// Symbols and quotes: Market Watch and symbol properties, kept by the host's broker. An unknown
// symbol answers 0 / false with the host's error (4301 on MT5, 4106 on MT4).
#include "../mql.h"
#include "wire.h"

using namespace mql;

// mql5.com/en/docs/marketinformation/symbolstotal
int SymbolsTotal(bool selected) {
  return static_cast<int>(wire::asLong(wire::call("SymbolsTotal", selected).ret, "SymbolsTotal"));
}

// mql5.com/en/docs/marketinformation/symbolname
string SymbolName(int pos, bool selected) {
  return wire::asString(wire::call("SymbolName", pos, selected).ret, "SymbolName");
}

// mql5.com/en/docs/marketinformation/symbolselect
bool SymbolSelect(const string &name, bool select) {
  return wire::asBool(wire::call("SymbolSelect", wire::str(name), select).ret, "SymbolSelect");
}

// mql5.com/en/docs/marketinformation/symbolinfodouble
double SymbolInfoDouble(const string &name, ENUM_SYMBOL_INFO_DOUBLE prop_id) {
  auto r = wire::call("SymbolInfoDouble", wire::str(name), wire::enumArg("ENUM_SYMBOL_INFO_DOUBLE", prop_id));
  return wire::asDouble(r.ret, "SymbolInfoDouble");
}

// mql5.com/en/docs/marketinformation/symbolinfointeger
long SymbolInfoInteger(const string &name, ENUM_SYMBOL_INFO_INTEGER prop_id) {
  auto r = wire::call("SymbolInfoInteger", wire::str(name), wire::enumArg("ENUM_SYMBOL_INFO_INTEGER", prop_id));
  return wire::asLong(r.ret, "SymbolInfoInteger");
}

// mql5.com/en/docs/marketinformation/symbolinfointeger, the form with a by-reference result:
// the host sees one argument more (the place of `long_var`) and answers out.value.
bool SymbolInfoInteger(const string &name, ENUM_SYMBOL_INFO_INTEGER prop_id, long &long_var) {
  auto r = wire::call("SymbolInfoInteger", wire::str(name), wire::enumArg("ENUM_SYMBOL_INFO_INTEGER", prop_id), nullptr);
  bool ok = wire::asBool(r.ret, "SymbolInfoInteger");
  long_var = wire::asLong(wire::out(r, "value", "SymbolInfoInteger"), "SymbolInfoInteger");
  return ok;
}

// mql5.com/en/docs/marketinformation/symbolinfotick
bool SymbolInfoTick(const string &symbol, MqlTick &tick) {
  auto r = wire::call("SymbolInfoTick", wire::str(symbol));
  if (!wire::asBool(r.ret, "SymbolInfoTick")) return false;
  const auto &t = wire::out(r, "tick", "SymbolInfoTick");
  tick.time = wire::integer(t, "time");
  tick.bid = wire::num(t, "bid");
  tick.ask = wire::num(t, "ask");
  tick.last = wire::num(t, "last");
  tick.volume = static_cast<ulong>(wire::integer(t, "volume"));
  tick.time_msc = wire::integer(t, "time_msc");
  tick.flags = static_cast<uint>(wire::integer(t, "flags"));
  tick.volume_real = wire::num(t, "volume_real");
  return true;
}

#ifdef __MQL4__
// docs.mql4.com/marketinformation/marketinfo: `type` travels by name (MODE_BID ...).
double MarketInfo(const string &symbol, int type) {
  auto r = wire::call("MarketInfo", wire::str(symbol), wire::enumArg("MT4_MARKETINFO_MODE", type));
  return wire::asDouble(r.ret, "MarketInfo");
}

// docs.mql4.com/series/refreshrates: the host's quotes are always current, it answers whether
// anything changed.
bool RefreshRates() { return wire::asBool(wire::call("RefreshRates").ret, "RefreshRates"); }
#endif
