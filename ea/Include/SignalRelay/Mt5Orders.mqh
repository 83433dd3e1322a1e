//+------------------------------------------------------------------+
//| Mt5Orders.mqh - MT5 adapter for the OrderTracker: one report row |
//| per position, built from its deals (grouped by DEAL_POSITION_ID: |
//| profit, commission + fee and swap summed, close price the        |
//| volume-weighted price of the closing deals), plus pending orders.|
//| The totals of each position's deals are in Mt5PositionDeals.mqh.|
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT5_ORDERS_MQH
#define SIGNALRELAY_MT5_ORDERS_MQH

#include <SignalRelay\Mt5PositionDeals.mqh>

string SR_Mt5OrderTypeName(const long type)
  {
   switch((int)type)
     {
      case ORDER_TYPE_BUY:             return SR_ORDER_TYPE_BUY;
      case ORDER_TYPE_SELL:            return SR_ORDER_TYPE_SELL;
      case ORDER_TYPE_BUY_LIMIT:       return SR_ORDER_TYPE_BUYLIMIT;
      case ORDER_TYPE_SELL_LIMIT:      return SR_ORDER_TYPE_SELLLIMIT;
      case ORDER_TYPE_BUY_STOP:        return SR_ORDER_TYPE_BUYSTOP;
      case ORDER_TYPE_SELL_STOP:       return SR_ORDER_TYPE_SELLSTOP;
      case ORDER_TYPE_BUY_STOP_LIMIT:  return SR_ORDER_TYPE_BUYSTOP;
      case ORDER_TYPE_SELL_STOP_LIMIT: return SR_ORDER_TYPE_SELLSTOP;
     }
   return "";
  }

bool SR_IsPendingType(const long type)
  {
   return type != ORDER_TYPE_BUY && type != ORDER_TYPE_SELL && type != ORDER_TYPE_CLOSE_BY && SR_Mt5OrderTypeName(type) != "";
  }

int SR_AddRow(SR_OrderRow &rows[])
  {
   int n = ArraySize(rows);
   ArrayResize(rows, n + 1, 256);
   rows[n].ticket = "";
   rows[n].symbol = "";
   rows[n].orderType = "";
   rows[n].lots = 0;
   rows[n].openPrice = 0;
   rows[n].closePrice = 0;
   rows[n].stopLoss = 0;
   rows[n].takeProfit = 0;
   rows[n].profit = 0;
   rows[n].commission = 0;
   rows[n].swap = 0;
   rows[n].magic = 0;
   rows[n].comment = "";
   rows[n].status = SR_ORDER_STATUS_OPEN;
   rows[n].openTime = 0;
   rows[n].closeTime = 0;
   rows[n].digits = 5;
   return n;
  }

// Rows for every position with a deal since `from` (server time), every open
// position and pending order, and pending orders cancelled since `from`.
int SR_CollectOrders(const datetime from, SR_OrderRow &rows[])
  {
   ArrayResize(rows, 0);
   int offset = SR_ServerUtcOffset();
   SR_PositionDeals aggs[];
   int count = 0;

   // 1. Deals since `from`, and the opening orders' stops and cancelled pendings.
   long stopTickets[];
   double stopSl[];
   double stopTp[];
   int stops = 0;
   if(HistorySelect(from, SR_ServerNow() + 86400))
     {
      int hint = -1;
      int deals = HistoryDealsTotal();
      for(int i = 0; i < deals; i++)
        {
         ulong deal = HistoryDealGetTicket(i);
         if(deal == 0)
            continue;
         long dealType = HistoryDealGetInteger(deal, DEAL_TYPE);
         if(dealType != DEAL_TYPE_BUY && dealType != DEAL_TYPE_SELL)
            continue;   // balance, credit, charges: not trades
         long id = HistoryDealGetInteger(deal, DEAL_POSITION_ID);
         int k = SR_FindDeals(aggs, count, id, hint);
         if(k < 0)
            k = SR_AddDeals(aggs, count, id);
         hint = k;
         SR_AccumulateDeal(aggs[k], deal);
        }
      int orders = HistoryOrdersTotal();
      for(int i = 0; i < orders; i++)
        {
         ulong t = HistoryOrderGetTicket(i);
         if(t == 0)
            continue;
         long type = HistoryOrderGetInteger(t, ORDER_TYPE);
         long state = HistoryOrderGetInteger(t, ORDER_STATE);
         if(HistoryOrderGetInteger(t, ORDER_POSITION_ID) == (long)t)
           {
            ArrayResize(stopTickets, stops + 1, 256);
            ArrayResize(stopSl, stops + 1, 256);
            ArrayResize(stopTp, stops + 1, 256);
            stopTickets[stops] = (long)t;
            stopSl[stops] = HistoryOrderGetDouble(t, ORDER_SL);
            stopTp[stops] = HistoryOrderGetDouble(t, ORDER_TP);
            stops++;
           }
         if(!SR_IsPendingType(type) ||
            (state != ORDER_STATE_CANCELED && state != ORDER_STATE_EXPIRED && state != ORDER_STATE_REJECTED))
            continue;
         string symbol = HistoryOrderGetString(t, ORDER_SYMBOL);
         int r = SR_AddRow(rows);
         rows[r].ticket = IntegerToString((long)t);
         rows[r].symbol = symbol;
         rows[r].orderType = SR_Mt5OrderTypeName(type);
         rows[r].lots = HistoryOrderGetDouble(t, ORDER_VOLUME_INITIAL);
         rows[r].openPrice = HistoryOrderGetDouble(t, ORDER_PRICE_OPEN);
         rows[r].stopLoss = HistoryOrderGetDouble(t, ORDER_SL);
         rows[r].takeProfit = HistoryOrderGetDouble(t, ORDER_TP);
         rows[r].magic = HistoryOrderGetInteger(t, ORDER_MAGIC);
         rows[r].comment = HistoryOrderGetString(t, ORDER_COMMENT);
         rows[r].status = SR_ORDER_STATUS_CLOSED;
         rows[r].openTime = SR_ServerMsToUtc(HistoryOrderGetInteger(t, ORDER_TIME_SETUP_MSC), offset);
         rows[r].closeTime = SR_ServerMsToUtc(HistoryOrderGetInteger(t, ORDER_TIME_DONE_MSC), offset);
         rows[r].digits = SR_PriceDigits(symbol);
        }
     }

   // 2. Open positions; those with no deal since `from` still need their totals.
   for(int i = 0; i < PositionsTotal(); i++)
     {
      if(PositionGetTicket(i) == 0)
         continue;
      long id = PositionGetInteger(POSITION_IDENTIFIER);
      if(SR_FindDeals(aggs, count, id, -1) < 0)
         SR_AddDeals(aggs, count, id);
     }

   // 3. Positions opened before `from`: re-read all their deals. This replaces
   //    the history selection, so it comes after step 1.
   for(int k = 0; k < count; k++)
     {
      if(aggs[k].side >= 0 || !HistorySelectByPosition(aggs[k].id))
         continue;
      SR_ResetDeals(aggs[k], aggs[k].id);
      int deals = HistoryDealsTotal();
      for(int i = 0; i < deals; i++)
        {
         ulong deal = HistoryDealGetTicket(i);
         long dealType = HistoryDealGetInteger(deal, DEAL_TYPE);
         if(deal > 0 && (dealType == DEAL_TYPE_BUY || dealType == DEAL_TYPE_SELL))
            SR_AccumulateDeal(aggs[k], deal);
        }
     }

   // 4. One row per position.
   for(int k = 0; k < count; k++)
     {
      if(aggs[k].side < 0 || aggs[k].symbol == "")
         continue;
      SR_PositionInfo open;
      bool isOpen = SR_SelectPosition(aggs[k].id, open);
      int r = SR_AddRow(rows);
      rows[r].ticket = IntegerToString(aggs[k].id);
      rows[r].symbol = aggs[k].symbol;
      rows[r].orderType = (aggs[k].side == 0) ? SR_ORDER_TYPE_BUY : SR_ORDER_TYPE_SELL;
      rows[r].magic = aggs[k].magic;
      rows[r].comment = aggs[k].comment;
      rows[r].commission = aggs[k].commission;
      rows[r].openTime = SR_ServerMsToUtc(aggs[k].openMsc, offset);
      rows[r].digits = SR_PriceDigits(aggs[k].symbol);
      if(isOpen)
        {
         rows[r].orderType = open.isBuy ? SR_ORDER_TYPE_BUY : SR_ORDER_TYPE_SELL;
         rows[r].lots = open.volume;
         rows[r].openPrice = open.openPrice;
         rows[r].stopLoss = open.sl;
         rows[r].takeProfit = open.tp;
         rows[r].profit = aggs[k].profit + PositionGetDouble(POSITION_PROFIT);
         rows[r].swap = aggs[k].swap + PositionGetDouble(POSITION_SWAP);
         rows[r].status = SR_ORDER_STATUS_OPEN;
         if(rows[r].openTime <= 0)
            rows[r].openTime = SR_ServerMsToUtc(PositionGetInteger(POSITION_TIME_MSC), offset);
         continue;
        }
      rows[r].lots = aggs[k].inVolume;
      rows[r].openPrice = (aggs[k].inVolume > 0) ? aggs[k].inValue / aggs[k].inVolume : 0;
      rows[r].closePrice = (aggs[k].outVolume > 0) ? aggs[k].outValue / aggs[k].outVolume : 0;
      rows[r].profit = aggs[k].profit;
      rows[r].swap = aggs[k].swap;
      rows[r].status = SR_ORDER_STATUS_CLOSED;
      rows[r].closeTime = SR_ServerMsToUtc(aggs[k].closeMsc, offset);
      for(int s = 0; s < stops; s++)
         if(stopTickets[s] == aggs[k].id)
           {
            rows[r].stopLoss = stopSl[s];
            rows[r].takeProfit = stopTp[s];
            break;
           }
     }

   // 5. Pending orders still waiting.
   for(int i = 0; i < OrdersTotal(); i++)
     {
      ulong t = OrderGetTicket(i);
      if(t == 0)
         continue;
      long type = OrderGetInteger(ORDER_TYPE);
      if(!SR_IsPendingType(type))
         continue;
      string symbol = OrderGetString(ORDER_SYMBOL);
      int r = SR_AddRow(rows);
      rows[r].ticket = IntegerToString((long)t);
      rows[r].symbol = symbol;
      rows[r].orderType = SR_Mt5OrderTypeName(type);
      rows[r].lots = OrderGetDouble(ORDER_VOLUME_CURRENT);
      rows[r].openPrice = OrderGetDouble(ORDER_PRICE_OPEN);
      rows[r].stopLoss = OrderGetDouble(ORDER_SL);
      rows[r].takeProfit = OrderGetDouble(ORDER_TP);
      rows[r].magic = OrderGetInteger(ORDER_MAGIC);
      rows[r].comment = OrderGetString(ORDER_COMMENT);
      rows[r].status = SR_ORDER_STATUS_OPEN;
      rows[r].openTime = SR_ServerMsToUtc(OrderGetInteger(ORDER_TIME_SETUP_MSC), offset);
      rows[r].digits = SR_PriceDigits(symbol);
     }
   return ArraySize(rows);
  }

// Changes whenever a position or pending order opens, closes or changes.
string SR_OpenStateFingerprint(void)
  {
   string f = IntegerToString(PositionsTotal()) + "/" + IntegerToString(OrdersTotal());
   for(int i = 0; i < PositionsTotal(); i++)
     {
      ulong t = PositionGetTicket(i);
      if(t == 0)
         continue;
      f += "|" + IntegerToString((long)t) + ":" + DoubleToString(PositionGetDouble(POSITION_VOLUME), 8) + ":" +
           DoubleToString(PositionGetDouble(POSITION_SL), 8) + ":" + DoubleToString(PositionGetDouble(POSITION_TP), 8);
     }
   for(int i = 0; i < OrdersTotal(); i++)
     {
      ulong t = OrderGetTicket(i);
      if(t == 0)
         continue;
      f += "|o" + IntegerToString((long)t) + ":" + DoubleToString(OrderGetDouble(ORDER_VOLUME_CURRENT), 8) + ":" +
           DoubleToString(OrderGetDouble(ORDER_PRICE_OPEN), 8) + ":" + DoubleToString(OrderGetDouble(ORDER_SL), 8) + ":" +
           DoubleToString(OrderGetDouble(ORDER_TP), 8);
     }
   return f;
  }

#endif
