// MT5 network sockets (mql5.com/en/docs/network): real TCP, TLS through OpenSSL. Errors as MT:
// 4014 ERR_FUNCTION_NOT_ALLOWED (host not on the allow-list), 5270 invalid handle, 5271 more
// than 128 sockets, 5272 cannot connect, 5273 send/receive failed (a read timeout included),
// 5274 TLS handshake failed, 5275 no certificate (no TLS on the socket).
#ifdef __MQL5__
#include <sys/ioctl.h>
#include <sys/socket.h>

#include <map>

#include "../mql.h"
#include "net.h"
#include "tls-certificate.h"
#include "url.h"

using namespace mql;

namespace {

constexpr int maxSockets = 128;
constexpr uint defaultReadTimeoutMs = 120000;  // SocketRead's timeout 0

struct Socket {
  net::Stream stream;
  uint connectTimeoutMs = 0;
  uint sendTimeoutMs = 0;     // SocketTimeouts; 0: no limit
  uint receiveTimeoutMs = 0;
  bool broken = false;
};

std::map<int, Socket> sockets;
int nextSocket = 1;

Socket *find(int socket) {
  auto it = sockets.find(socket);
  if (it != sockets.end()) return &it->second;
  mql::setLastError(ERR_NETSOCKET_INVALIDHANDLE);
  return nullptr;
}

int ioFailure(Socket &s) {
  s.broken = true;
  mql::setLastError(ERR_NETSOCKET_IO_ERROR);
  return -1;
}

// SocketSend and SocketTlsSend: the whole buffer (at most `buffer_len` bytes) within the send
// timeout on a socket `ready` for it, and the count sent, or -1.
int sendAll(int socket, const mql::Array<uchar> &buffer, uint buffer_len, bool (*ready)(const Socket &)) {
  Socket *s = find(socket);
  if (!s) return -1;
  uint len = std::min<uint>(buffer_len, static_cast<uint>(buffer.size()));
  net::Failure failure;
  if (!ready(*s) || !net::writeAll(s->stream, buffer.data(), len, net::after(s->sendTimeoutMs), failure))
    return ioFailure(*s);
  return static_cast<int>(len);
}

}  // namespace

// mql5.com/en/docs/network/socketcreate (the flags are reserved)
int SocketCreate(uint) {
  if (static_cast<int>(sockets.size()) >= maxSockets) {
    mql::setLastError(ERR_NETSOCKET_TOO_MANY_OPENED);
    return INVALID_HANDLE;
  }
  int handle = nextSocket++;
  sockets.emplace(handle, Socket{});
  return handle;
}

// mql5.com/en/docs/network/socketclose
bool SocketClose(int socket) {
  Socket *s = find(socket);
  if (!s) return false;
  s->stream.close();
  sockets.erase(socket);
  return true;
}

// mql5.com/en/docs/network/socketconnect: blocks up to `timeout_receive_ms` for the connection.
// On port 443 the terminal also negotiates TLS by itself (mql5.com/en/docs/network/sockettlshandshake).
bool SocketConnect(int socket, const string &server, uint port, uint timeout_receive_ms) {
  Socket *s = find(socket);
  if (!s) return false;
  if (!net::hostAllowed(server.utf8(), static_cast<int>(port))) {
    mql::setLastError(ERR_FUNCTION_NOT_ALLOWED);
    return false;
  }
  long long deadline = net::after(timeout_receive_ms);
  net::Failure failure;
  s->stream.close();
  s->stream = net::connectTcp(server.utf8(), static_cast<int>(port), deadline, failure);
  if (s->stream.fd < 0) {
    mql::setLastError(ERR_NETSOCKET_CANNOT_CONNECT);
    return false;
  }
  s->connectTimeoutMs = timeout_receive_ms;
  s->broken = false;
  std::string why;
  if (port == 443 && !net::startTls(s->stream, server.utf8(), deadline, why)) {
    s->stream.close();
    mql::setLastError(ERR_NETSOCKET_HANDSHAKE_FAILED);
    return false;
  }
  return true;
}

// mql5.com/en/docs/network/socketisconnected: false once the peer closed or the line broke.
bool SocketIsConnected(int socket) {
  Socket *s = find(socket);
  if (!s || s->stream.fd < 0 || s->broken) return false;
  char c;
  ssize_t n = ::recv(s->stream.fd, &c, 1, MSG_PEEK | MSG_DONTWAIT);
  if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) s->broken = true;
  return !s->broken;
}

// mql5.com/en/docs/network/socketisreadable: bytes waiting on the wire (encrypted ones on TLS).
uint SocketIsReadable(int socket) {
  Socket *s = find(socket);
  if (!s || s->stream.fd < 0) return 0;
  int n = 0;
  if (ioctl(s->stream.fd, FIONREAD, &n) != 0) {
    ioFailure(*s);
    return 0;
  }
  return static_cast<uint>(n);
}

// mql5.com/en/docs/network/sockettimeouts
bool SocketTimeouts(int socket, uint timeout_send_ms, uint timeout_receive_ms) {
  Socket *s = find(socket);
  if (!s) return false;
  s->sendTimeoutMs = timeout_send_ms;
  s->receiveTimeoutMs = timeout_receive_ms;
  return true;
}

// mql5.com/en/docs/network/socketsend: the bytes sent, or -1.
int SocketSend(int socket, const mql::Array<uchar> &buffer, uint buffer_len) {
  return sendAll(socket, buffer, buffer_len, [](const Socket &s) { return s.stream.fd >= 0; });
}

// mql5.com/en/docs/network/socketread: waits up to `timeout_ms` (0: 120 s) for data and returns
// what came, at most `buffer_maxlen` bytes (the rest stays for the next read); -1 on timeout.
int SocketRead(int socket, mql::Array<uchar> &buffer, uint buffer_maxlen, uint timeout_ms) {
  Socket *s = find(socket);
  if (!s) return -1;
  if (s->stream.fd < 0) return ioFailure(*s);
  std::string got(buffer_maxlen, '\0');
  net::Failure failure = net::Failure::None;
  net::Stream raw{s->stream.fd, nullptr};  // the bytes on the wire, encrypted or not
  long long n = buffer_maxlen == 0 ? 0 : net::readSome(raw, got.data(), buffer_maxlen, net::after(timeout_ms == 0 ? defaultReadTimeoutMs : timeout_ms), failure);
  if (n <= 0) {
    if (failure != net::Failure::Timeout) s->broken = true;
    mql::setLastError(ERR_NETSOCKET_IO_ERROR);
    return -1;
  }
  buffer.resize(static_cast<int>(n));
  std::copy(got.begin(), got.begin() + n, buffer.data());
  return static_cast<int>(n);
}

// mql5.com/en/docs/network/sockettlshandshake: verifies the server's certificate for `host`.
bool SocketTlsHandshake(int socket, const string &host) {
  Socket *s = find(socket);
  if (!s) return false;
  std::string why;
  if (s->stream.fd < 0 || s->stream.ssl || !net::startTls(s->stream, host.utf8(), net::after(s->connectTimeoutMs), why)) {
    mql::setLastError(ERR_NETSOCKET_HANDSHAKE_FAILED);
    return false;
  }
  return true;
}

// mql5.com/en/docs/network/sockettlscertificate
bool SocketTlsCertificate(int socket, string &subject, string &issuer, string &serial, string &thumbprint,
                          datetime &expiration) {
  Socket *s = find(socket);
  if (!s) return false;
  net::Certificate c;
  if (!s->stream.ssl || !net::peerCertificate(s->stream.ssl, c)) {
    mql::setLastError(ERR_NETSOCKET_NO_CERTIFICATE);
    return false;
  }
  subject = string::fromUtf8(c.subject);
  issuer = string::fromUtf8(c.issuer);
  serial = string::fromUtf8(c.serial);
  thumbprint = string::fromUtf8(c.thumbprint);
  expiration = c.expiration;
  return true;
}

// mql5.com/en/docs/network/sockettlssend
int SocketTlsSend(int socket, const mql::Array<uchar> &buffer, uint buffer_len) {
  return sendAll(socket, buffer, buffer_len, [](const Socket &s) { return s.stream.ssl != nullptr; });
}

// mql5.com/en/docs/network/sockettlsreadavailable: the decrypted bytes there are now (0 is
// normal), without waiting; -1 when the connection closed or broke.
int SocketTlsReadAvailable(int socket, mql::Array<uchar> &buffer, uint buffer_maxlen) {
  Socket *s = find(socket);
  if (!s) return -1;
  if (!s->stream.ssl) return ioFailure(*s);
  std::string got;
  char chunk[16384];
  while (got.size() < buffer_maxlen) {
    net::Failure failure = net::Failure::None;
    size_t want = std::min<size_t>(sizeof chunk, buffer_maxlen - got.size());
    long long n = net::readSome(s->stream, chunk, want, 0, failure);
    if (n > 0) {
      got.append(chunk, static_cast<size_t>(n));
      continue;
    }
    if (failure == net::Failure::Timeout) break;  // nothing more for now
    if (got.empty()) return ioFailure(*s);
    s->broken = true;  // closed after the data: the next read says so
    break;
  }
  buffer.resize(static_cast<int>(got.size()));
  std::copy(got.begin(), got.end(), buffer.data());
  return static_cast<int>(got.size());
}
#endif
