//+------------------------------------------------------------------+
//| OrderTracker.mq5 - reports this MetaTrader 5 account's positions |
//| and orders to SignalRelay's order history. The logic lives in    |
//| Include\SignalRelay (Tracker.mqh); see ea/README.md.             |
//+------------------------------------------------------------------+
#property copyright   "SignalRelay"
#property link        "https://signalrelay.app"
// The macro comes from Version.mqh, so it is included before #property reads it.
#include <SignalRelay\Version.mqh>
#property version     SR_EA_VERSION_PROPERTY
#property description "Reports your orders to the SignalRelay order history (on every trade, and every 60 s)."
#property description "Add the server URL in Tools > Options > Expert Advisors > Allow WebRequest for listed URL."

#include <SignalRelay\Tracker.mqh>

input string LicenseNumber = "";                         // License number (dashboard > Licenses)
input string ServerUrl     = "https://signalrelay.app";  // Server URL (also add it to the allowed WebRequest URLs)

COrderTracker g_tracker;

int OnInit()
  {
   return g_tracker.Init(LicenseNumber, ServerUrl);
  }

void OnDeinit(const int reason)
  {
   g_tracker.Deinit();
  }

void OnTimer()
  {
   g_tracker.OnTimer();
  }

void OnTradeTransaction(const MqlTradeTransaction &trans, const MqlTradeRequest &request, const MqlTradeResult &result)
  {
   g_tracker.MarkDirty();
  }
