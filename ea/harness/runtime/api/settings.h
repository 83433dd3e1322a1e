// The simulated terminal's settings, from the hello reply and later "config" events
// (ea/harness/README.md): data folders, the WebRequest allow-list, the trust store.
#pragma once
#include <string>
#include <vector>
#include "host.h"

namespace mql::settings {

struct Terminal {
  std::string program;  // the EA's name (MQL_PROGRAM_NAME)
  std::string chart;    // the chart's symbol
  long long chartId = 0;
  std::string filesDir;   // <data folder>/MQL5/Files (MQL4/Files)
  std::string commonDir;  // Common/Files, for FILE_COMMON
  std::vector<std::string> allowedUrls;  // Tools > Options > Expert Advisors
  // PEM bundle TLS peers are verified against (WebRequest, SocketTlsHandshake); empty: the
  // system store, as the terminal uses Windows' store.
  std::string caFile;
};

Terminal &terminal();

// Applies the fields present in a hello reply or config event.
void apply(const host::json &settings);

}  // namespace mql::settings
