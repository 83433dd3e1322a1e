// The language layer's MQL functions: conversions, strings, arrays, math, crypto, journal
// output. Each names the reference page it follows (mql5.com/en/docs/...). Defaults spell
// MQL's own: WHOLE_ARRAY = -1, CP_ACP = 0 (the generated constants.h defines the names).
#pragma once
#include <algorithm>
#include <cmath>
#include <sstream>
#include <type_traits>
#include <vector>
#include "array.h"
#include "string.h"

namespace mql {
template <class T>
std::string printText(const T &v) {
  if constexpr (std::is_same_v<T, String>)
    return v.utf8();
  else if constexpr (std::is_convertible_v<T, const char *>)
    return std::string(v);
  else
    return String(v).utf8();
}
std::string joinPrintArgs();
template <class A, class... R>
std::string joinPrintArgs(const A &a, const R &...rest) {
  return printText(a) + joinPrintArgs(rest...);
}
// One printf conversion with its argument, as StringFormat applies it.
std::string formatOne(const std::string &spec, const String &v);
std::string formatOne(const std::string &spec, long long v);
std::string formatOne(const std::string &spec, double v);
template <class T>
std::string formatArg(const std::string &spec, const T &v) {
  if constexpr (std::is_same_v<T, String>)
    return formatOne(spec, v);
  else if constexpr (std::is_floating_point_v<T>)
    return formatOne(spec, static_cast<double>(v));
  else
    return formatOne(spec, static_cast<long long>(v));
}
// Splits a printf format at its conversions: literal text and specs alternate.
std::vector<std::string> splitFormat(const std::string &format);
}  // namespace mql

// Conversions: mql5.com/en/docs/convert
string IntegerToString(long number, int str_len = 0, ushort fill_symbol = ' ');
string DoubleToString(double value, int digits = 8);
long StringToInteger(const string &value);
double StringToDouble(const string &value);
string ShortToString(ushort symbol_code);
int StringToCharArray(const string &text, mql::Array<uchar> &array, int start = 0, int count = -1,
                      uint codepage = 0);
int StringToCharArray(const string &text, mql::Array<char> &array, int start = 0, int count = -1,
                      uint codepage = 0);
string CharArrayToString(const mql::Array<uchar> &array, int start = 0, int count = -1,
                         uint codepage = 0);
string CharArrayToString(const mql::Array<char> &array, int start = 0, int count = -1,
                         uint codepage = 0);

// Strings: mql5.com/en/docs/strings
int StringLen(const string &s);
string StringSubstr(const string &s, int start_pos, int length = -1);
int StringFind(const string &s, const string &match, int start_pos = 0);
int StringReplace(string &s, const string &find, const string &replacement);
int StringSplit(const string &s, ushort separator, mql::Array<string> &result);
bool StringToLower(string &s);
bool StringToUpper(string &s);
ushort StringGetCharacter(const string &s, int pos);

// mql5.com/en/docs/convert/stringformat
template <class... A>
string StringFormat(const string &format, const A &...args) {
  std::vector<std::string> parts = mql::splitFormat(format.utf8());
  std::string out = parts[0];
  size_t i = 1;
  auto one = [&](const auto &v) {
    if (i >= parts.size()) return;
    out += mql::formatArg(parts[i], v) + parts[i + 1];
    i += 2;
  };
  (one(args), ...);
  return string(out);
}

// Journal: mql5.com/en/docs/common/print, /alert, /comment
template <class... A>
void Print(const A &...args) {
  mql::journal(mql::JournalKind::Print, mql::joinPrintArgs(args...));
}
template <class... A>
void Alert(const A &...args) {
  mql::journal(mql::JournalKind::Alert, mql::joinPrintArgs(args...));
}
template <class... A>
void Comment(const A &...args) {
  mql::journal(mql::JournalKind::Comment, mql::joinPrintArgs(args...));
}

// Arrays: mql5.com/en/docs/array
template <class T>
int ArraySize(const mql::Array<T> &a) {
  return a.size();
}
template <class T>
int ArrayResize(mql::Array<T> &a, int new_size, int reserve_size = 0) {
  return a.resize(new_size, reserve_size) ? new_size : -1;
}
template <class T>
void ArrayFree(mql::Array<T> &a) {
  a.clear();
}
// mql5.com/en/docs/array/arraycopy: copies `count` (WHOLE_ARRAY: to the end) elements; a
// dynamic destination grows to fit, a static one takes what fits.
template <class T>
int ArrayCopy(mql::Array<T> &dst, const mql::Array<T> &src, int dst_start = 0, int src_start = 0,
              int count = -1) {
  if (src_start < 0 || dst_start < 0 || src_start > src.size()) return 0;
  int n = (count < 0) ? src.size() - src_start : std::min(count, src.size() - src_start);
  if (dst.size() < dst_start + n && !dst.resize(dst_start + n)) n = std::max(0, dst.size() - dst_start);
  for (int k = 0; k < n; k++) dst[dst_start + k] = src[src_start + k];
  return n;
}

// Math: mql5.com/en/docs/math
template <class T>
T MathAbs(T v) {
  return v < 0 ? -v : v;
}
template <class A, class B>
std::common_type_t<A, B> MathMin(A a, B b) {
  return a < b ? a : b;
}
template <class A, class B>
std::common_type_t<A, B> MathMax(A a, B b) {
  return a > b ? a : b;
}
inline double MathRound(double v) { return std::round(v); }
inline double MathFloor(double v) { return std::floor(v); }
inline bool MathIsValidNumber(double v) { return std::isfinite(v); }
int MathRand();  // 0 .. 32767
void MathSrand(int seed);
double NormalizeDouble(double value, int digits);

// mql5.com/en/docs/common/zeromemory
template <class T>
void ZeroMemory(T &v) {
  v = T{};
}

// mql5.com/en/docs/check/getlasterror, /resetlasterror
inline int GetLastError() { return mql::lastError; }
inline void ResetLastError() { mql::lastError = 0; }

// mql5.com/en/docs/common/cryptencode: SHA-1 (4), SHA-256 (5) and base64 (0), the methods the
// EAs use; any other fails with error 4029 (ERR_INVALID_PARAMETER).
int CryptEncode(int method, const mql::Array<uchar> &data, const mql::Array<uchar> &key,
                mql::Array<uchar> &result);
