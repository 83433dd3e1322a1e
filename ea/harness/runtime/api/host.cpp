#include "host.h"

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <condition_variable>
#include <cstring>
#include <map>
#include <mutex>
#include <thread>

#include "../core/core.h"
#include "events.h"

namespace mql::host {

namespace {

int sock = -1;
long long nextId = 1;

// Answers the reader thread has taken off the socket, by call id. Never destroyed: the reader
// thread may still run while the process exits.
struct Answers {
  std::mutex mutex;
  std::condition_variable answered;
  std::map<long long, json> replies;
  bool hostGone = false;
};
Answers &shared = *new Answers;
std::mutex &mutex = shared.mutex;
std::condition_variable &answered = shared.answered;
std::map<long long, json> &replies = shared.replies;
bool &hostGone = shared.hostGone;

// Stops the EA with the journal line `why` (from either thread: _Exit runs no destructors the
// other thread may still use). The socket is given up first so the line does not try to use it.
[[noreturn]] void broken(const std::string &why) {
  sock = -1;
  mql::journal(mql::JournalKind::Error, why);
  std::fflush(stdout);
  std::_Exit(3);
}

void writeLine(const json &message) {
  std::string line = message.dump() + "\n";
  size_t done = 0;
  while (done < line.size()) {
    ssize_t n = ::send(sock, line.data() + done, line.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) broken("host: the connection to the host broke (" + std::string(strerror(errno)) + ")");
    done += static_cast<size_t>(n);
  }
}

// One message from the host: a fatal answer stops the EA, events go to the event loop at once
// (so a tick that comes while OnTick runs is dropped, as in MT), answers to their caller.
void onMessage(const std::string &line) {
  json message = json::parse(line, nullptr, false);
  if (message.is_discarded()) broken("host: unreadable message from the host: " + line.substr(0, 200));
  if (message.contains("fatal"))
    broken(message["fatal"].is_string() ? message["fatal"].get<std::string>() : message["fatal"].dump());
  if (message.contains("event")) {
    events::onHostEvent(message);
    return;
  }
  if (!message.contains("id") || !message["id"].is_number_integer())
    broken("host: a message that is neither an event nor an answer: " + line.substr(0, 200));
  long long id = message["id"].get<long long>();
  std::lock_guard<std::mutex> lock(mutex);
  replies[id] = std::move(message);
  answered.notify_all();
}

// The reader thread: splits the socket's bytes into lines until the host closes it.
void readLoop() {
  std::string buffer;
  char chunk[65536];
  for (;;) {
    ssize_t n = ::recv(sock, chunk, sizeof chunk, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    buffer.append(chunk, static_cast<size_t>(n));
    for (size_t end; (end = buffer.find('\n')) != std::string::npos;) {
      std::string line = buffer.substr(0, end);
      buffer.erase(0, end + 1);
      if (!line.empty()) onMessage(line);
    }
  }
  std::lock_guard<std::mutex> lock(mutex);
  hostGone = true;
  answered.notify_all();
  events::onHostGone();
}

json await(long long id, const char *name) {
  std::unique_lock<std::mutex> lock(mutex);
  answered.wait(lock, [id] { return hostGone || replies.count(id) > 0; });
  if (!replies.count(id)) {
    lock.unlock();
    broken(std::string("host: the host closed the connection while ") + name + " waited for its answer");
  }
  json reply = std::move(replies[id]);
  replies.erase(id);
  return reply;
}

}  // namespace

json connect(const std::string &socketPath, const json &hello) {
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (socketPath.size() >= sizeof addr.sun_path) broken("host: socket path too long: " + socketPath);
  std::memcpy(addr.sun_path, socketPath.c_str(), socketPath.size() + 1);
  sock = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (sock < 0 || ::connect(sock, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0)
    broken("host: cannot connect to " + socketPath + " (" + strerror(errno) + ")");
  std::thread(readLoop).detach();
  writeLine({{"id", 0}, {"call", "hello"}, {"args", json::array({hello})}});
  json reply = await(0, "hello");
  if (!reply.contains("ret") || !reply["ret"].is_object())
    broken("host: the hello reply carries no terminal settings: " + reply.dump());
  return reply["ret"];
}

Reply call(const char *name, json args) {
  long long id = nextId++;
  writeLine({{"id", id}, {"call", name}, {"args", std::move(args)}});
  json reply = await(id, name);
  if (!reply.contains("ret")) broken(std::string("host: the answer to ") + name + " has no ret: " + reply.dump());
  if (reply.contains("err") && !reply["err"].is_null()) {
    if (!reply["err"].is_number_integer())
      broken(std::string("host: ") + name + " answered a non-integer err: " + reply.dump());
    mql::setLastError(reply["err"].get<int>());
  }
  return {reply["ret"], reply.value("out", json::object())};
}

void sendJournal(const char *kind, const std::string &text) {
  if (sock >= 0) writeLine({{"journal", kind}, {"text", text}});
}

}  // namespace mql::host
