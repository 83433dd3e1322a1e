//+------------------------------------------------------------------+
//| Mt4Trade.mqh - MT4 adapter: OrderSend/OrderClose/OrderModify.    |
//| Included only through Platform.mqh.                              |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT4_TRADE_MQH
#define SIGNALRELAY_MT4_TRADE_MQH

// MT4 has no TimeTradeServer(); TimeCurrent() is the last quote's server time.
datetime SR_ServerNow(void)
  {
   return TimeCurrent();
  }

bool SR_IsNetting(void)
  {
   return false;
  }

// What an MT4 trade error means, in a trader's words.
string SR_TradeCodeText(const int code)
  {
   switch(code)
     {
      case 2:    return "Common error: the trade server refused the request";
      case 3:    return "Invalid trade parameters";
      case 4:    return "The trade server is busy";
      case 5:    return "The terminal is too old for this broker: update MetaTrader 4";
      case 6:    return "No connection to the trade server";
      case 7:    return "Not enough rights";
      case 8:    return "Too frequent requests";
      case 9:    return "The trade operation was refused as malfunctioning";
      case 64:   return "The account is disabled";
      case 65:   return "Invalid account";
      case 128:  return "The trade server did not answer in time; check the Trade tab before trading again";
      case 129:  return "Invalid price";
      case 130:  return "Invalid stops: the stop loss or take profit is too close to the price";
      case 131:  return "Invalid lot size for this symbol";
      case 132:  return "Market closed";
      case 133:  return "Trading is disabled for this symbol or account";
      case 134:  return "Not enough money (free margin) for this lot size";
      case 135:  return "The price changed";
      case 136:  return "No quotes for this symbol right now";
      case 137:  return "The broker is busy";
      case 138:  return "Requote: the broker offered a different price";
      case 139:  return "The order is locked and being processed";
      case 140:  return "Only buy orders are allowed for this symbol";
      case 141:  return "Too many requests to the broker";
      case 145:  return "The order is too close to the market price to be modified";
      case 146:  return "The trade context is busy";
      case 147:  return "The broker does not allow order expiration";
      case 148:  return "The broker's limit of open orders is reached";
      case 149:  return "Opposite positions on one symbol are not allowed on this account";
      case 150:  return "FIFO rule: the oldest order must be closed first";
      case 4051: return "Invalid trade parameter (lot size or price)";
      case 4106: return "Unknown symbol";
      case 4108: return "Invalid ticket";
      case 4109: return "Trading is not allowed: press the " + SR_ALGO_BUTTON + " button and tick 'Allow live trading' in the EA properties (F7, Common)";
      case 4110: return "Only sell orders are allowed";
      case 4111: return "Only buy orders are allowed";
     }
   return "Trade error " + IntegerToString(code);
  }

// Errors after which the request may be sent again while the TTL lasts. A
// busy or lost server (4, 6, 128, 137, 146) may hide a filled order:
// SR_Execute looks for it at the broker (SR_FindOpened) before each retry.
bool SR_IsPassingCode(const int code)
  {
   return code == 4 || code == 6 || code == 8 || code == 128 || code == 129 || code == 135 || code == 136 ||
          code == 137 || code == 138 || code == 141 || code == 146;
  }

bool SR_CheckTradePermission(string &why, int &code)
  {
   if(!TerminalInfoInteger(TERMINAL_CONNECTED))
     {
      code = 6;
      why = "The terminal is not connected to the broker's trade server";
      return false;
     }
   if(!TerminalInfoInteger(TERMINAL_TRADE_ALLOWED))
     {
      code = 4109;
      why = "AutoTrading is off: press the " + SR_ALGO_BUTTON + " button in the terminal toolbar";
      return false;
     }
   if(!MQLInfoInteger(MQL_TRADE_ALLOWED))
     {
      code = 4109;
      why = "Live trading is not allowed for this EA: open its properties (F7), Common tab, and tick 'Allow live trading'";
      return false;
     }
   if(!AccountInfoInteger(ACCOUNT_TRADE_ALLOWED))
     {
      code = 133;
      why = "Trading is disabled for this account (logged in with the investor password?)";
      return false;
     }
   if(!AccountInfoInteger(ACCOUNT_TRADE_EXPERT))
     {
      code = 133;
      why = "The broker does not allow automated trading on this account";
      return false;
     }
   return true;
  }

double SR_Mt4Quote(const string symbol, const bool ask)
  {
   RefreshRates();
   return MarketInfo(symbol, ask ? MODE_ASK : MODE_BID);
  }

bool SR_SelectPosition(const long ticket, SR_PositionInfo &info)
  {
   if(!OrderSelect((int)ticket, SELECT_BY_TICKET) || OrderCloseTime() != 0)
      return false;
   int type = OrderType();
   if(type != OP_BUY && type != OP_SELL)
      return false;
   info.ticket = ticket;
   info.symbol = OrderSymbol();
   info.isBuy = (type == OP_BUY);
   info.openPrice = OrderOpenPrice();
   info.sl = OrderStopLoss();
   info.tp = OrderTakeProfit();
   info.volume = OrderLots();
   return true;
  }

// Sets the stop loss and take profit of an open order (0 = none).
bool SR_ModifyStops(const long ticket, const double sl, const double tp, int &code, string &why)
  {
   SR_PositionInfo info;
   if(!SR_SelectPosition(ticket, info))
     {
      code = 4108;
      why = "The order is already closed";
      return false;
     }
   ResetLastError();
   if(OrderModify((int)ticket, info.openPrice, sl, tp, 0, clrNONE))
      return true;
   code = GetLastError();
   why = SR_TradeCodeText(code);
   return false;
  }

// Opens a market order. The order goes out without stops (ECN brokers refuse
// them with error 130) and OrderModify sets them from the actual fill price.
// Stops the broker has not taken yet are handed back in out.pendingSl/Tp:
// the stop manager keeps trying, and the result never reads as a plain
// success while they are missing.
int SR_OpenMarket(const SR_OpenRequest &rq, SR_TradeOutcome &out)
  {
   string symbol = rq.symbol;
   bool isBuy = rq.isBuy;
   out.Clear();
   out.digits = (int)MarketInfo(symbol, MODE_DIGITS);
   double point = MarketInfo(symbol, MODE_POINT);
   double price = SR_Mt4Quote(symbol, isBuy);
   if(price <= 0)
     {
      out.retcode = 136;
      out.message = SR_TradeCodeText(136) + " (" + symbol + ")";
      return SR_EXEC_RETRY;
     }
   ResetLastError();
   int ticket = OrderSend(symbol, isBuy ? OP_BUY : OP_SELL, rq.volume, NormalizeDouble(price, out.digits), rq.deviation, 0,
                          0, rq.comment, (int)rq.magic, 0, clrNONE);
   if(ticket < 0)
     {
      out.retcode = GetLastError();
      out.message = SR_TradeCodeText(out.retcode);
      return SR_IsPassingCode(out.retcode) ? SR_EXEC_RETRY : SR_EXEC_DONE;
     }
   out.ok = true;
   out.ticket = IntegerToString(ticket);
   out.price = price;
   out.volume = rq.volume;
   if(!OrderSelect(ticket, SELECT_BY_TICKET))
      return SR_EXEC_DONE;
   double open = OrderOpenPrice();
   out.price = open;
   out.volume = OrderLots();
   double sl = SR_StopPrice(rq.slPrice, rq.slPoints, open, !isBuy, point, out.digits);
   double tp = SR_StopPrice(rq.tpPrice, rq.tpPoints, open, isBuy, point, out.digits);
   if(sl <= 0 && tp <= 0)
      return SR_EXEC_DONE;
   int code = 0;
   string why = "";
   if(SR_ModifyStops(ticket, sl, tp, code, why))
      return SR_EXEC_DONE;
   out.retcode = code;
   out.pendingSl = sl;
   out.pendingTp = tp;
   out.message = "Position opened, but its " + SR_StopsText(sl, tp) + " is not in place yet (" + why +
                 "): the EA keeps trying until the broker takes it or the position is closed";
   return SR_EXEC_DONE;
  }

// The order an earlier attempt of this signal opened, found by its comment
// and magic: open now, or already closed in the history the terminal shows.
// Brokers may append to a comment (e.g. "[sl]"), so it is a prefix.
bool SR_FindOpened(const string comment, const long magic, SR_TradeOutcome &out)
  {
   for(int pool = 0; pool < 2; pool++)
     {
      int total = (pool == 0) ? OrdersTotal() : OrdersHistoryTotal();
      for(int i = total - 1; i >= 0; i--)
        {
         if(!OrderSelect(i, SELECT_BY_POS, pool == 0 ? MODE_TRADES : MODE_HISTORY))
            continue;
         int type = OrderType();
         if((type != OP_BUY && type != OP_SELL) || OrderMagicNumber() != (int)magic ||
            StringFind(OrderComment(), comment) != 0)
            continue;
         out.ok = true;
         out.ticket = IntegerToString(OrderTicket());
         out.price = OrderOpenPrice();
         out.volume = OrderLots();
         out.digits = (int)MarketInfo(OrderSymbol(), MODE_DIGITS);
         return true;
        }
     }
   return false;
  }

bool SR_LossPerLot(const string symbol, const bool isBuy, const double slPoints, double &loss)
  {
   double point = MarketInfo(symbol, MODE_POINT);
   double tickValue = MarketInfo(symbol, MODE_TICKVALUE);
   double tickSize = MarketInfo(symbol, MODE_TICKSIZE);
   if(point <= 0 || tickValue <= 0 || tickSize <= 0)
      return false;
   loss = slPoints * point / tickSize * tickValue;
   return true;
  }

#endif
