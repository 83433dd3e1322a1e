// URLs and the terminal's allow-list (Tools > Options > Expert Advisors > "Allow WebRequest for
// listed URL"), which WebRequest and the Socket* functions both obey
// (mql5.com/en/docs/network/webrequest, mql5.com/en/docs/network/socketconnect).
#pragma once
#include <string>

namespace mql::net {

struct Url {
  bool tls = false;
  std::string host;  // lower case
  int port = 0;
  std::string target;  // path and query, "/" when empty
};

// http(s)://host[:port][/path]; false when the URL is not one.
bool parseUrl(const std::string &text, Url &url);

// A WebRequest URL is allowed when an entry has its scheme, host and port (the scheme's default
// when the entry names none) and the entry's path, if any, starts the URL's path.
bool urlAllowed(const Url &url);
// A socket may connect to host:port when an entry names that host and port (an entry without
// a port allows its scheme's default port).
bool hostAllowed(const std::string &host, int port);

}  // namespace mql::net
