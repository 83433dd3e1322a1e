#include "http-response.h"

#include <cctype>
#include <cstdlib>

namespace mql::net {

namespace {

struct Reader {
  Stream &s;
  long long deadline;
  Failure &failure;
  std::string buf;
  bool closed = false;

  // Reads more; false at the peer's close or on failure.
  bool more() {
    char chunk[16384];
    long long n = readSome(s, chunk, sizeof chunk, deadline, failure);
    if (n <= 0) {
      closed = n == 0;
      return false;
    }
    buf.append(chunk, static_cast<size_t>(n));
    return true;
  }
  // Takes bytes up to `marker` (consumed, not returned).
  bool until(const std::string &marker, std::string &out) {
    size_t at;
    while ((at = buf.find(marker)) == std::string::npos)
      if (!more()) return false;
    out = buf.substr(0, at);
    buf.erase(0, at + marker.size());
    return true;
  }
  bool take(size_t n, std::string &out) {
    while (buf.size() < n)
      if (!more()) return false;
    out = buf.substr(0, n);
    buf.erase(0, n);
    return true;
  }
};

std::string lower(std::string s) {
  for (char &c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The value of header `name` in a header block ("" when absent).
std::string header(const std::string &block, const std::string &name) {
  std::string l = lower(block);
  size_t at = l.rfind(name + ":", 0) == 0 ? 0 : l.find("\n" + name + ":");
  if (at == std::string::npos) return "";
  if (at > 0) at++;
  size_t start = at + name.size() + 1, end = block.find("\r\n", start);
  std::string v = block.substr(start, end == std::string::npos ? std::string::npos : end - start);
  size_t first = v.find_first_not_of(" \t"), last = v.find_last_not_of(" \t");
  return first == std::string::npos ? "" : v.substr(first, last - first + 1);
}

bool chunked(Reader &r, std::string &body) {
  for (;;) {
    std::string line, data, crlf;
    if (!r.until("\r\n", line)) return false;
    char *end = nullptr;
    unsigned long size = std::strtoul(line.c_str(), &end, 16);
    if (end == line.c_str()) return false;
    if (size == 0) {
      std::string trailer;
      do {
        if (!r.until("\r\n", trailer)) return false;
      } while (!trailer.empty());
      return true;
    }
    if (!r.take(size, data) || !r.take(2, crlf)) return false;
    body += data;
  }
}

}  // namespace

bool readResponse(Stream &s, long long deadline, HttpResponse &response, Failure &failure) {
  Reader r{s, deadline, failure, {}, false};
  std::string block;
  do {  // 1xx answers (100 Continue) come before the real one
    if (!r.until("\r\n\r\n", block)) {
      if (r.closed) failure = Failure::Io;  // closed before a whole answer
      return false;
    }
    if (block.rfind("HTTP/1.", 0) != 0 || block.size() < 12 || !std::isdigit(static_cast<unsigned char>(block[9]))) {
      failure = Failure::Io;
      return false;
    }
    response.status = std::atoi(block.c_str() + 9);
  } while (response.status >= 100 && response.status < 200);
  size_t eol = block.find("\r\n");
  response.headers = eol == std::string::npos ? "" : block.substr(eol + 2) + "\r\n";
  const std::string &h = response.headers;
  if (response.status == 204 || response.status == 304) return true;
  if (lower(header(h, "transfer-encoding")).find("chunked") != std::string::npos) {
    if (chunked(r, response.body)) return true;
    if (r.closed) failure = Failure::Io;
    return false;
  }
  std::string length = header(h, "content-length");
  if (!length.empty()) {
    if (r.take(std::strtoull(length.c_str(), nullptr, 10), response.body)) return true;
    if (r.closed) failure = Failure::Io;
    return false;
  }
  // Neither length nor chunks: the body ends where the server closes.
  while (r.more()) continue;
  if (!r.closed) return false;
  response.body = r.buf;
  return true;
}

}  // namespace mql::net
