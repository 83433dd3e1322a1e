#include "net.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <openssl/err.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <ctime>

#include "settings.h"

namespace mql::net {

long long nowMs() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000LL + t.tv_nsec / 1000000;
}

namespace {

// Waits until `fd` is ready for `events` or the deadline passes (EINTR restarts the wait).
bool ready(int fd, short events, long long deadline) {
  for (;;) {
    long long left = deadline == none ? -1 : deadline - nowMs();
    if (deadline != none && left < 0) left = 0;
    pollfd p{fd, events, 0};
    int n = ::poll(&p, 1, left > INT_MAX ? INT_MAX : static_cast<int>(left));
    if (n > 0) return true;
    if (n == 0 && deadline != none && nowMs() >= deadline) return false;
    if (n < 0 && errno != EINTR) return false;
  }
}

// One context per trust store; rebuilt when the terminal's caFile changes.
SSL_CTX *context() {
  static SSL_CTX *ctx = nullptr;
  static std::string caFile;
  const std::string &wanted = settings::terminal().caFile;
  if (ctx && caFile == wanted) return ctx;
  if (ctx) SSL_CTX_free(ctx);
  ctx = SSL_CTX_new(TLS_client_method());
  SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, nullptr);
  if (wanted.empty())
    SSL_CTX_set_default_verify_paths(ctx);
  else
    SSL_CTX_load_verify_locations(ctx, wanted.c_str(), nullptr);
  caFile = wanted;
  return ctx;
}

bool isIpLiteral(const std::string &host) {
  unsigned char buf[16];
  return inet_pton(AF_INET, host.c_str(), buf) == 1 || inet_pton(AF_INET6, host.c_str(), buf) == 1;
}

// Drives one SSL call: waits for the socket while OpenSSL wants to read or write.
template <class F>
int sslCall(Stream &s, long long deadline, Failure &failure, F call) {
  for (;;) {
    ERR_clear_error();
    int n = call();
    if (n > 0) return n;
    int err = SSL_get_error(s.ssl, n);
    if (err == SSL_ERROR_WANT_READ || err == SSL_ERROR_WANT_WRITE) {
      if (!ready(s.fd, err == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT, deadline)) {
        failure = Failure::Timeout;
        return -1;
      }
      continue;
    }
    failure = (err == SSL_ERROR_ZERO_RETURN) ? Failure::Closed : Failure::Io;
    return err == SSL_ERROR_ZERO_RETURN ? 0 : -1;
  }
}

}  // namespace

void Stream::close() {
  if (ssl) SSL_free(ssl);
  if (fd >= 0) ::close(fd);
  ssl = nullptr;
  fd = -1;
}

Stream connectTcp(const std::string &host, int port, long long deadline, Failure &failure) {
  Stream s;
  addrinfo hints{}, *found = nullptr;
  hints.ai_socktype = SOCK_STREAM;
  if (getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0 || !found) {
    failure = Failure::Resolve;
    return s;
  }
  failure = Failure::Refused;
  for (addrinfo *a = found; a && s.fd < 0; a = a->ai_next) {
    int fd = ::socket(a->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) continue;
    int rc = ::connect(fd, a->ai_addr, a->ai_addrlen);
    if (rc != 0 && errno == EINPROGRESS) {
      if (!ready(fd, POLLOUT, deadline)) {
        failure = Failure::Timeout;
        ::close(fd);
        break;
      }
      int err = 0;
      socklen_t len = sizeof err;
      getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len);
      rc = err == 0 ? 0 : -1;
    }
    if (rc == 0)
      s.fd = fd;
    else
      ::close(fd);
  }
  freeaddrinfo(found);
  if (s.fd >= 0) failure = Failure::None;
  return s;
}

bool startTls(Stream &s, const std::string &host, long long deadline, std::string &why) {
  s.ssl = SSL_new(context());
  SSL_set_fd(s.ssl, s.fd);
  if (!isIpLiteral(host)) SSL_set_tlsext_host_name(s.ssl, host.c_str());
  SSL_set1_host(s.ssl, host.c_str());
  Failure failure = Failure::None;
  if (sslCall(s, deadline, failure, [&] { return SSL_connect(s.ssl); }) > 0) return true;
  long verify = SSL_get_verify_result(s.ssl);
  why = verify != X509_V_OK ? X509_verify_cert_error_string(verify)
        : failure == Failure::Timeout ? "timed out"
                                      : "handshake failed";
  SSL_free(s.ssl);
  s.ssl = nullptr;
  return false;
}

bool writeAll(Stream &s, const void *data, size_t len, long long deadline, Failure &failure) {
  const char *p = static_cast<const char *>(data);
  size_t done = 0;
  while (done < len) {
    if (s.ssl) {
      int n = sslCall(s, deadline, failure, [&] { return SSL_write(s.ssl, p + done, static_cast<int>(len - done)); });
      if (n <= 0) return false;
      done += static_cast<size_t>(n);
      continue;
    }
    ssize_t n = ::send(s.fd, p + done, len - done, MSG_NOSIGNAL);
    if (n > 0) {
      done += static_cast<size_t>(n);
    } else if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
      if (!ready(s.fd, POLLOUT, deadline)) {
        failure = Failure::Timeout;
        return false;
      }
    } else {
      failure = Failure::Io;
      return false;
    }
  }
  return true;
}

long long readSome(Stream &s, void *buf, size_t len, long long deadline, Failure &failure) {
  if (s.ssl) {
    int n = sslCall(s, deadline, failure, [&] { return SSL_read(s.ssl, buf, static_cast<int>(len)); });
    return n;
  }
  for (;;) {
    ssize_t n = ::recv(s.fd, buf, len, 0);
    if (n >= 0) return n;
    if (errno != EAGAIN && errno != EINTR) {
      failure = Failure::Io;
      return -1;
    }
    if (!ready(s.fd, POLLIN, deadline)) {
      failure = Failure::Timeout;
      return -1;
    }
  }
}

}  // namespace mql::net
