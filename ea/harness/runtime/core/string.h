// MQL's string (mql5.com/en/docs/basis/types/stringconst). Held as UTF-8 bytes: for the ASCII
// text our EAs handle (the lint keeps sources ASCII; protocol text is ASCII) lengths and
// positions equal MQL's UTF-16 units. Converts from numbers where MQL does: `(string)x` and
// `s + x` (mql5.com/en/docs/basis/types/casting, "Typecasting for the string type").
#pragma once
#include <string>
#include <type_traits>
#include "types.h"

namespace mql {

std::string formatNumber(double value);  // (string)double: shortest form that reads back
std::string formatNumber(long long value);
std::string formatNumber(unsigned long long value);

class String {
 public:
  String() = default;
  String(const char *s) : s_(s ? s : "") {}  // NULL is the empty string
  String(const std::string &s) : s_(s) {}
  template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  explicit String(T v)
      : s_(std::is_signed_v<T> ? formatNumber(static_cast<long long>(v))
                               : formatNumber(static_cast<unsigned long long>(v))) {}
  explicit String(double v) : s_(formatNumber(v)) {}
  explicit String(bool v) : s_(v ? "true" : "false") {}

  static String fromUtf8(const std::string &utf8) { return String(utf8); }
  const std::string &utf8() const { return s_; }
  const char *c_str() const { return s_.c_str(); }
  int length() const { return static_cast<int>(s_.size()); }
  std::string &raw() { return s_; }

  String &operator+=(const String &o) {
    s_ += o.s_;
    return *this;
  }
  template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
  String &operator+=(T v) {
    s_ += String(v).s_;
    return *this;
  }
  friend String operator+(const String &a, const String &b) { return String(a.s_ + b.s_); }
  template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
  friend String operator+(const String &a, T v) {
    return a + String(v);
  }
  template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
  friend String operator+(T v, const String &a) {
    return String(v) + a;
  }
  friend bool operator==(const String &a, const String &b) { return a.s_ == b.s_; }
  friend bool operator!=(const String &a, const String &b) { return a.s_ != b.s_; }
  friend bool operator<(const String &a, const String &b) { return a.s_ < b.s_; }
  friend bool operator>(const String &a, const String &b) { return a.s_ > b.s_; }
  friend bool operator<=(const String &a, const String &b) { return a.s_ <= b.s_; }
  friend bool operator>=(const String &a, const String &b) { return a.s_ >= b.s_; }

 private:
  std::string s_;
};

}  // namespace mql

typedef mql::String string;
// Every string literal of the translated sources (ea/harness/translate): an MQL string, so
// `"a" + b` concatenates as in MQL instead of doing pointer arithmetic as in C++.
#define _S(literal) (::mql::String(literal))
