//+------------------------------------------------------------------+
//| Mt5Trade.mqh - MT5 adapter: the trade server's clock and the     |
//| account's mode, its return codes in a trader's words, the        |
//| switches that allow trading, and market deals sent with the      |
//| filling-mode fallback (opens in Mt5Open.mqh, closes in           |
//| Mt5Close.mqh). Included only through Platform.mqh.               |
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

#endif
