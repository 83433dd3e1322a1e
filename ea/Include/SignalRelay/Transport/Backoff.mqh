//+------------------------------------------------------------------+
//| Backoff.mqh - reconnect delays: 1 s, 2 s, 4 s ... capped at 30 s, |
//| each with +-20% jitter so terminals that lost the server at the  |
//| same moment do not all come back at the same moment.             |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_BACKOFF_MQH
#define SIGNALRELAY_BACKOFF_MQH

#define SR_BACKOFF_CAP_MS 30000

// Delay before attempt number `failures` + 1 (failures >= 1).
uint SR_BackoffMs(const int failures)
  {
   double base = 1000.0;
   for(int i = 1; i < failures && base < SR_BACKOFF_CAP_MS; i++)
      base *= 2;
   if(base > SR_BACKOFF_CAP_MS)
      base = SR_BACKOFF_CAP_MS;
   double jitter = 0.8 + 0.4 * MathRand() / 32767.0;
   return (uint)(base * jitter);
  }

// True once `deadline` (a GetTickCount() value) has passed; safe across the
// 49.7-day wrap of the counter.
bool SR_TickReached(const uint deadline)
  {
   return (int)(GetTickCount() - deadline) >= 0;
  }

#endif
