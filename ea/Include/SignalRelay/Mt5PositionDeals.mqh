//+------------------------------------------------------------------+
//| Mt5PositionDeals.mqh - the OrderTracker's running totals of one  |
//| MT5 position's deals (grouped by DEAL_POSITION_ID: profit,       |
//| commission + fee and swap summed, volumes and values for the     |
//| volume-weighted open and close prices), a netting reversal       |
//| included. Included by Mt5Orders.mqh, not on its own.             |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT5_POSITION_DEALS_MQH
#define SIGNALRELAY_MT5_POSITION_DEALS_MQH

// Running totals of one position's deals.
struct SR_PositionDeals
  {
   long              id;
   string            symbol;
   int               side;         // 0 buy, 1 sell, -1 no opening deal seen yet
   double            inVolume;
   double            inValue;      // sum of volume * price of the opening deals
   double            outVolume;
   double            outValue;
   double            openVolume;
   long              openMsc;
   long              closeMsc;
   double            profit;
   double            commission;
   double            swap;
   long              magic;
   string            comment;
  };

void SR_ResetDeals(SR_PositionDeals &agg, const long id)
  {
   agg.id = id;
   agg.symbol = "";
   agg.side = -1;
   agg.inVolume = 0;
   agg.inValue = 0;
   agg.outVolume = 0;
   agg.outValue = 0;
   agg.openVolume = 0;
   agg.openMsc = 0;
   agg.closeMsc = 0;
   agg.profit = 0;
   agg.commission = 0;
   agg.swap = 0;
   agg.magic = 0;
   agg.comment = "";
  }

int SR_FindDeals(const SR_PositionDeals &aggs[], const int count, const long id, const int hint)
  {
   if(hint >= 0 && hint < count && aggs[hint].id == id)
      return hint;
   for(int i = count - 1; i >= 0; i--)
      if(aggs[i].id == id)
         return i;
   return -1;
  }

int SR_AddDeals(SR_PositionDeals &aggs[], int &count, const long id)
  {
   if(ArraySize(aggs) <= count)
      ArrayResize(aggs, count + 1, 256);
   SR_ResetDeals(aggs[count], id);
   return count++;
  }

// Adds one selected history deal to its position's totals.
void SR_AccumulateDeal(SR_PositionDeals &agg, const ulong deal)
  {
   long dealType = HistoryDealGetInteger(deal, DEAL_TYPE);
   long entry = HistoryDealGetInteger(deal, DEAL_ENTRY);
   double volume = HistoryDealGetDouble(deal, DEAL_VOLUME);
   double price = HistoryDealGetDouble(deal, DEAL_PRICE);
   long msc = HistoryDealGetInteger(deal, DEAL_TIME_MSC);
   agg.profit += HistoryDealGetDouble(deal, DEAL_PROFIT);
   agg.commission += HistoryDealGetDouble(deal, DEAL_COMMISSION) + HistoryDealGetDouble(deal, DEAL_FEE);
   agg.swap += HistoryDealGetDouble(deal, DEAL_SWAP);
   int side = (dealType == DEAL_TYPE_BUY) ? 0 : 1;
   if(entry == DEAL_ENTRY_IN)
     {
      if(agg.side < 0)
        {
         agg.side = side;
         agg.symbol = HistoryDealGetString(deal, DEAL_SYMBOL);
         agg.magic = HistoryDealGetInteger(deal, DEAL_MAGIC);
         agg.comment = HistoryDealGetString(deal, DEAL_COMMENT);
         agg.openMsc = msc;
        }
      agg.inVolume += volume;
      agg.inValue += volume * price;
      agg.openVolume += volume;
     }
   else if(entry == DEAL_ENTRY_OUT || entry == DEAL_ENTRY_OUT_BY)
     {
      agg.outVolume += volume;
      agg.outValue += volume * price;
      agg.openVolume -= volume;
      agg.closeMsc = msc;
     }
   else if(entry == DEAL_ENTRY_INOUT)
     {
      // Netting reversal: the deal closes the open volume and opens the rest
      // the other way. The row follows the position as it is now (new side,
      // new open price) and keeps the profit realised before the reversal.
      double closing = MathMin(volume, MathMax(agg.openVolume, 0.0));
      double opening = volume - closing;
      agg.side = side;
      if(agg.symbol == "")
         agg.symbol = HistoryDealGetString(deal, DEAL_SYMBOL);
      agg.inVolume = opening;
      agg.inValue = opening * price;
      agg.openVolume = opening;
      agg.outVolume = 0;
      agg.outValue = 0;
      agg.openMsc = msc;
     }
  }

#endif
