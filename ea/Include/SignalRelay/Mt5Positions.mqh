//+------------------------------------------------------------------+
//| Mt5Positions.mqh - MT5 adapter: this EA's open positions, as the |
//| account rules count them. Included only through Platform.mqh.    |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT5_POSITIONS_MQH
#define SIGNALRELAY_MT5_POSITIONS_MQH

// Open positions of every symbol with this magic number (pending orders
// are orders, not positions, and are not counted). A netting account
// holds one position per symbol, so more signals on one symbol count once.
int SR_CountPositions(const long magic)
  {
   int n = 0;
   for(int i = PositionsTotal() - 1; i >= 0; i--)
      if(PositionGetTicket(i) > 0 && PositionGetInteger(POSITION_MAGIC) == magic)
         n++;
   return n;
  }

#endif
