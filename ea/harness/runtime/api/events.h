// The MT event model for one EA (mql5.com/en/docs/runtime/event_fire): one thread, one queue.
// NewTick and Timer events are not queued while one of the same kind is waiting or being
// handled; trade transactions queue in order; deinit ends the loop.
#pragma once
#include "host.h"

namespace mql::events {

// A host event (tick, trade, deinit, config), from the socket's reader thread.
void onHostEvent(const host::json &message);
// The host closed the connection: the loop stops the EA.
void onHostGone();

// Timers (mql5.com/en/docs/eventfunctions/eventsetmillisecondtimer): one per program, the last
// call wins; 0 stops it.
void setTimer(long long periodMs);

// SIGTERM: the terminal is closing (OnDeinit with REASON_CLOSE).
void requestClose();

// Dispatches events until a deinit; returns its reason.
int run();

}  // namespace mql::events
