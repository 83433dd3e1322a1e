// The one header the translated EA sources include (ea/harness/README.md): the language layer
// (core/), then the terminal layer (api/) with the MQL constants generated from constants.json.
#pragma once
#include "core/core.h"
#include "api/api.h"
