//+------------------------------------------------------------------+
//| Mt4Positions.mqh - MT4 adapter: this EA's open positions, as the |
//| account rules count them. Included only through Platform.mqh.    |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT4_POSITIONS_MQH
#define SIGNALRELAY_MT4_POSITIONS_MQH

// Open market orders (buy, sell) of every symbol with this magic number;
// pending orders are not counted.
int SR_CountPositions(const long magic)
  {
   int n = 0;
   for(int i = OrdersTotal() - 1; i >= 0; i--)
      if(OrderSelect(i, SELECT_BY_POS, MODE_TRADES) && (OrderType() == OP_BUY || OrderType() == OP_SELL) &&
         OrderMagicNumber() == (int)magic)
         n++;
   return n;
  }

#endif
