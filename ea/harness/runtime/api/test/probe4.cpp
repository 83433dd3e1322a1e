// The MT4 probe (mt4.test.ts): MQL4's int constants travel by name, its trade calls carry all
// their parameters, and WebRequest refuses a URL off the allow-list with MT4's 4060.
#include "mql.h"

int OnInit() {
  double bid = MarketInfo("EURUSD", MODE_BID);
  bool refreshed = RefreshRates();
  Print("bid ", bid, " refreshed ", refreshed);
  ResetLastError();
  int ticket = OrderSend("EURUSD", OP_BUY, 0.1, 1.1, 3, 1.09, 1.12, "probe", 7);
  Print("ticket ", ticket, " ", GetLastError());
  bool selected = OrderSelect(0, SELECT_BY_POS, MODE_HISTORY);
  Print("selected ", selected, " ", OrderTicket(), " ", OrderSymbol(), " ", OrderType(), " ", OrderLots());
  bool modified = OrderModify(ticket, 1.1, 1.095, 1.12, 0, clrNONE);
  bool closed = OrderClose(ticket, 0.1, 1.1, 3);
  Print("modified ", modified, " closed ", closed);
  mql::Array<char> data, result;
  string headers;
  ResetLastError();
  int status = WebRequest("POST", "http://127.0.0.2:1/x", "", 1000, data, result, headers);
  Print("denied ", status, " ", GetLastError());
  return INIT_SUCCEEDED;
}

void OnDeinit(const int reason) { Print("deinit ", reason); }
