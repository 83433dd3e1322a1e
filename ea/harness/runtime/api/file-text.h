// Text in MQL files (mql5.com/en/docs/constants/io_constants/fileflags): FILE_ANSI text in a
// codepage (CP_UTF8, or CP_ACP read as Latin-1), else UTF-16LE with a byte order mark; FILE_TXT
// reads lines, FILE_CSV fields, FILE_BIN a given number of characters.
#pragma once
#include <string>
#include "../core/core.h"

namespace mql::files {

enum class Layout { Txt, Csv, Bin };
struct Encoding {
  bool unicode;  // UTF-16LE
  bool utf8;     // ANSI in CP_UTF8
  Layout layout;
};

Encoding encoding(bool ansi, uint codepage, bool bin, bool txt);

// The byte order mark's size at the start of a Unicode text file (0 when absent).
long long bomSize(int fd, const Encoding &e);
// Starts an empty Unicode text file with its byte order mark; returns the position after it.
long long writeBom(int fd, const Encoding &e);

// Reads from `pos` (advanced past the line end or delimiter); returns UTF-8.
std::string readText(int fd, long long &pos, const Encoding &e, ushort delimiter, int length);
// Writes UTF-8 `text` at `pos` (advanced); `length` limits the characters in binary files.
// Returns the bytes written, or -1.
long long writeText(int fd, long long &pos, const Encoding &e, const std::string &text, int length);

}  // namespace mql::files
