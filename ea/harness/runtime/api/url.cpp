#include "url.h"

#include <algorithm>
#include <cctype>

#include "settings.h"

namespace mql::net {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// Parses an allow-list entry: a URL, or a bare host[:port][/path] standing for https.
bool parseEntry(const std::string &entry, Url &url) {
  if (parseUrl(entry, url)) return true;
  return entry.find("://") == std::string::npos && parseUrl("https://" + entry, url);
}

}  // namespace

bool parseUrl(const std::string &text, Url &url) {
  std::string l = lower(text);
  size_t rest;
  if (l.rfind("https://", 0) == 0) {
    url.tls = true;
    rest = 8;
  } else if (l.rfind("http://", 0) == 0) {
    url.tls = false;
    rest = 7;
  } else {
    return false;
  }
  size_t slash = text.find_first_of("/?#", rest);
  std::string authority = text.substr(rest, slash == std::string::npos ? std::string::npos : slash - rest);
  if (authority.find('@') != std::string::npos) return false;
  url.target = slash == std::string::npos ? "/" : text.substr(slash);
  if (url.target[0] != '/') url.target = "/" + url.target;
  size_t hash = url.target.find('#');
  if (hash != std::string::npos) url.target.erase(hash);
  url.port = url.tls ? 443 : 80;
  size_t colon = authority.rfind(':');
  if (colon != std::string::npos) {
    std::string port = authority.substr(colon + 1);
    if (port.empty() || port.size() > 5 || !std::all_of(port.begin(), port.end(), ::isdigit)) return false;
    url.port = std::stoi(port);
    authority = authority.substr(0, colon);
  }
  url.host = lower(authority);
  return !url.host.empty() && url.port > 0 && url.port <= 65535;
}

bool urlAllowed(const Url &url) {
  for (const std::string &entry : settings::terminal().allowedUrls) {
    Url e;
    if (!parseEntry(entry, e) || e.tls != url.tls || e.host != url.host || e.port != url.port) continue;
    std::string prefix = e.target;
    if (prefix.size() > 1 && prefix.back() == '/') prefix.pop_back();
    if (prefix == "/" || url.target.rfind(prefix, 0) == 0) return true;
  }
  return false;
}

bool hostAllowed(const std::string &host, int port) {
  std::string h = lower(host);
  for (const std::string &entry : settings::terminal().allowedUrls) {
    Url e;
    if (parseEntry(entry, e) && e.host == h && e.port == port) return true;
  }
  return false;
}

}  // namespace mql::net
