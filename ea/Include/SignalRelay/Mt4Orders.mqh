//+------------------------------------------------------------------+
//| Mt4Orders.mqh - MT4 adapter for the OrderTracker: one report row |
//| per order. The history the EA sees is what the terminal's        |
//| Account History tab shows, so the README asks for "All history". |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT4_ORDERS_MQH
#define SIGNALRELAY_MT4_ORDERS_MQH

string SR_Mt4OrderTypeName(const int type)
  {
   switch(type)
     {
      case OP_BUY:       return SR_ORDER_TYPE_BUY;
      case OP_SELL:      return SR_ORDER_TYPE_SELL;
      case OP_BUYLIMIT:  return SR_ORDER_TYPE_BUYLIMIT;
      case OP_SELLLIMIT: return SR_ORDER_TYPE_SELLLIMIT;
      case OP_BUYSTOP:   return SR_ORDER_TYPE_BUYSTOP;
      case OP_SELLSTOP:  return SR_ORDER_TYPE_SELLSTOP;
     }
   return "";   // 6 balance, 7 credit: not trades
  }

// Fills a row from the selected order.
void SR_Mt4Row(SR_OrderRow &row, const int offset)
  {
   int type = OrderType();
   bool closed = OrderCloseTime() != 0;
   bool filled = (type == OP_BUY || type == OP_SELL);
   row.ticket = IntegerToString(OrderTicket());
   row.symbol = OrderSymbol();
   row.orderType = SR_Mt4OrderTypeName(type);
   row.lots = OrderLots();
   row.openPrice = OrderOpenPrice();
   // A deleted pending order has a "close price" but never traded.
   row.closePrice = (closed && filled) ? OrderClosePrice() : 0;
   row.stopLoss = OrderStopLoss();
   row.takeProfit = OrderTakeProfit();
   row.profit = OrderProfit();
   row.commission = OrderCommission();
   row.swap = OrderSwap();
   row.magic = OrderMagicNumber();
   row.comment = OrderComment();
   row.status = closed ? SR_ORDER_STATUS_CLOSED : SR_ORDER_STATUS_OPEN;
   row.openTime = SR_ServerMsToUtc((long)OrderOpenTime() * 1000, offset);
   row.closeTime = closed ? SR_ServerMsToUtc((long)OrderCloseTime() * 1000, offset) : 0;
   row.digits = SR_PriceDigits(row.symbol);
  }

// Rows for every open order and every order closed since `from` (server time).
int SR_CollectOrders(const datetime from, SR_OrderRow &rows[])
  {
   int offset = SR_ServerUtcOffset();
   int n = 0;
   ArrayResize(rows, 0);
   int open = OrdersTotal();
   for(int i = 0; i < open; i++)
     {
      if(!OrderSelect(i, SELECT_BY_POS, MODE_TRADES) || SR_Mt4OrderTypeName(OrderType()) == "")
         continue;
      ArrayResize(rows, n + 1, 256);
      SR_Mt4Row(rows[n], offset);
      n++;
     }
   int history = OrdersHistoryTotal();
   for(int i = 0; i < history; i++)
     {
      if(!OrderSelect(i, SELECT_BY_POS, MODE_HISTORY) || SR_Mt4OrderTypeName(OrderType()) == "")
         continue;
      if(OrderCloseTime() < from)
         continue;
      ArrayResize(rows, n + 1, 256);
      SR_Mt4Row(rows[n], offset);
      n++;
     }
   return n;
  }

// Changes whenever an order opens, closes or changes (MT4 has no
// OnTradeTransaction, so the tracker polls this).
string SR_OpenStateFingerprint(void)
  {
   string f = IntegerToString(OrdersTotal()) + "/" + IntegerToString(OrdersHistoryTotal());
   for(int i = 0; i < OrdersTotal(); i++)
     {
      if(!OrderSelect(i, SELECT_BY_POS, MODE_TRADES))
         continue;
      f += "|" + IntegerToString(OrderTicket()) + ":" + DoubleToString(OrderLots(), 8) + ":" +
           DoubleToString(OrderOpenPrice(), 8) + ":" + DoubleToString(OrderStopLoss(), 8) + ":" +
           DoubleToString(OrderTakeProfit(), 8);
     }
   return f;
  }

#endif
