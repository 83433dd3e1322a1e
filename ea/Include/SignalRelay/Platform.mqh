//+------------------------------------------------------------------+
//| Platform.mqh - the one place that tells MT4 from MT5.            |
//|                                                                  |
//| Everything else is written once against the adapter functions    |
//| that Mt4*.mqh and Mt5*.mqh both implement:                       |
//|   trade:   SR_CheckTradePermission, SR_OpenMarket,               |
//|            SR_ClosePositions, SR_SelectPosition,                 |
//|            SR_ModifyStopLoss, SR_LossPerLot, SR_ServerNow,       |
//|            SR_IsNetting                                          |
//|   pending: SR_PlacePending, SR_FindPending, SR_PendingOrders,    |
//|            SR_DeletePending                                      |
//|   manage:  SR_EaPositions, SR_ClosePart                          |
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
#define SR_CODE_MARKET_CLOSED 132     // ERR_MARKET_CLOSED
// MT4 programs see only the history the Account History tab shows.
#define SR_HISTORY_HINT   " (set the Account History tab to All History so older orders are included)"
#else
#define SR_PLATFORM       "mt5"
#define SR_FILES_FOLDER   "MQL5\\Files"
#define SR_ALGO_BUTTON    "Algo Trading"
#define SR_CODE_MARKET_CLOSED 10018   // TRADE_RETCODE_MARKET_CLOSED
#define SR_HISTORY_HINT   ""
#endif

#include <SignalRelay\Log.mqh>
#include <SignalRelay\Types.mqh>
#include <SignalRelay\Protocol.mqh>

#ifdef __MQL4__
#include <SignalRelay\Mt4Trade.mqh>
#include <SignalRelay\Mt4Close.mqh>
#include <SignalRelay\Mt4Pending.mqh>
#include <SignalRelay\Mt4Manage.mqh>
#include <SignalRelay\Mt4Net.mqh>
#include <SignalRelay\Mt4Orders.mqh>
#else
#include <SignalRelay\Mt5Trade.mqh>
#include <SignalRelay\Mt5Positions.mqh>
#include <SignalRelay\Mt5Open.mqh>
#include <SignalRelay\Mt5Close.mqh>
#include <SignalRelay\Mt5Pending.mqh>
#include <SignalRelay\Mt5Manage.mqh>
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

// Days since 1970-01-01 of a civil date (H. Hinnant's days_from_civil).
long SR_DaysFromCivil(const int year, const int month, const int day)
  {
   int y = (month <= 2) ? year - 1 : year;
   int era = (y >= 0 ? y : y - 399) / 400;
   int yoe = y - era * 400;
   int doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
   int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
   return (long)era * 146097 + doe - 719468;
  }

// The UTC second at which the n-th Sunday (from day `fromDay`) of a month
// reaches `hourUtc`.
long SR_SundayUtc(const int year, const int month, const int fromDay, const int hourUtc)
  {
   long first = SR_DaysFromCivil(year, month, fromDay);
   long weekday = (first + 4) % 7;   // 1970-01-01 was a Thursday; 0 = Sunday
   return (first + (7 - weekday) % 7) * 86400 + hourUtc * 3600;
  }

// New York's UTC offset at `utc`: -4 h from the second Sunday of March
// (2:00 EST) to the first Sunday of November (2:00 EDT), else -5 h.
int SR_NewYorkOffset(const long utc)
  {
   int year = 1970 + (int)(utc / 31556952);
   if(utc < SR_DaysFromCivil(year, 1, 1) * 86400)
      year--;
   else if(utc >= SR_DaysFromCivil(year + 1, 1, 1) * 86400)
      year++;
   bool summer = utc >= SR_SundayUtc(year, 3, 8, 7) && utc < SR_SundayUtc(year, 11, 1, 6);
   return summer ? -4 * 3600 : -5 * 3600;
  }

// Server time in milliseconds -> UTC milliseconds since the epoch, given the
// server's offset now. Most brokers keep their midnight at 17:00 New York
// (GMT+2 in winter, GMT+3 in summer): when today's offset says so, a trade
// from the other season is converted with that season's offset. Any other
// offset is taken as fixed.
long SR_ServerMsToUtc(const long serverMs, const int offsetSeconds)
  {
   int offset = offsetSeconds;
   if(offsetSeconds == SR_NewYorkOffset((long)TimeGMT()) + 7 * 3600)
      offset = SR_NewYorkOffset(serverMs / 1000 - offsetSeconds) + 7 * 3600;
   return serverMs - (long)offset * 1000;
  }

#endif
