// TCP and TLS (OpenSSL) with deadlines, shared by WebRequest and the Socket* functions. Peers
// are verified as the terminal does: the certificate chain against the trust store (the hello
// reply's caFile, else the system's) and the host name against the certificate.
#pragma once
#include <openssl/ssl.h>

#include <string>

namespace mql::net {

// Milliseconds on the monotonic clock; `none` is a deadline that never comes.
long long nowMs();
constexpr long long none = 1LL << 62;
inline long long after(long long ms) { return ms > 0 ? nowMs() + ms : none; }

enum class Failure { None, Resolve, Refused, Timeout, Tls, Closed, Io };

struct Stream {
  int fd = -1;
  SSL *ssl = nullptr;
  void close();
};

// Connects to host:port by `deadline`; fd -1 and `failure` when it cannot.
Stream connectTcp(const std::string &host, int port, long long deadline, Failure &failure);

// TLS client handshake on a connected stream (SNI and name check for `host`).
bool startTls(Stream &s, const std::string &host, long long deadline, std::string &why);

// Writes all of `data` by `deadline`; false with `failure` otherwise.
bool writeAll(Stream &s, const void *data, size_t len, long long deadline, Failure &failure);

// Reads what arrives by `deadline` (at most `len` bytes): the count, 0 at the peer's close, -1
// with `failure` on error or timeout. A `deadline` in the past reads only what is there.
long long readSome(Stream &s, void *buf, size_t len, long long deadline, Failure &failure);

}  // namespace mql::net
