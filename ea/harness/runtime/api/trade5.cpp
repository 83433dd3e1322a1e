// MT5 trading, positions, orders and history (mql5.com/en/docs/trading), forwarded to the
// host's broker. Structs travel with MQL's field names, enum fields by name. Selecting
// (PositionSelect*, HistorySelect*) happens in the host, which keeps this program's selection.
#ifdef __MQL5__
#include "../mql.h"
#include "transactions.h"
#include "wire.h"

using namespace mql;
using wire::json;

namespace {

json requestJson(const MqlTradeRequest &r) {
  return {
      {"action", wire::enumArg("ENUM_TRADE_REQUEST_ACTIONS", r.action)},
      {"magic", r.magic},
      {"order", r.order},
      {"symbol", wire::str(r.symbol)},
      {"volume", r.volume},
      {"price", r.price},
      {"stoplimit", r.stoplimit},
      {"sl", r.sl},
      {"tp", r.tp},
      {"deviation", r.deviation},
      {"type", wire::enumArg("ENUM_ORDER_TYPE", r.type)},
      {"type_filling", wire::enumArg("ENUM_ORDER_TYPE_FILLING", r.type_filling)},
      {"type_time", wire::enumArg("ENUM_ORDER_TYPE_TIME", r.type_time)},
      {"expiration", r.expiration},
      {"comment", wire::str(r.comment)},
      {"position", r.position},
      {"position_by", r.position_by},
  };
}

template <class E>
E enumField(const json &j, const char *field, const char *group) {
  return j.contains(field) ? static_cast<E>(wire::enumValue(group, j[field], field)) : E{};
}

MqlTradeRequest readRequest(const json &j) {
  MqlTradeRequest r;
  r.action = enumField<ENUM_TRADE_REQUEST_ACTIONS>(j, "action", "ENUM_TRADE_REQUEST_ACTIONS");
  r.magic = wire::integer(j, "magic");
  r.order = wire::integer(j, "order");
  r.symbol = wire::text(j, "symbol");
  r.volume = wire::num(j, "volume");
  r.price = wire::num(j, "price");
  r.stoplimit = wire::num(j, "stoplimit");
  r.sl = wire::num(j, "sl");
  r.tp = wire::num(j, "tp");
  r.deviation = wire::integer(j, "deviation");
  r.type = enumField<ENUM_ORDER_TYPE>(j, "type", "ENUM_ORDER_TYPE");
  r.type_filling = enumField<ENUM_ORDER_TYPE_FILLING>(j, "type_filling", "ENUM_ORDER_TYPE_FILLING");
  r.type_time = enumField<ENUM_ORDER_TYPE_TIME>(j, "type_time", "ENUM_ORDER_TYPE_TIME");
  r.expiration = wire::integer(j, "expiration");
  r.comment = wire::text(j, "comment");
  r.position = wire::integer(j, "position");
  r.position_by = wire::integer(j, "position_by");
  return r;
}

MqlTradeResult readResult(const json &j) {
  MqlTradeResult r;
  r.retcode = static_cast<uint>(wire::integer(j, "retcode"));
  r.deal = wire::integer(j, "deal");
  r.order = wire::integer(j, "order");
  r.volume = wire::num(j, "volume");
  r.price = wire::num(j, "price");
  r.bid = wire::num(j, "bid");
  r.ask = wire::num(j, "ask");
  r.comment = wire::text(j, "comment");
  r.request_id = static_cast<uint>(wire::integer(j, "request_id"));
  r.retcode_external = static_cast<int>(wire::integer(j, "retcode_external"));
  return r;
}

MqlTradeTransaction readTransaction(const json &j) {
  MqlTradeTransaction t;
  t.deal = wire::integer(j, "deal");
  t.order = wire::integer(j, "order");
  t.symbol = wire::text(j, "symbol");
  t.type = enumField<ENUM_TRADE_TRANSACTION_TYPE>(j, "type", "ENUM_TRADE_TRANSACTION_TYPE");
  t.order_type = enumField<ENUM_ORDER_TYPE>(j, "order_type", "ENUM_ORDER_TYPE");
  t.order_state = enumField<ENUM_ORDER_STATE>(j, "order_state", "ENUM_ORDER_STATE");
  t.deal_type = enumField<ENUM_DEAL_TYPE>(j, "deal_type", "ENUM_DEAL_TYPE");
  t.time_type = enumField<ENUM_ORDER_TYPE_TIME>(j, "time_type", "ENUM_ORDER_TYPE_TIME");
  t.time_expiration = wire::integer(j, "time_expiration");
  t.price = wire::num(j, "price");
  t.price_trigger = wire::num(j, "price_trigger");
  t.price_sl = wire::num(j, "price_sl");
  t.price_tp = wire::num(j, "price_tp");
  t.volume = wire::num(j, "volume");
  t.position = wire::integer(j, "position");
  t.position_by = wire::integer(j, "position_by");
  return t;
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
  handler(readTransaction(event.value("trans", json::object())), readRequest(event.value("request", json::object())),
          readResult(event.value("result", json::object())));
}

// mql5.com/en/docs/trading/ordersend: false (with _LastError 4756) when the request was refused;
// result.retcode says why either way.
bool OrderSend(const MqlTradeRequest &request, MqlTradeResult &result) {
  auto r = wire::call("OrderSend", requestJson(request));
  result = readResult(wire::out(r, "result", "OrderSend"));
  return wire::asBool(r.ret, "OrderSend");
}

// mql5.com/en/docs/trading/ordercheck
bool OrderCheck(const MqlTradeRequest &request, MqlTradeCheckResult &result) {
  auto r = wire::call("OrderCheck", requestJson(request));
  const json &c = wire::out(r, "result", "OrderCheck");
  result.retcode = static_cast<uint>(wire::integer(c, "retcode"));
  result.balance = wire::num(c, "balance");
  result.equity = wire::num(c, "equity");
  result.profit = wire::num(c, "profit");
  result.margin = wire::num(c, "margin");
  result.margin_free = wire::num(c, "margin_free");
  result.margin_level = wire::num(c, "margin_level");
  result.comment = wire::text(c, "comment");
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
