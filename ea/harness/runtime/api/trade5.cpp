// MT5 trading, positions, orders and history (mql5.com/en/docs/trading), forwarded to the
// host's broker. Structs travel with MQL's field names, enum fields by name. Selecting
// (PositionSelect*, HistorySelect*) happens in the host, which keeps this program's selection.
#ifdef __MQL5__
#include <concepts>
#include <type_traits>

#include "../mql.h"
#include "transactions.h"
#include "wire.h"

using namespace mql;
using wire::json;

namespace {

// Each struct's fields once, by their MQL names: `f(name, member)`, or `f(name, member, group)`
// for an enum field, which travels as the name of its constant in `group`. Reading and writing
// a struct are the same walk with a different `f` (Reader, Writer).
template <class R, class F>
  requires std::same_as<std::remove_const_t<R>, MqlTradeRequest>
void fields(R &r, F &&f) {
  f("action", r.action, "ENUM_TRADE_REQUEST_ACTIONS");
  f("magic", r.magic);
  f("order", r.order);
  f("symbol", r.symbol);
  f("volume", r.volume);
  f("price", r.price);
  f("stoplimit", r.stoplimit);
  f("sl", r.sl);
  f("tp", r.tp);
  f("deviation", r.deviation);
  f("type", r.type, "ENUM_ORDER_TYPE");
  f("type_filling", r.type_filling, "ENUM_ORDER_TYPE_FILLING");
  f("type_time", r.type_time, "ENUM_ORDER_TYPE_TIME");
  f("expiration", r.expiration);
  f("comment", r.comment);
  f("position", r.position);
  f("position_by", r.position_by);
}

template <class F>
void fields(MqlTradeResult &r, F &&f) {
  f("retcode", r.retcode);
  f("deal", r.deal);
  f("order", r.order);
  f("volume", r.volume);
  f("price", r.price);
  f("bid", r.bid);
  f("ask", r.ask);
  f("comment", r.comment);
  f("request_id", r.request_id);
  f("retcode_external", r.retcode_external);
}

template <class F>
void fields(MqlTradeCheckResult &r, F &&f) {
  f("retcode", r.retcode);
  f("balance", r.balance);
  f("equity", r.equity);
  f("profit", r.profit);
  f("margin", r.margin);
  f("margin_free", r.margin_free);
  f("margin_level", r.margin_level);
  f("comment", r.comment);
}

template <class F>
void fields(MqlTradeTransaction &t, F &&f) {
  f("deal", t.deal);
  f("order", t.order);
  f("symbol", t.symbol);
  f("type", t.type, "ENUM_TRADE_TRANSACTION_TYPE");
  f("order_type", t.order_type, "ENUM_ORDER_TYPE");
  f("order_state", t.order_state, "ENUM_ORDER_STATE");
  f("deal_type", t.deal_type, "ENUM_DEAL_TYPE");
  f("time_type", t.time_type, "ENUM_ORDER_TYPE_TIME");
  f("time_expiration", t.time_expiration);
  f("price", t.price);
  f("price_trigger", t.price_trigger);
  f("price_sl", t.price_sl);
  f("price_tp", t.price_tp);
  f("volume", t.volume);
  f("position", t.position);
  f("position_by", t.position_by);
}

// Sets each field from the host's object; a field it leaves out is zero (an enum its first value).
struct Reader {
  const json &j;
  void operator()(const char *name, double &v) const { v = wire::num(j, name); }
  void operator()(const char *name, string &v) const { v = wire::text(j, name); }
  template <class I>
    requires std::is_integral_v<I>
  void operator()(const char *name, I &v) const {
    v = static_cast<I>(wire::integer(j, name));
  }
  template <class E>
  void operator()(const char *name, E &v, const char *group) const {
    v = j.contains(name) ? static_cast<E>(wire::enumValue(group, j[name], name)) : E{};
  }
};

struct Writer {
  json &j;
  void operator()(const char *name, const string &v) const { j[name] = wire::str(v); }
  template <class V>
  void operator()(const char *name, const V &v) const {
    j[name] = v;
  }
  template <class E>
  void operator()(const char *name, const E &v, const char *group) const {
    j[name] = wire::enumArg(group, v);
  }
};

json requestJson(const MqlTradeRequest &r) {
  json j = json::object();
  fields(r, Writer{j});
  return j;
}

template <class S>
S read(const json &j) {
  S s;
  fields(s, Reader{j});
  return s;
}

template <class... A>
double getDouble(const char *call, const A &...args) {
  return wire::asDouble(wire::call(call, args...).ret, call);
}
template <class... A>
long getLong(const char *call, const A &...args) {
  return wire::asLong(wire::call(call, args...).ret, call);
}
template <class... A>
string getString(const char *call, const A &...args) {
  return wire::asString(wire::call(call, args...).ret, call);
}
int count(const char *call) { return static_cast<int>(getLong(call)); }

}  // namespace

// mql5.com/en/docs/event_handlers/ontradetransaction: request and result are filled only for
// TRADE_TRANSACTION_REQUEST; the host sends them empty otherwise.
void mql::events::deliverTransaction(const json &event, TransactionHandler handler) {
  handler(read<MqlTradeTransaction>(event.value("trans", json::object())),
          read<MqlTradeRequest>(event.value("request", json::object())),
          read<MqlTradeResult>(event.value("result", json::object())));
}

// mql5.com/en/docs/trading/ordersend: false (with _LastError 4756) when the request was refused;
// result.retcode says why either way.
bool OrderSend(const MqlTradeRequest &request, MqlTradeResult &result) {
  auto r = wire::call("OrderSend", requestJson(request));
  result = read<MqlTradeResult>(wire::out(r, "result", "OrderSend"));
  return wire::asBool(r.ret, "OrderSend");
}

// mql5.com/en/docs/trading/ordercheck
bool OrderCheck(const MqlTradeRequest &request, MqlTradeCheckResult &result) {
  auto r = wire::call("OrderCheck", requestJson(request));
  result = read<MqlTradeCheckResult>(wire::out(r, "result", "OrderCheck"));
  return wire::asBool(r.ret, "OrderCheck");
}

// mql5.com/en/docs/trading/ordercalcprofit
bool OrderCalcProfit(ENUM_ORDER_TYPE action, const string &symbol, double volume, double price_open,
                     double price_close, double &profit) {
  auto r = wire::call("OrderCalcProfit", wire::enumArg("ENUM_ORDER_TYPE", action), wire::str(symbol), volume,
                      price_open, price_close, nullptr);
  profit = wire::asDouble(wire::out(r, "profit", "OrderCalcProfit"), "OrderCalcProfit");
  return wire::asBool(r.ret, "OrderCalcProfit");
}

// Positions: mql5.com/en/docs/trading/positionstotal, positiongetticket, positionselect,
// positionselectbyticket, positiongetdouble, positiongetinteger, positiongetstring.
int PositionsTotal() { return count("PositionsTotal"); }
ulong PositionGetTicket(int index) { return getLong("PositionGetTicket", index); }
bool PositionSelect(const string &symbol) {
  return wire::asBool(wire::call("PositionSelect", wire::str(symbol)).ret, "PositionSelect");
}
bool PositionSelectByTicket(ulong ticket) {
  return wire::asBool(wire::call("PositionSelectByTicket", ticket).ret, "PositionSelectByTicket");
}
double PositionGetDouble(ENUM_POSITION_PROPERTY_DOUBLE id) {
  return getDouble("PositionGetDouble", wire::enumArg("ENUM_POSITION_PROPERTY_DOUBLE", id));
}
long PositionGetInteger(ENUM_POSITION_PROPERTY_INTEGER id) {
  return getLong("PositionGetInteger", wire::enumArg("ENUM_POSITION_PROPERTY_INTEGER", id));
}
string PositionGetString(ENUM_POSITION_PROPERTY_STRING id) {
  return getString("PositionGetString", wire::enumArg("ENUM_POSITION_PROPERTY_STRING", id));
}

// Pending orders: mql5.com/en/docs/trading/orderstotal, ordergetticket, orderselect,
// ordergetdouble, ordergetinteger, ordergetstring.
int OrdersTotal() { return count("OrdersTotal"); }
ulong OrderGetTicket(int index) { return getLong("OrderGetTicket", index); }
bool OrderSelect(ulong ticket) { return wire::asBool(wire::call("OrderSelect", ticket).ret, "OrderSelect"); }
double OrderGetDouble(ENUM_ORDER_PROPERTY_DOUBLE id) {
  return getDouble("OrderGetDouble", wire::enumArg("ENUM_ORDER_PROPERTY_DOUBLE", id));
}
long OrderGetInteger(ENUM_ORDER_PROPERTY_INTEGER id) {
  return getLong("OrderGetInteger", wire::enumArg("ENUM_ORDER_PROPERTY_INTEGER", id));
}
string OrderGetString(ENUM_ORDER_PROPERTY_STRING id) {
  return getString("OrderGetString", wire::enumArg("ENUM_ORDER_PROPERTY_STRING", id));
}

// History: mql5.com/en/docs/trading/historyselect, historyselectbyposition, historydealstotal,
// historydealgetticket, historydealselect, historydealget*, historyorderstotal,
// historyordergetticket, historyorderget*.
bool HistorySelect(datetime from_date, datetime to_date) {
  return wire::asBool(wire::call("HistorySelect", from_date, to_date).ret, "HistorySelect");
}
bool HistorySelectByPosition(long position_id) {
  return wire::asBool(wire::call("HistorySelectByPosition", position_id).ret, "HistorySelectByPosition");
}
int HistoryDealsTotal() { return count("HistoryDealsTotal"); }
ulong HistoryDealGetTicket(int index) { return getLong("HistoryDealGetTicket", index); }
bool HistoryDealSelect(ulong ticket) {
  return wire::asBool(wire::call("HistoryDealSelect", ticket).ret, "HistoryDealSelect");
}
double HistoryDealGetDouble(ulong ticket, ENUM_DEAL_PROPERTY_DOUBLE id) {
  return getDouble("HistoryDealGetDouble", ticket, wire::enumArg("ENUM_DEAL_PROPERTY_DOUBLE", id));
}
long HistoryDealGetInteger(ulong ticket, ENUM_DEAL_PROPERTY_INTEGER id) {
  return getLong("HistoryDealGetInteger", ticket, wire::enumArg("ENUM_DEAL_PROPERTY_INTEGER", id));
}
string HistoryDealGetString(ulong ticket, ENUM_DEAL_PROPERTY_STRING id) {
  return getString("HistoryDealGetString", ticket, wire::enumArg("ENUM_DEAL_PROPERTY_STRING", id));
}
int HistoryOrdersTotal() { return count("HistoryOrdersTotal"); }
ulong HistoryOrderGetTicket(int index) { return getLong("HistoryOrderGetTicket", index); }
double HistoryOrderGetDouble(ulong ticket, ENUM_ORDER_PROPERTY_DOUBLE id) {
  return getDouble("HistoryOrderGetDouble", ticket, wire::enumArg("ENUM_ORDER_PROPERTY_DOUBLE", id));
}
long HistoryOrderGetInteger(ulong ticket, ENUM_ORDER_PROPERTY_INTEGER id) {
  return getLong("HistoryOrderGetInteger", ticket, wire::enumArg("ENUM_ORDER_PROPERTY_INTEGER", id));
}
string HistoryOrderGetString(ulong ticket, ENUM_ORDER_PROPERTY_STRING id) {
  return getString("HistoryOrderGetString", ticket, wire::enumArg("ENUM_ORDER_PROPERTY_STRING", id));
}
#endif
