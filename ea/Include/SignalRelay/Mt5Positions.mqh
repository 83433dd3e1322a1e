//+------------------------------------------------------------------+
//| Mt5Positions.mqh - MT5 adapter: a position selected by its       |
//| identifier, and its stop loss and take profit changed.           |
//| Included only through Platform.mqh, after Mt5Trade.mqh.          |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT5_POSITIONS_MQH
#define SIGNALRELAY_MT5_POSITIONS_MQH

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

#endif
