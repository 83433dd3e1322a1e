//+------------------------------------------------------------------+
//| Mt5Open.mqh - MT5 adapter: market positions opened, and found    |
//| again (what an earlier attempt of a signal opened); the loss     |
//| per lot at a stop, which sizes them.                             |
//| Included only through Platform.mqh, after Mt5Trade.mqh.          |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT5_OPEN_MQH
#define SIGNALRELAY_MT5_OPEN_MQH

// The position a successful deal opened or changed, and its price.
void SR_DealPosition(const MqlTradeResult &res, const string symbol, string &ticket, double &price)
  {
   long positionId = 0;
   price = res.price;
   if(res.deal > 0 && HistoryDealSelect(res.deal))
     {
      positionId = HistoryDealGetInteger(res.deal, DEAL_POSITION_ID);
      if(price <= 0)
         price = HistoryDealGetDouble(res.deal, DEAL_PRICE);
     }
   if(positionId == 0 && SR_IsNetting() && PositionSelect(symbol))
      positionId = PositionGetInteger(POSITION_IDENTIFIER);
   if(positionId == 0)
      positionId = (long)res.order;
   ticket = IntegerToString(positionId);
  }

// Opens a market position; stops in points count from the current price.
int SR_OpenMarket(const SR_OpenRequest &rq, SR_TradeOutcome &out)
  {
   string symbol = rq.symbol;
   bool isBuy = rq.isBuy;
   out.Clear();
   out.digits = (int)SymbolInfoInteger(symbol, SYMBOL_DIGITS);
   double point = SymbolInfoDouble(symbol, SYMBOL_POINT);
   MqlTick tick;
   if(!SymbolInfoTick(symbol, tick) || tick.ask <= 0 || tick.bid <= 0)
     {
      out.retcode = TRADE_RETCODE_PRICE_OFF;
      out.message = SR_TradeCodeText(TRADE_RETCODE_PRICE_OFF) + " (" + symbol + ")";
      return SR_EXEC_RETRY;
     }
   double price = isBuy ? tick.ask : tick.bid;
   MqlTradeRequest req;
   MqlTradeResult res;
   ZeroMemory(req);
   req.action = TRADE_ACTION_DEAL;
   req.symbol = symbol;
   req.volume = rq.volume;
   req.type = isBuy ? ORDER_TYPE_BUY : ORDER_TYPE_SELL;
   req.price = price;
   req.deviation = rq.deviation;
   req.magic = (ulong)rq.magic;
   req.comment = rq.comment;
   req.type_time = ORDER_TIME_GTC;
   req.sl = SR_StopPrice(rq.slPrice, rq.slPoints, price, !isBuy, point, out.digits);
   req.tp = SR_StopPrice(rq.tpPrice, rq.tpPoints, price, isBuy, point, out.digits);
   string detail;
   uint code = SR_SendDeal(req, res, detail);
   out.retcode = (int)code;
   if(SR_IsSuccessCode(code))
     {
      out.ok = true;
      SR_DealPosition(res, symbol, out.ticket, out.price);
      out.volume = (res.volume > 0) ? res.volume : rq.volume;
      if(out.volume < rq.volume - 1e-9)
         out.message = SR_TradeCodeText(TRADE_RETCODE_DONE_PARTIAL) + ": " + SR_JsonNumber(out.volume, 4) + " of " +
                       SR_JsonNumber(rq.volume, 4) + " lots";
      return SR_EXEC_DONE;
     }
   out.message = SR_WithDetail(SR_TradeCodeText((int)code), detail);
   return SR_IsPassingCode((int)code) ? SR_EXEC_RETRY : SR_EXEC_DONE;
  }

// The position an earlier attempt of this signal opened, found by its
// comment and magic: open now, or already closed (by its stop loss) in the
// last day's deals. Brokers may append to a comment, so it is a prefix.
bool SR_FindOpened(const string comment, const long magic, SR_TradeOutcome &out)
  {
   for(int i = PositionsTotal() - 1; i >= 0; i--)
     {
      if(PositionGetTicket(i) == 0 || PositionGetInteger(POSITION_MAGIC) != magic ||
         StringFind(PositionGetString(POSITION_COMMENT), comment) != 0)
         continue;
      out.ok = true;
      out.ticket = IntegerToString(PositionGetInteger(POSITION_IDENTIFIER));
      out.price = PositionGetDouble(POSITION_PRICE_OPEN);
      out.volume = PositionGetDouble(POSITION_VOLUME);
      out.digits = (int)SymbolInfoInteger(PositionGetString(POSITION_SYMBOL), SYMBOL_DIGITS);
      return true;
     }
   datetime now = TimeTradeServer();
   if(!HistorySelect(now - 86400, now + 86400))
      return false;
   for(int i = HistoryDealsTotal() - 1; i >= 0; i--)
     {
      ulong deal = HistoryDealGetTicket(i);
      if(deal == 0 || HistoryDealGetInteger(deal, DEAL_MAGIC) != magic ||
         HistoryDealGetInteger(deal, DEAL_ENTRY) != DEAL_ENTRY_IN ||
         StringFind(HistoryDealGetString(deal, DEAL_COMMENT), comment) != 0)
         continue;
      out.ok = true;
      out.ticket = IntegerToString(HistoryDealGetInteger(deal, DEAL_POSITION_ID));
      out.price = HistoryDealGetDouble(deal, DEAL_PRICE);
      out.volume = HistoryDealGetDouble(deal, DEAL_VOLUME);
      out.digits = (int)SymbolInfoInteger(HistoryDealGetString(deal, DEAL_SYMBOL), SYMBOL_DIGITS);
      return true;
     }
   return false;
  }

// Money lost on one lot if the stop loss `slPoints` away is hit.
bool SR_LossPerLot(const string symbol, const bool isBuy, const double slPoints, double &loss)
  {
   double point = SymbolInfoDouble(symbol, SYMBOL_POINT);
   MqlTick tick;
   if(point <= 0 || !SymbolInfoTick(symbol, tick))
      return false;
   double open = isBuy ? tick.ask : tick.bid;
   double stop = isBuy ? open - slPoints * point : open + slPoints * point;
   double profit = 0;
   if(OrderCalcProfit(isBuy ? ORDER_TYPE_BUY : ORDER_TYPE_SELL, symbol, 1.0, open, stop, profit) && profit < 0)
     {
      loss = -profit;
      return true;
     }
   double tickValue = SymbolInfoDouble(symbol, SYMBOL_TRADE_TICK_VALUE);
   double tickSize = SymbolInfoDouble(symbol, SYMBOL_TRADE_TICK_SIZE);
   if(tickValue <= 0 || tickSize <= 0)
      return false;
   loss = slPoints * point / tickSize * tickValue;
   return true;
  }

#endif
