#include "file-text.h"

#include <unistd.h>

#include <vector>

namespace mql::files {

namespace {

constexpr unsigned cpUtf8 = 65001;

// UTF-8 -> code points (invalid bytes read as Latin-1, which is what they were most likely).
std::vector<unsigned> decodeUtf8(const std::string &s) {
  std::vector<unsigned> out;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = s[i];
    int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    unsigned cp = extra ? (c & (0x3F >> extra)) : c;
    bool ok = i + extra < s.size();
    for (int k = 1; ok && k <= extra; k++) {
      unsigned char d = s[i + k];
      ok = (d & 0xC0) == 0x80;
      cp = (cp << 6) | (d & 0x3F);
    }
    if (!ok) {
      out.push_back(c);
      i++;
      continue;
    }
    out.push_back(cp);
    i += extra + 1;
  }
  return out;
}

void appendUtf8(std::string &out, unsigned cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// The file's characters as code units: bytes for ANSI, 16-bit units for Unicode.
int unitSize(const Encoding &e) { return e.unicode ? 2 : 1; }

bool readUnit(int fd, long long &pos, const Encoding &e, unsigned &unit) {
  unsigned char b[2];
  int n = unitSize(e);
  if (::pread(fd, b, n, pos) != n) return false;
  pos += n;
  unit = e.unicode ? (b[0] | (b[1] << 8)) : b[0];
  return true;
}

// Code units -> UTF-8 (UTF-16 surrogate pairs joined; ANSI bytes in UTF-8 pass through).
std::string unitsToUtf8(const std::vector<unsigned> &units, const Encoding &e) {
  std::string out;
  if (!e.unicode && e.utf8) {
    for (unsigned u : units) out += static_cast<char>(u);
    return out;
  }
  for (size_t i = 0; i < units.size(); i++) {
    unsigned u = units[i];
    if (e.unicode && u >= 0xD800 && u < 0xDC00 && i + 1 < units.size()) {
      u = 0x10000 + ((u - 0xD800) << 10) + (units[++i] - 0xDC00);
    }
    appendUtf8(out, u);
  }
  return out;
}

std::string encode(const std::string &text, const Encoding &e, int length) {
  std::vector<unsigned> cps = decodeUtf8(text);
  if (e.layout == Layout::Bin && length >= 0 && static_cast<size_t>(length) < cps.size()) cps.resize(length);
  if (!e.unicode && e.utf8) {
    std::string out;
    for (unsigned cp : cps) appendUtf8(out, cp);
    return out;
  }
  std::string out;
  for (unsigned cp : cps) {
    if (!e.unicode) {
      out += static_cast<char>(cp < 0x100 ? cp : '?');
      continue;
    }
    auto unit = [&out](unsigned u) {
      out += static_cast<char>(u & 0xFF);
      out += static_cast<char>(u >> 8);
    };
    if (cp >= 0x10000) {
      unit(0xD800 + ((cp - 0x10000) >> 10));
      unit(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      unit(cp);
    }
  }
  return out;
}

}  // namespace

Encoding encoding(bool ansi, uint codepage, bool bin, bool txt) {
  return {!ansi, codepage == cpUtf8, bin ? Layout::Bin : txt ? Layout::Txt : Layout::Csv};
}

long long bomSize(int fd, const Encoding &e) {
  unsigned char b[2];
  if (!e.unicode || e.layout == Layout::Bin || ::pread(fd, b, 2, 0) != 2) return 0;
  return (b[0] == 0xFF && b[1] == 0xFE) ? 2 : 0;
}

long long writeBom(int fd, const Encoding &e) {
  if (!e.unicode || e.layout == Layout::Bin) return 0;
  const unsigned char bom[2] = {0xFF, 0xFE};
  return ::pwrite(fd, bom, 2, 0) == 2 ? 2 : 0;
}

std::string readText(int fd, long long &pos, const Encoding &e, ushort delimiter, int length) {
  std::vector<unsigned> units;
  unsigned u;
  while (readUnit(fd, pos, e, u)) {
    if (e.layout == Layout::Bin) {
      units.push_back(u);
      if (length >= 0 && static_cast<int>(units.size()) >= length) break;
      continue;
    }
    if (u == '\n' || (e.layout == Layout::Csv && u == delimiter)) break;
    units.push_back(u);
  }
  if (e.layout != Layout::Bin && !units.empty() && units.back() == '\r') units.pop_back();
  return unitsToUtf8(units, e);
}

long long writeText(int fd, long long &pos, const Encoding &e, const std::string &text, int length) {
  std::string bytes = encode(text, e, length);
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::pwrite(fd, bytes.data() + done, bytes.size() - done, pos + static_cast<long long>(done));
    if (n <= 0) return -1;
    done += static_cast<size_t>(n);
  }
  pos += static_cast<long long>(done);
  return static_cast<long long>(done);
}

}  // namespace mql::files
