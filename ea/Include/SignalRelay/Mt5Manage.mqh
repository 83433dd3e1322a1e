//+------------------------------------------------------------------+
//| Mt5Manage.mqh - MT5 adapter: this EA's open positions on a       |
//| symbol (modify) and closing part of one (take-profit levels).    |
//| Included only through Platform.mqh, after Mt5Close.mqh.          |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT5_MANAGE_MQH
#define SIGNALRELAY_MT5_MANAGE_MQH

// The positions a close of `side` on `symbol` with `magic` would act on
// (netting: the symbol's one position), oldest first, as identifiers.
int SR_EaPositions(const string symbol, const int side, const long magic, long &ids[])
  {
   SR_CloseRequest rq;
   rq.symbol = symbol;
   rq.side = side;
   rq.magic = magic;
   rq.percent = 100;
   rq.deviation = SR_DEVIATION_POINTS;
   ulong tickets[];
   int n = SR_ClosingPositions(rq, tickets);
   ArrayResize(ids, n);
   for(int i = 0; i < n; i++)
      ids[i] = PositionSelectByTicket(tickets[i]) ? PositionGetInteger(POSITION_IDENTIFIER) : (long)tickets[i];
   return n;
  }

// Closes `lots` of a position at the market. `left` is what stays open:
// the same identifier on MT5, 0 when the position is gone.
bool SR_ClosePart(const long positionId, const double lots, const int deviation, long &left, int &code, string &why)
  {
   SR_PositionInfo info;
   if(!SR_SelectPosition(positionId, info))
     {
      code = TRADE_RETCODE_POSITION_CLOSED;
      why = SR_TradeCodeText(code);
      return false;
     }
   SR_CloseRequest rq;
   rq.symbol = info.symbol;
   rq.side = SR_SIDE_ANY;
   rq.magic = PositionGetInteger(POSITION_MAGIC);
   rq.percent = 100;
   rq.deviation = deviation;
   SR_TradeOutcome out;
   out.Clear();
   double done = 0;
   SR_CloseSelected((ulong)PositionGetInteger(POSITION_TICKET), lots, rq, done, out);
   if(!out.ok)
     {
      code = out.retcode;
      why = out.message;
      return false;
     }
   left = SR_SelectPosition(positionId, info) ? positionId : 0;
   return true;
  }

#endif
