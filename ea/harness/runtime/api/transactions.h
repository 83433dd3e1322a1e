// Host "trade" events -> OnTradeTransaction (MT5): trade5.cpp reads the three structs.
#pragma once
#include "../mql.h"
#include "host.h"

namespace mql::events {

using TransactionHandler = void (*)(const MqlTradeTransaction &, const MqlTradeRequest &,
                                    const MqlTradeResult &);
void deliverTransaction(const host::json &event, TransactionHandler handler);

}  // namespace mql::events
