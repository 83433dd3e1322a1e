//+------------------------------------------------------------------+
//| Version.mqh - the EA release version, written here only. The     |
//| four entries take #property version from it, the protocol sends  |
//| it in hello and poll, and the server reads this file for the     |
//| Downloads tab and to tell a terminal its EA is out of date.      |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_VERSION_MQH
#define SIGNALRELAY_VERSION_MQH

// major.minor.patch: what the journal prints and the server compares.
#define SR_EA_VERSION "1.2.0"
// The same release for #property version, which takes only "major.minor"
// (the EA's About tab and the MQL5 Market read it): minor and patch written
// together, so 1.1.0 is "1.10". The server refuses to start when the two
// disagree (server/src/core/ea-version.ts).
#define SR_EA_VERSION_PROPERTY "1.20"

#endif
