//+------------------------------------------------------------------+
//| SignalRelay.mq5 - executes TradingView alerts relayed by         |
//| SignalRelay on this MetaTrader 5 account. The logic lives in     |
//| Include\SignalRelay (Relay.mqh); see ea/README.md.               |
//+------------------------------------------------------------------+
#property copyright   "SignalRelay"
#property link        "https://signalrelay.app"
// The macro comes from Version.mqh, so it is included before #property reads it.
#include <SignalRelay\Version.mqh>
#property version     SR_EA_VERSION_PROPERTY
#property description "Executes your TradingView alerts relayed by SignalRelay (WebSocket, HTTPS fallback)."
#property description "Add the server URL in Tools > Options > Expert Advisors > Allow WebRequest for listed URL."

#include <SignalRelay\Relay.mqh>

input string LicenseNumber = "";                         // License number (dashboard > Licenses)
input string ServerUrl     = "https://signalrelay.app";  // Server URL (also add it to the allowed WebRequest URLs)

CRelay g_relay;

int OnInit()
  {
   return g_relay.Init(LicenseNumber, ServerUrl);
  }

void OnDeinit(const int reason)
  {
   g_relay.Deinit();
  }

void OnTimer()
  {
   g_relay.OnTimer();
  }

void OnTick()
  {
   g_relay.OnTick();
  }
