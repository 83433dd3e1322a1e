#include "settings.h"

#include "../core/core.h"

namespace mql::settings {

// Never destroyed: the socket's reader thread reads the chart while the process exits.
Terminal &terminal() {
  static Terminal &t = *new Terminal;
  return t;
}

namespace {

std::string textField(const host::json &s, const char *name) {
  if (!s[name].is_string()) mql::fatal(std::string("host: terminal setting ") + name + " must be a string: " + s.dump());
  return s[name].get<std::string>();
}

}  // namespace

void apply(const host::json &s) {
  Terminal &t = terminal();
  if (!s.is_object()) mql::fatal("host: terminal settings must be an object: " + s.dump());
  if (s.contains("filesDir")) t.filesDir = textField(s, "filesDir");
  if (s.contains("commonDir")) t.commonDir = textField(s, "commonDir");
  if (s.contains("caFile")) t.caFile = textField(s, "caFile");
  if (s.contains("chartId")) {
    if (!s["chartId"].is_number_integer()) mql::fatal("host: terminal setting chartId must be an integer: " + s.dump());
    t.chartId = s["chartId"].get<long long>();
  }
  if (s.contains("allowedUrls")) {
    if (!s["allowedUrls"].is_array()) mql::fatal("host: terminal setting allowedUrls must be a list: " + s.dump());
    t.allowedUrls.clear();
    for (const auto &u : s["allowedUrls"]) {
      if (!u.is_string()) mql::fatal("host: allowedUrls holds a non-string: " + s.dump());
      t.allowedUrls.push_back(u.get<std::string>());
    }
  }
}

}  // namespace mql::settings
