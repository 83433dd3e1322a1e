//+------------------------------------------------------------------+
//| Platform.mqh - the one place that tells MT4 from MT5.            |
//|                                                                  |
//| Everything else is written once against the adapter functions    |
//| that Mt4*.mqh and Mt5*.mqh both implement:                       |
//|   trade:   SR_CheckTradePermission, SR_OpenMarket,               |
//|            SR_ClosePositions, SR_SelectPosition,                 |
//|            SR_ModifyStopLoss, SR_LossPerLot, SR_ServerNow,       |
//|            SR_IsNetting                                          |
//|   network: SR_SocketsAvailable, SR_SockOpen, SR_SockSend,        |
//|            SR_SockRead, SR_SockClose                             |
//|   orders:  SR_CollectOrders, SR_OpenStateFingerprint             |
//| The ea/tools lint fails if __MQL4__ or __MQL5__ appears anywhere |
//| else.                                                            |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_PLATFORM_MQH
#define SIGNALRELAY_PLATFORM_MQH

#ifdef __MQL4__
#define SR_PLATFORM       "mt4"
#define SR_FILES_FOLDER   "MQL4\\Files"
#define SR_ALGO_BUTTON    "AutoTrading"
// MT4 programs see only the history the Account History tab shows.
#define SR_HISTORY_HINT   " (set the Account History tab to All History so older orders are included)"
#else
#define SR_PLATFORM       "mt5"
#define SR_FILES_FOLDER   "MQL5\\Files"
#define SR_ALGO_BUTTON    "Algo Trading"
#define SR_HISTORY_HINT   ""
#endif

#include <SignalRelay\Log.mqh>
#include <SignalRelay\Types.mqh>
#include <SignalRelay\Protocol.mqh>

#ifdef __MQL4__
#include <SignalRelay\Mt4Trade.mqh>
#include <SignalRelay\Mt4Net.mqh>
#include <SignalRelay\Mt4Orders.mqh>
#else
#include <SignalRelay\Mt5Trade.mqh>
#include <SignalRelay\Mt5Net.mqh>
#include <SignalRelay\Mt5Orders.mqh>
#endif

//+------------------------------------------------------------------+
//| Broker time -> UTC. MT stores trade times in the trade server's  |
//| clock; the protocol wants UTC. The offset is rounded to 15 min   |
//| and kept in a terminal global variable, because on MT4 the       |
//| server time only advances with quotes (stale at weekends).       |
//+------------------------------------------------------------------+
#define SR_OFFSET_GLOBAL "SignalRelay.ServerUtcOffset"

int SR_ServerUtcOffset(void)
  {
   long raw = (long)SR_ServerNow() - (long)TimeGMT();
   long rounded = (long)MathRound(raw / 900.0) * 900;
   // A fresh server clock sits within a couple of minutes of a 15-minute step.
   if(MathAbs(raw - rounded) <= 120 && MathAbs(rounded) <= 14 * 3600)
     {
      GlobalVariableSet(SR_OFFSET_GLOBAL, (double)rounded);
      return (int)rounded;
     }
   if(GlobalVariableCheck(SR_OFFSET_GLOBAL))
      return (int)GlobalVariableGet(SR_OFFSET_GLOBAL);
   return (int)rounded;
  }

// Server time in milliseconds -> UTC milliseconds since the epoch.
long SR_ServerMsToUtc(const long serverMs, const int offsetSeconds)
  {
   return serverMs - (long)offsetSeconds * 1000;
  }

#endif
