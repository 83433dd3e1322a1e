// WebRequest (mql5.com/en/docs/network/webrequest, docs.mql4.com/common/webrequest): a real
// HTTP/1.1 request over TCP or TLS that blocks the EA for its whole duration, as in MT. Returns
// the HTTP status (any, 4xx and 5xx included) with the body and the response headers, or -1:
// URL not on the allow-list (MT5 4014 ERR_FUNCTION_NOT_ALLOWED, MT4 4060), malformed URL 5200,
// no connection 5201, timeout 5202, a failed request (TLS, broken or unreadable answer) 5203.
#include <cctype>
#include <cstring>

#include "../mql.h"
#include "http-response.h"
#include "net.h"
#include "settings.h"
#include "url.h"

using namespace mql;

namespace {

#ifdef __MQL5__
constexpr int errUrlNotAllowed = ERR_FUNCTION_NOT_ALLOWED;
constexpr const char *terminalName = "MetaTrader 5 Terminal";
#else
constexpr int errUrlNotAllowed = ERR_FUNCTION_NOT_CONFIRMED;
constexpr const char *terminalName = "MetaTrader 4 Terminal";
#endif

bool hasHeader(const std::string &headers, const char *name) {
  std::string lower;
  for (char c : headers) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string key = std::string(name) + ":";
  return lower.rfind(key, 0) == 0 || lower.find("\n" + key) != std::string::npos;
}

// The request head: the EA's headers as given ("Name: value" lines joined by \r\n), plus what
// the terminal adds itself.
std::string head(const std::string &method, const net::Url &url, const std::string &headers, size_t bodySize) {
  std::string h = method + " " + url.target + " HTTP/1.1\r\n";
  bool defaultPort = url.port == (url.tls ? 443 : 80);
  h += "Host: " + url.host + (defaultPort ? "" : ":" + std::to_string(url.port)) + "\r\n";
  h += std::string("User-Agent: ") + terminalName + "\r\n";
  h += "Connection: close\r\n";
  if (bodySize > 0 || method == "POST" || method == "PUT") h += "Content-Length: " + std::to_string(bodySize) + "\r\n";
  if (bodySize > 0 && !hasHeader(headers, "content-type")) h += "Content-Type: application/x-www-form-urlencoded\r\n";
  std::string extra = headers;
  while (!extra.empty() && (extra.back() == '\r' || extra.back() == '\n')) extra.pop_back();
  if (!extra.empty()) h += extra + "\r\n";
  return h + "\r\n";
}

int failWith(net::Failure f) {
  switch (f) {
    case net::Failure::Resolve:
    case net::Failure::Refused:
      mql::setLastError(ERR_WEBREQUEST_CONNECT_FAILED);
      break;
    case net::Failure::Timeout:
      mql::setLastError(ERR_WEBREQUEST_TIMEOUT);
      break;
    default:
      mql::setLastError(ERR_WEBREQUEST_REQUEST_FAILED);
  }
  return -1;
}

}  // namespace

// The form with a headers string (the EAs use only this one). `data` is sent whole.
int WebRequest(const string &method, const string &url, const string &headers, int timeout,
               const mql::Array<char> &data, mql::Array<char> &result, string &result_headers) {
  net::Url target;
  if (!net::parseUrl(url.utf8(), target)) {
    mql::setLastError(ERR_WEBREQUEST_INVALID_ADDRESS);
    return -1;
  }
  if (!net::urlAllowed(target)) {
    mql::setLastError(errUrlNotAllowed);
    return -1;
  }
  long long deadline = net::after(timeout);
  net::Failure failure = net::Failure::None;
  net::Stream s = net::connectTcp(target.host, target.port, deadline, failure);
  if (s.fd < 0) return failWith(failure);
  std::string why;
  if (target.tls && !net::startTls(s, target.host, deadline, why)) {
    s.close();
    return failWith(net::nowMs() >= deadline ? net::Failure::Timeout : net::Failure::Tls);
  }
  size_t bodySize = static_cast<size_t>(data.size());
  std::string request = head(method.utf8(), target, headers.utf8(), bodySize);
  if (bodySize > 0) request.append(reinterpret_cast<const char *>(data.data()), bodySize);
  if (!net::writeAll(s, request.data(), request.size(), deadline, failure)) {
    s.close();
    return failWith(failure);
  }
  net::HttpResponse response;
  bool ok = net::readResponse(s, deadline, response, failure);
  s.close();
  if (!ok) return failWith(failure);
  result.resize(static_cast<int>(response.body.size()));
  if (!response.body.empty()) std::memcpy(result.data(), response.body.data(), response.body.size());
  result_headers = string::fromUtf8(response.headers);
  return response.status;
}
