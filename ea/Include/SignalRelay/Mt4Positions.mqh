//+------------------------------------------------------------------+
//| Mt4Positions.mqh - MT4 adapter: market orders the account rules  |
//| count. Included only through Platform.mqh.                       |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT4_POSITIONS_MQH
#define SIGNALRELAY_MT4_POSITIONS_MQH

#include <SignalRelay\Mt4Close.mqh>

// Open market orders (buy, sell) of `side` on `symbol` ("" = every
// symbol) with `magic`, as a close would find them; pending orders are
// not counted.
int SR_CountPositions(const string symbol, const int side, const long magic)
  {
   SR_CloseRequest rq;
   rq.symbol = symbol;
   rq.side = side;
   rq.magic = magic;
   int tickets[];
   return SR_ClosingOrders(rq, tickets);
  }

#endif
