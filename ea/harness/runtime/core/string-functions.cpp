// MQL's string functions (mql5.com/en/docs/strings, declared in functions.h), each after its
// reference page. Positions are byte positions: see string.h.
#include <cctype>
#include "core.h"

using mql::Array;

// mql5.com/en/docs/strings/stringlen
int StringLen(const string &s) { return s.length(); }

// mql5.com/en/docs/strings/stringsubstr
string StringSubstr(const string &s, int start_pos, int length) {
  if (start_pos < 0 || start_pos >= s.length()) return string();
  return string(s.utf8().substr(start_pos, length < 0 ? std::string::npos : length));
}

// mql5.com/en/docs/strings/stringfind: -1 when not found.
int StringFind(const string &s, const string &match, int start_pos) {
  if (start_pos < 0) start_pos = 0;
  size_t at = s.utf8().find(match.utf8(), start_pos);
  return at == std::string::npos ? -1 : static_cast<int>(at);
}

// mql5.com/en/docs/strings/stringreplace: the number of replacements, -1 on an empty `find`.
int StringReplace(string &s, const string &find, const string &replacement) {
  if (find.length() == 0) return -1;
  std::string &raw = s.raw();
  int count = 0;
  for (size_t at = raw.find(find.utf8()); at != std::string::npos;
       at = raw.find(find.utf8(), at + replacement.length())) {
    raw.replace(at, find.length(), replacement.utf8());
    count++;
  }
  return count;
}

// mql5.com/en/docs/strings/stringsplit: the parts (an empty string gives none).
int StringSplit(const string &s, ushort separator, Array<string> &result) {
  result.resize(0);
  if (s.length() == 0) return 0;
  const std::string &raw = s.utf8();
  size_t from = 0;
  for (;;) {
    size_t at = raw.find(static_cast<char>(separator), from);
    int n = result.size();
    result.resize(n + 1);
    result[n] = string(raw.substr(from, at == std::string::npos ? std::string::npos : at - from));
    if (at == std::string::npos) break;
    from = at + 1;
  }
  return result.size();
}

// mql5.com/en/docs/strings/stringtolower, /stringtoupper
bool StringToLower(string &s) {
  for (char &c : s.raw()) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return true;
}
bool StringToUpper(string &s) {
  for (char &c : s.raw()) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return true;
}

// mql5.com/en/docs/strings/stringgetcharacter: 0 outside the string.
ushort StringGetCharacter(const string &s, int pos) {
  if (pos < 0 || pos >= s.length()) return 0;
  return static_cast<unsigned char>(s.utf8()[pos]);
}
