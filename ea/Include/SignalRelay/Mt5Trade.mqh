//+------------------------------------------------------------------+
//| Mt5Trade.mqh - MT5 adapter: market deals, closes, stop changes.  |
//| Included only through Platform.mqh.                              |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT5_TRADE_MQH
#define SIGNALRELAY_MT5_TRADE_MQH

datetime SR_ServerNow(void)
  {
   return TimeTradeServer();
  }

bool SR_IsNetting(void)
  {
   return AccountInfoInteger(ACCOUNT_MARGIN_MODE) != ACCOUNT_MARGIN_MODE_RETAIL_HEDGING;
  }

// What a trade server return code means, in a trader's words.
string SR_TradeCodeText(const int code)
  {
   switch(code)
     {
      case 10004: return "Requote: the broker offered a different price";
      case 10006: return "The broker rejected the request";
      case 10007: return "The request was cancelled";
      case 10010: return "Only part of the volume was filled";
      case 10011: return "The trade server failed to process the request";
      case 10012: return "The trade server did not answer in time; check the Trade tab before trading again";
      case 10013: return "Invalid trade request";
      case 10014: return "Invalid lot size for this symbol";
      case 10015: return "Invalid price";
      case 10016: return "Invalid stops: the stop loss or take profit is too close to the price";
      case 10017: return "Trading is disabled for this symbol or account";
      case 10018: return "Market closed";
      case 10019: return "Not enough money (free margin) for this lot size";
      case 10020: return "The price changed";
      case 10021: return "No quotes for this symbol right now";
      case 10022: return "Invalid order expiration";
      case 10023: return "The order changed meanwhile";
      case 10024: return "Too many requests to the broker";
      case 10025: return "Nothing to change";
      case 10026: return "The broker has disabled automated trading on its server";
      case 10027: return "AutoTrading is off: press the " + SR_ALGO_BUTTON + " button in the terminal toolbar";
      case 10028: return "The request is locked for processing";
      case 10029: return "The position is frozen: too close to the market price";
      case 10030: return "The broker does not support this order filling mode";
      case 10031: return "No connection to the trade server";
      case 10032: return "Allowed on live accounts only";
      case 10033: return "The broker's limit of pending orders is reached";
      case 10034: return "The broker's volume limit for this symbol is reached";
      case 10035: return "Invalid or prohibited order type";
      case 10036: return "The position is already closed";
      case 10038: return "The close volume exceeds the position volume";
      case 10039: return "A close order for this position already exists";
      case 10040: return "The broker's limit of open positions is reached";
      case 10042: return "Only buy positions are allowed for this symbol";
      case 10043: return "Only sell positions are allowed for this symbol";
      case 10044: return "Only closing of existing positions is allowed for this symbol";
      case 10045: return "FIFO rule: the oldest position must be closed first";
      case 10046: return "Opposite positions on one symbol are not allowed on this account";
     }
   return "Trade server return code " + IntegerToString(code);
  }

bool SR_IsSuccessCode(const uint code)
  {
   return code == TRADE_RETCODE_DONE || code == TRADE_RETCODE_PLACED || code == TRADE_RETCODE_DONE_PARTIAL;
  }

// Codes after which the request may be sent again while the TTL lasts. A
// timeout, a lost connection or a lost reply may hide a filled order:
// SR_Execute looks for it at the broker (SR_FindOpened) before each retry.
bool SR_IsPassingCode(const int code)
  {
   return code == TRADE_RETCODE_REQUOTE || code == TRADE_RETCODE_PRICE_CHANGED ||
          code == TRADE_RETCODE_PRICE_OFF || code == TRADE_RETCODE_TOO_MANY_REQUESTS ||
          code == TRADE_RETCODE_CONNECTION || code == TRADE_RETCODE_TIMEOUT || code == TRADE_RETCODE_ERROR;
  }

// Checks the switches a trader controls; false with the reason and the
// return code the broker would give.
bool SR_CheckTradePermission(string &why, int &code)
  {
   if(!TerminalInfoInteger(TERMINAL_CONNECTED))
     {
      code = TRADE_RETCODE_CONNECTION;
      why = "The terminal is not connected to the broker's trade server";
      return false;
     }
   if(!TerminalInfoInteger(TERMINAL_TRADE_ALLOWED))
     {
      code = TRADE_RETCODE_CLIENT_DISABLES_AT;
      why = SR_TradeCodeText(TRADE_RETCODE_CLIENT_DISABLES_AT);
      return false;
     }
   if(!MQLInfoInteger(MQL_TRADE_ALLOWED))
     {
      code = TRADE_RETCODE_CLIENT_DISABLES_AT;
      why = "Algo trading is not allowed for this EA: open its properties (F7), Common tab, and tick 'Allow Algo Trading'";
      return false;
     }
   if(!AccountInfoInteger(ACCOUNT_TRADE_ALLOWED))
     {
      code = TRADE_RETCODE_TRADE_DISABLED;
      why = "Trading is disabled for this account (logged in with the investor password?)";
      return false;
     }
   if(!AccountInfoInteger(ACCOUNT_TRADE_EXPERT))
     {
      code = TRADE_RETCODE_SERVER_DISABLES_AT;
      why = SR_TradeCodeText(TRADE_RETCODE_SERVER_DISABLES_AT);
      return false;
     }
   return true;
  }

// Filling modes to try, FOK -> IOC -> RETURN, those the symbol declares first.
int SR_FillingOrder(const string symbol, ENUM_ORDER_TYPE_FILLING &modes[])
  {
   long flags = SymbolInfoInteger(symbol, SYMBOL_FILLING_MODE);
   ENUM_ORDER_TYPE_FILLING all[3] = {ORDER_FILLING_FOK, ORDER_FILLING_IOC, ORDER_FILLING_RETURN};
   bool declared[3];
   declared[0] = (flags & SYMBOL_FILLING_FOK) != 0;
   declared[1] = (flags & SYMBOL_FILLING_IOC) != 0;
   declared[2] = true;
   ArrayResize(modes, 3);
   int n = 0;
   for(int pass = 0; pass < 2; pass++)
      for(int i = 0; i < 3; i++)
         if(declared[i] == (pass == 0))
            modes[n++] = all[i];
   return n;
  }

// Sends a market deal, walking the filling modes on 10030 (INVALID_FILL).
// Returns the final retcode; `res` holds the last answer.
uint SR_SendDeal(MqlTradeRequest &req, MqlTradeResult &res, string &detail)
  {
   ENUM_ORDER_TYPE_FILLING modes[];
   int n = SR_FillingOrder(req.symbol, modes);
   detail = "";
   for(int i = 0; i < n; i++)
     {
      req.type_filling = modes[i];
      MqlTradeCheckResult check;
      ZeroMemory(check);
      if(!OrderCheck(req, check))
        {
         if(check.retcode == TRADE_RETCODE_INVALID_FILL)
            continue;
         detail = check.comment;
         ZeroMemory(res);
         res.retcode = (check.retcode != 0) ? check.retcode : TRADE_RETCODE_ERROR;
         return res.retcode;
        }
      ZeroMemory(res);
      ResetLastError();
      if(!OrderSend(req, res) && res.retcode == 0)
        {
         // No answer from the trade server (or the terminal's own checks
         // refused it): whether it was filled is unknown until we look.
         detail = "no reply to the order, error " + IntegerToString(GetLastError());
         res.retcode = TRADE_RETCODE_ERROR;
         return res.retcode;
        }
      if(res.retcode == TRADE_RETCODE_INVALID_FILL)
         continue;
      detail = res.comment;
      return res.retcode;
     }
   detail = "every filling mode (FOK, IOC, RETURN) was refused";
   res.retcode = TRADE_RETCODE_INVALID_FILL;
   return res.retcode;
  }

string SR_WithDetail(const string text, const string detail)
  {
   if(detail == "" || StringFind(text, detail) >= 0)
      return text;
   return text + " (" + detail + ")";
  }

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

// Selects the position with this identifier (its ticket on hedging accounts;
// on netting accounts a reversal gives it a new ticket but keeps the id).
bool SR_SelectPosition(const long positionId, SR_PositionInfo &info)
  {
   bool found = PositionSelectByTicket((ulong)positionId) && PositionGetInteger(POSITION_IDENTIFIER) == positionId;
   if(!found)
     {
      for(int i = PositionsTotal() - 1; i >= 0 && !found; i--)
        {
         ulong t = PositionGetTicket(i);
         if(t > 0 && PositionGetInteger(POSITION_IDENTIFIER) == positionId)
            found = true;
        }
     }
   if(!found)
      return false;
   info.ticket = positionId;
   info.symbol = PositionGetString(POSITION_SYMBOL);
   info.isBuy = PositionGetInteger(POSITION_TYPE) == POSITION_TYPE_BUY;
   info.openPrice = PositionGetDouble(POSITION_PRICE_OPEN);
   info.sl = PositionGetDouble(POSITION_SL);
   info.tp = PositionGetDouble(POSITION_TP);
   info.volume = PositionGetDouble(POSITION_VOLUME);
   return true;
  }

// Sets the stop loss and take profit of a position (0 = none).
bool SR_ModifyStops(const long positionId, const double sl, const double tp, int &code, string &why)
  {
   SR_PositionInfo info;
   if(!SR_SelectPosition(positionId, info))
     {
      code = TRADE_RETCODE_POSITION_CLOSED;
      why = SR_TradeCodeText(code);
      return false;
     }
   MqlTradeRequest req;
   MqlTradeResult res;
   ZeroMemory(req);
   ZeroMemory(res);
   req.action = TRADE_ACTION_SLTP;
   req.position = (ulong)PositionGetInteger(POSITION_TICKET);
   req.symbol = info.symbol;
   req.sl = sl;
   req.tp = tp;
   req.magic = (ulong)PositionGetInteger(POSITION_MAGIC);
   ResetLastError();
   bool sent = OrderSend(req, res);
   code = (int)res.retcode;
   if(sent && SR_IsSuccessCode(res.retcode))
      return true;
   if(code == 0)
      code = GetLastError();
   why = SR_WithDetail(SR_TradeCodeText(code), res.comment);
   return false;
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
