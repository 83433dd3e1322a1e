// MQL's scalar types on Linux x86-64 (mql5.com/en/docs/basis/types/integer): char is signed,
// long/ulong are 64-bit as in MQL, datetime is seconds since 1970 and color a 32-bit BGR value.
#pragma once
#include <cstdint>
#include <string>

typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef long long datetime;  // mql5.com/en/docs/basis/types/integer/datetime
typedef unsigned int color;  // mql5.com/en/docs/basis/types/integer/color

static_assert(sizeof(long) == 8, "MQL long is 64-bit");
static_assert(static_cast<char>(-1) < 0, "MQL char is signed");

namespace mql {

// _LastError: mql5.com/en/docs/check/getlasterror
extern int lastError;
inline void setLastError(int code) { lastError = code; }

// Where Print/Alert/Comment text goes (implemented by the terminal layer, runtime/api).
enum class JournalKind { Print, Alert, Comment, Error };
void journal(JournalKind kind, const std::string &utf8);

// A runtime error that stops the EA as MT does ("array out of range in ...").
[[noreturn]] void fatal(const std::string &message);

}  // namespace mql
