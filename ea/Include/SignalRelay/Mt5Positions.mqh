//+------------------------------------------------------------------+
//| Mt5Positions.mqh - MT5 adapter: positions the account rules      |
//| count. Included only through Platform.mqh.                       |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT5_POSITIONS_MQH
#define SIGNALRELAY_MT5_POSITIONS_MQH

#include <SignalRelay\Mt5Close.mqh>

// Open positions of `side` on `symbol` ("" = every symbol) with `magic`,
// as a close would find them (a netting symbol's one position whoever
// opened it). Pending orders are orders, not positions: not counted.
int SR_CountPositions(const string symbol, const int side, const long magic)
  {
   SR_CloseRequest rq;
   rq.symbol = symbol;
   rq.side = side;
   rq.magic = magic;
   ulong tickets[];
   return SR_ClosingPositions(rq, tickets);
  }

#endif
