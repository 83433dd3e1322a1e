// Reading an HTTP/1.1 response (RFC 9112) for WebRequest: status, header block, and the body
// by Content-Length, chunked transfer coding, or up to the server's close.
#pragma once
#include <string>
#include "net.h"

namespace mql::net {

struct HttpResponse {
  int status = 0;
  std::string headers;  // "Name: value\r\n" lines, as WebRequest's result_headers
  std::string body;
};

// False with `failure` when the answer does not arrive whole by `deadline` or is not HTTP.
bool readResponse(Stream &s, long long deadline, HttpResponse &response, Failure &failure);

}  // namespace mql::net
