//+------------------------------------------------------------------+
//| Log.mqh - journal lines every SignalRelay program writes.        |
//| Setup problems repeat on every reconnect; SR_LogThrottled keeps  |
//| the Experts tab readable by printing each of them once a minute. |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_LOG_MQH
#define SIGNALRELAY_LOG_MQH

string g_srLogPrefix = "SignalRelay";
string g_srThrottleKeys[];
uint   g_srThrottleTicks[];

void SR_LogSetPrefix(const string prefix)
  {
   g_srLogPrefix = prefix;
  }

void SR_Info(const string message)
  {
   Print(g_srLogPrefix, ": ", message);
  }

void SR_Warn(const string message)
  {
   Print(g_srLogPrefix, " WARNING: ", message);
  }

void SR_Error(const string message)
  {
   Print(g_srLogPrefix, " ERROR: ", message);
  }

// Prints `message` as an error unless the same key was printed less than
// `intervalMs` ago. Returns true when it printed.
bool SR_LogThrottled(const string key, const string message, const uint intervalMs = 60000)
  {
   uint now = GetTickCount();
   int n = ArraySize(g_srThrottleKeys);
   for(int i = 0; i < n; i++)
     {
      if(g_srThrottleKeys[i] != key)
         continue;
      if(now - g_srThrottleTicks[i] < intervalMs)
         return false;
      g_srThrottleTicks[i] = now;
      SR_Error(message);
      return true;
     }
   ArrayResize(g_srThrottleKeys, n + 1);
   ArrayResize(g_srThrottleTicks, n + 1);
   g_srThrottleKeys[n] = key;
   g_srThrottleTicks[n] = now;
   SR_Error(message);
   return true;
  }

// Forgets a throttled key, so the problem is reported at once if it comes back.
void SR_LogClear(const string key)
  {
   int n = ArraySize(g_srThrottleKeys);
   for(int i = 0; i < n; i++)
     {
      if(g_srThrottleKeys[i] == key)
         g_srThrottleTicks[i] = GetTickCount() - 0x7FFFFFFF;
     }
  }

#endif
