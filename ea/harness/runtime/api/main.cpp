// One EA on one chart, as a Linux process (ea/harness/README.md):
//   bin/<EA>.<mt4|mt5> --host <unix socket> --chart <symbol> [--input Name=Value]...
// Sets the inputs, says hello to the host, runs OnInit (mql5.com/en/docs/event_handlers/oninit),
// then the event loop, then OnDeinit with the reason (mql5.com/en/docs/event_handlers/ondeinit).
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "../mql.h"
#include "events.h"
#include "host.h"
#include "settings.h"

int OnInit();
void OnDeinit(const int reason);

namespace mql {

// Print/Alert/Comment and runtime errors: stdout as `<kind>: <text>`, and the host's journal.
void journal(JournalKind kind, const std::string &utf8) {
  const char *name = kind == JournalKind::Print     ? "print"
                     : kind == JournalKind::Alert   ? "alert"
                     : kind == JournalKind::Comment ? "comment"
                                                    : "error";
  std::cout << name << ": " << utf8 << std::endl;
  host::sendJournal(name, utf8);
}

}  // namespace mql

namespace {

[[noreturn]] void usage(const std::string &why) {
  std::cerr << why << "\nusage: <EA> --host <unix socket> --chart <symbol> [--input Name=Value]...\n";
  std::exit(2);
}

// The EA's name: the executable's, without the platform extension (SignalRelay.mt5).
std::string programName(const char *argv0) {
  std::string name = argv0;
  name = name.substr(name.find_last_of('/') + 1);
  return name.substr(0, name.find('.'));
}

void onTerm(int) { mql::events::requestClose(); }

// The name the terminal journals for an OnInit code (mql5.com/en/docs/basis/function/events#enum_init_retcode).
std::string initCodeName(int code) {
  for (const mql::Constant &c : mql::constants)
    if (c.value == code && std::strcmp(c.group, "ENUM_INIT_RETCODE") == 0) return c.name;
  return std::to_string(code);
}

}  // namespace

int main(int argc, char **argv) {
  std::string socketPath;
  auto &terminal = mql::settings::terminal();
  terminal.program = programName(argv[0]);
  for (int i = 1; i < argc; i++) {
    std::string arg = argv[i];
    if (i + 1 >= argc) usage(arg + " needs a value");
    std::string value = argv[++i];
    if (arg == "--host") {
      socketPath = value;
    } else if (arg == "--chart") {
      terminal.chart = value;
    } else if (arg == "--input") {
      size_t eq = value.find('=');
      if (eq == std::string::npos) usage("--input " + value + " is not Name=Value");
      if (!mql::setInput(value.substr(0, eq), value.substr(eq + 1)))
        usage(terminal.program + " has no input named " + value.substr(0, eq));
    } else {
      usage("unknown argument " + arg);
    }
  }
  if (socketPath.empty() || terminal.chart.empty()) usage("--host and --chart are required");

  struct sigaction term {};
  term.sa_handler = onTerm;
  sigaction(SIGTERM, &term, nullptr);

#ifdef __MQL5__
  const char *platform = "mt5";
#else
  const char *platform = "mt4";
#endif
  mql::host::json hello = {{"program", terminal.program}, {"platform", platform}, {"chart", terminal.chart}, {"pid", getpid()}};
  mql::settings::apply(mql::host::connect(socketPath, hello));

  // A non-zero OnInit unloads the EA after OnDeinit(REASON_INITFAILED).
  int code = OnInit();
  if (code != INIT_SUCCEEDED) {
    mql::journal(mql::JournalKind::Error, "initializing of " + terminal.program + " (" + terminal.chart + ") failed with code " +
                                              std::to_string(code) + " (" + initCodeName(code) + ")");
    OnDeinit(REASON_INITFAILED);
    return 0;
  }
  int reason = mql::events::run();
  OnDeinit(reason);
  return 0;
}
