// MQL's trade structures, with MQL's field names and types
// (mql5.com/en/docs/constants/structures). Value-initialised members: a declared struct starts
// zeroed here, which is what ZeroMemory() gives in MQL.
#pragma once
#include "../core/core.h"
#include "constants.h"

// mql5.com/en/docs/constants/structures/mqltick
struct MqlTick {
  datetime time{};
  double bid{};
  double ask{};
  double last{};
  ulong volume{};
  long time_msc{};
  uint flags{};
  double volume_real{};
};

#ifdef __MQL5__
// mql5.com/en/docs/constants/structures/mqltraderequest
struct MqlTradeRequest {
  ENUM_TRADE_REQUEST_ACTIONS action{};
  ulong magic{};
  ulong order{};
  string symbol;
  double volume{};
  double price{};
  double stoplimit{};
  double sl{};
  double tp{};
  ulong deviation{};
  ENUM_ORDER_TYPE type{};
  ENUM_ORDER_TYPE_FILLING type_filling{};
  ENUM_ORDER_TYPE_TIME type_time{};
  datetime expiration{};
  string comment;
  ulong position{};
  ulong position_by{};
};

// mql5.com/en/docs/constants/structures/mqltraderesult
struct MqlTradeResult {
  uint retcode{};
  ulong deal{};
  ulong order{};
  double volume{};
  double price{};
  double bid{};
  double ask{};
  string comment;
  uint request_id{};
  int retcode_external{};
};

// mql5.com/en/docs/constants/structures/mqltradecheckresult
struct MqlTradeCheckResult {
  uint retcode{};
  double balance{};
  double equity{};
  double profit{};
  double margin{};
  double margin_free{};
  double margin_level{};
  string comment;
};

// mql5.com/en/docs/constants/structures/mqltradetransaction
struct MqlTradeTransaction {
  ulong deal{};
  ulong order{};
  string symbol;
  ENUM_TRADE_TRANSACTION_TYPE type{};
  ENUM_ORDER_TYPE order_type{};
  ENUM_ORDER_STATE order_state{};
  ENUM_DEAL_TYPE deal_type{};
  ENUM_ORDER_TYPE_TIME time_type{};
  datetime time_expiration{};
  double price{};
  double price_trigger{};
  double price_sl{};
  double price_tp{};
  double volume{};
  ulong position{};
  ulong position_by{};
};

#endif
