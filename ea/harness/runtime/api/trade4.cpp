// MT4 trading and the order pool (docs.mql4.com/trading), forwarded to the host's broker. The
// int constants (OP_BUY, SELECT_BY_POS, MODE_TRADES) travel by name. OrderSelect copies the
// order into the program (host side); the Order*() getters read that copy.
#ifdef __MQL4__
#include "../mql.h"
#include "wire.h"

using namespace mql;

namespace {

template <class... A>
double getDouble(const char *call, const A &...args) {
  return wire::asDouble(wire::call(call, args...).ret, call);
}
template <class... A>
long long getLong(const char *call, const A &...args) {
  return wire::asLong(wire::call(call, args...).ret, call);
}

}  // namespace

// docs.mql4.com/trading/ordersend: the ticket, or -1 with the trade server's error (4, 6, 129,
// 130, 136, 138, 146 ...). The arrow colour draws on the chart only: not sent.
int OrderSend(const string &symbol, int cmd, double volume, double price, int slippage, double stoploss,
              double takeprofit, const string &comment, int magic, datetime expiration, color) {
  return static_cast<int>(getLong("OrderSend", wire::str(symbol), wire::enumArg("MT4_TRADE_OPERATION", cmd), volume,
                                  price, slippage, stoploss, takeprofit, wire::str(comment), magic, expiration));
}

// docs.mql4.com/trading/ordermodify
bool OrderModify(int ticket, double price, double stoploss, double takeprofit, datetime expiration, color) {
  auto r = wire::call("OrderModify", ticket, price, stoploss, takeprofit, expiration);
  return wire::asBool(r.ret, "OrderModify");
}

// docs.mql4.com/trading/orderclose
bool OrderClose(int ticket, double lots, double price, int slippage, color) {
  return wire::asBool(wire::call("OrderClose", ticket, lots, price, slippage).ret, "OrderClose");
}

// docs.mql4.com/trading/orderdelete: pending orders only (4108 for a market order)
bool OrderDelete(int ticket, color) { return wire::asBool(wire::call("OrderDelete", ticket).ret, "OrderDelete"); }

// docs.mql4.com/trading/orderselect: `pool` matters only with SELECT_BY_POS.
bool OrderSelect(int index, int select, int pool) {
  auto r = wire::call("OrderSelect", index, wire::enumArg("MT4_SELECT_BY", select), wire::enumArg("MT4_ORDER_POOL", pool));
  return wire::asBool(r.ret, "OrderSelect");
}

// docs.mql4.com/trading/orderstotal, docs.mql4.com/trading/ordershistorytotal (the history
// the Account History tab shows)
int OrdersTotal() { return static_cast<int>(getLong("OrdersTotal")); }
int OrdersHistoryTotal() { return static_cast<int>(getLong("OrdersHistoryTotal")); }

// The selected order's fields (docs.mql4.com/trading/orderticket ... ordercomment); without a
// selection the host answers 0 with ERR_NO_ORDER_SELECTED (4105).
int OrderTicket() { return static_cast<int>(getLong("OrderTicket")); }
string OrderSymbol() { return wire::asString(wire::call("OrderSymbol").ret, "OrderSymbol"); }
int OrderType() { return static_cast<int>(getLong("OrderType")); }
double OrderLots() { return getDouble("OrderLots"); }
double OrderOpenPrice() { return getDouble("OrderOpenPrice"); }
double OrderClosePrice() { return getDouble("OrderClosePrice"); }
datetime OrderOpenTime() { return getLong("OrderOpenTime"); }
datetime OrderCloseTime() { return getLong("OrderCloseTime"); }
datetime OrderExpiration() { return getLong("OrderExpiration"); }
double OrderStopLoss() { return getDouble("OrderStopLoss"); }
double OrderTakeProfit() { return getDouble("OrderTakeProfit"); }
double OrderProfit() { return getDouble("OrderProfit"); }
double OrderCommission() { return getDouble("OrderCommission"); }
double OrderSwap() { return getDouble("OrderSwap"); }
int OrderMagicNumber() { return static_cast<int>(getLong("OrderMagicNumber")); }
string OrderComment() { return wire::asString(wire::call("OrderComment").ret, "OrderComment"); }
#endif
