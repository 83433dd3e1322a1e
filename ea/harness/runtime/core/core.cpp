// The language layer's functions (declared in functions.h), each after its MQL reference page;
// the string functions are in string-functions.cpp.
#include <openssl/evp.h>
#include <openssl/sha.h>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include "core.h"

namespace mql {

int lastError = 0;

void fatal(const std::string &message) {
  journal(JournalKind::Error, message);
  std::exit(3);
}

void arrayOutOfRange(int index, int size) {
  fatal("array out of range (index " + std::to_string(index) + ", size " + std::to_string(size) +
        ")");
}

std::string formatNumber(long long value) { return std::to_string(value); }
std::string formatNumber(unsigned long long value) { return std::to_string(value); }

// (string)double: the shortest text that reads back as the same double (MQL prints e.g.
// "1.08342", "0.1", "100.0" as "100").
std::string formatNumber(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, value);
  return std::string(buf, r.ptr);
}

std::string joinPrintArgs() { return ""; }

std::vector<std::string> splitFormat(const std::string &format) {
  std::vector<std::string> parts{""};
  for (size_t i = 0; i < format.size(); i++) {
    char c = format[i];
    if (c != '%') {
      parts.back() += c;
      continue;
    }
    if (i + 1 < format.size() && format[i + 1] == '%') {
      parts.back() += '%';
      i++;
      continue;
    }
    size_t end = i + 1;
    while (end < format.size() && std::strchr("-+ #0123456789.hlIL", format[end])) end++;
    if (end >= format.size()) {
      parts.back() += format.substr(i);
      break;
    }
    parts.push_back(format.substr(i, end - i + 1));
    parts.emplace_back();
    i = end;
  }
  return parts;
}

// A spec with MQL's length modifiers (h, l, ll, I64) replaced by `length`.
static std::string withLength(const std::string &spec, const char *length) {
  std::string flags;
  for (size_t i = 0; i + 1 < spec.size(); i++) {
    char c = spec[i];
    if (c == 'h' || c == 'l' || c == 'L') continue;
    if (c == 'I' && spec.compare(i, 3, "I64") == 0) {
      i += 2;
      continue;
    }
    flags += c;
  }
  return flags + length + spec.back();
}

static std::string printfOne(const std::string &spec, auto value) {
  int n = std::snprintf(nullptr, 0, spec.c_str(), value);
  std::string out(n > 0 ? n : 0, '\0');
  std::snprintf(out.data(), out.size() + 1, spec.c_str(), value);
  return out;
}

std::string formatOne(const std::string &spec, const String &v) {
  if (spec.back() != 's') return spec + "?";
  return printfOne(withLength(spec, ""), v.c_str());
}

std::string formatOne(const std::string &spec, long long v) {
  char conv = spec.back();
  if (std::strchr("fFeEgGaA", conv)) return printfOne(withLength(spec, ""), static_cast<double>(v));
  if (conv == 's') return printfOne(withLength(spec, ""), std::to_string(v).c_str());
  if (conv == 'c') return printfOne(withLength(spec, ""), static_cast<int>(v));
  return printfOne(withLength(spec, "ll"), v);
}

std::string formatOne(const std::string &spec, double v) {
  char conv = spec.back();
  if (std::strchr("diouxXc", conv)) return formatOne(spec, static_cast<long long>(v));
  if (conv == 's') return printfOne(withLength(spec, ""), formatNumber(v).c_str());
  return printfOne(withLength(spec, ""), v);
}

}  // namespace mql

using mql::Array;

// mql5.com/en/docs/convert/integertostring
string IntegerToString(long number, int str_len, ushort fill_symbol) {
  std::string s = std::to_string(number);
  if (str_len > 0 && static_cast<int>(s.size()) < str_len)
    s = std::string(str_len - s.size(), static_cast<char>(fill_symbol)) + s;
  return string(s);
}

// mql5.com/en/docs/convert/doubletostring: digits 0..16, negative = scientific with -digits.
string DoubleToString(double value, int digits) {
  char buf[512];
  if (digits < 0)
    std::snprintf(buf, sizeof buf, "%.*e", std::min(-digits, 16), value);
  else
    std::snprintf(buf, sizeof buf, "%.*f", std::min(digits, 16), value);
  return string(buf);
}

// mql5.com/en/docs/convert/stringtointeger: leading digits; anything else stops the number.
long StringToInteger(const string &value) { return std::strtoll(value.c_str(), nullptr, 10); }

// mql5.com/en/docs/convert/stringtodouble
double StringToDouble(const string &value) { return std::strtod(value.c_str(), nullptr); }

// mql5.com/en/docs/convert/shorttostring: one character, UTF-8 encoded here.
string ShortToString(ushort c) {
  std::string s;
  if (c < 0x80) {
    s += static_cast<char>(c);
  } else if (c < 0x800) {
    s += static_cast<char>(0xC0 | (c >> 6));
    s += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    s += static_cast<char>(0xE0 | (c >> 12));
    s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (c & 0x3F));
  }
  return string(s);
}

// mql5.com/en/docs/convert/stringtochararray: the text's bytes and a terminating 0 (the count
// includes it), from `start`; a dynamic array grows to fit. Both code pages give the same bytes
// for the ASCII text the EAs send.
template <class C>
static int toChars(const string &text, Array<C> &array, int start, int count) {
  const std::string &s = text.utf8();
  int n = static_cast<int>(s.size()) + 1;
  if (count >= 0 && count < n) n = count;
  if (start < 0) return 0;
  if (array.size() < start + n && !array.resize(start + n)) n = std::max(0, array.size() - start);
  for (int i = 0; i < n; i++) array[start + i] = i < static_cast<int>(s.size()) ? static_cast<C>(s[i]) : 0;
  return n;
}
int StringToCharArray(const string &text, Array<uchar> &array, int start, int count, uint) {
  return toChars(text, array, start, count);
}
int StringToCharArray(const string &text, Array<char> &array, int start, int count, uint) {
  return toChars(text, array, start, count);
}

// mql5.com/en/docs/convert/chararraytostring: up to `count` bytes (-1: all), stopping at 0.
template <class C>
static string fromChars(const Array<C> &array, int start, int count) {
  std::string s;
  int end = (count < 0) ? array.size() : std::min(array.size(), start + count);
  for (int i = std::max(0, start); i < end && array[i] != 0; i++) s += static_cast<char>(array[i]);
  return string(s);
}
string CharArrayToString(const Array<uchar> &array, int start, int count, uint) {
  return fromChars(array, start, count);
}
string CharArrayToString(const Array<char> &array, int start, int count, uint) {
  return fromChars(array, start, count);
}

// mql5.com/en/docs/math/mathrand: the C library's generator, 0 .. 32767 like MQL's.
static unsigned long randState = 1;
int MathRand() {
  randState = randState * 214013UL + 2531011UL;
  return static_cast<int>((randState >> 16) & 0x7FFF);
}
void MathSrand(int seed) { randState = static_cast<unsigned int>(seed); }

// mql5.com/en/docs/convert/normalizedouble
double NormalizeDouble(double value, int digits) {
  if (digits < 0) digits = 0;
  if (digits > 8) digits = 8;
  double scale = std::pow(10.0, digits);
  return std::round(value * scale) / scale;
}

// mql5.com/en/docs/common/cryptencode
int CryptEncode(int method, const Array<uchar> &data, const Array<uchar> &, Array<uchar> &result) {
  const unsigned char *in = data.size() ? data.data() : reinterpret_cast<const unsigned char *>("");
  std::vector<unsigned char> out;
  if (method == 4 || method == 5) {  // CRYPT_HASH_SHA1, CRYPT_HASH_SHA256
    out.resize(method == 4 ? SHA_DIGEST_LENGTH : SHA256_DIGEST_LENGTH);
    if (method == 4)
      SHA1(in, data.size(), out.data());
    else
      SHA256(in, data.size(), out.data());
  } else if (method == 0) {  // CRYPT_BASE64
    out.resize(4 * ((data.size() + 2) / 3) + 1);
    int n = EVP_EncodeBlock(out.data(), in, data.size());
    out.resize(n);
  } else {
    mql::setLastError(4029);
    return 0;
  }
  result.resize(static_cast<int>(out.size()));
  for (size_t i = 0; i < out.size(); i++) result[static_cast<int>(i)] = out[i];
  return static_cast<int>(out.size());
}

namespace mql {

static std::map<std::string, std::function<void(const std::string &)>> &inputs() {
  static std::map<std::string, std::function<void(const std::string &)>> table;
  return table;
}

void registerInput(const std::string &name, std::function<void(const std::string &)> set) {
  inputs()[name] = std::move(set);
}

bool setInput(const std::string &name, const std::string &value) {
  auto it = inputs().find(name);
  if (it == inputs().end()) return false;
  it->second(value);
  return true;
}

}  // namespace mql
