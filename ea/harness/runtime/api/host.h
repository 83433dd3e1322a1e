// The EA process's end of the host socket (ea/harness/README.md, "The terminal layer and the
// host protocol"): newline-delimited JSON over a Unix socket. Calls are synchronous; a reader
// thread hands events to the event loop as they arrive, also while the EA runs a handler.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace mql::host {

using json = nlohmann::json;

// One answer: `ret` the return value, `out` the by-reference parameters by name. A reply's
// `err` has already become _LastError when call() returns.
struct Reply {
  json ret;
  json out;
};

// Connects to the host and says hello; returns the terminal settings (the hello's `ret`).
json connect(const std::string &socketPath, const json &hello);

// One call, answered by the host. A "fatal" answer stops the process with the host's words.
Reply call(const char *name, json args);

// A journal line for the host (no answer).
void sendJournal(const char *kind, const std::string &text);

}  // namespace mql::host
