// Files in the terminal's sandbox (mql5.com/en/docs/files): <data folder>/MQL5/Files (MQL4/Files)
// or, with FILE_COMMON, the terminals' common folder, both named by the host. Names use `\` or
// `/` and never leave the folder. Text files are ANSI (in `codepage`) or UTF-16LE
// (FILE_UNICODE, the default); FILE_TXT lines end with \r\n, FILE_CSV fields at `delimiter`.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <map>

#include "../mql.h"
#include "file-share.h"
#include "file-text.h"
#include "settings.h"

using namespace mql;
namespace fs = std::filesystem;

namespace {

constexpr int maxOpenFiles = 64;  // ERR_TOO_MANY_FILES beyond this

struct OpenFile {
  int fd;
  int flags;
  files::Encoding encoding;
  ushort delimiter;
  long long pos = 0;
  // Opened for writing while the disk had no free space: every write fails, as on a full disk.
  bool diskFull = false;
};

std::map<int, OpenFile> handles;
int nextHandle = 1;

int fail(int err, int ret = INVALID_HANDLE) {
  mql::setLastError(err);
  return ret;
}

// The sandboxed path of an MQL file name, or "" (with ERR_WRONG_FILENAME) when it would leave
// the folder or is malformed.
std::string resolve(const string &name, bool common) {
  std::string rel = name.utf8();
  for (char &c : rel)
    if (c == '\\') c = '/';
  const std::string &root = common ? settings::terminal().commonDir : settings::terminal().filesDir;
  if (root.empty()) mql::fatal("host: the terminal settings name no files folder");
  bool bad = rel.empty() || rel.front() == '/' || rel.find(':') != std::string::npos ||
             rel.find_first_of("<>\"|?*") != std::string::npos;
  for (const auto &part : fs::path(rel))
    if (part == "..") bad = true;
  if (bad) {
    mql::setLastError(ERR_WRONG_FILENAME);
    return "";
  }
  return root + "/" + rel;
}

OpenFile *find(int handle) {
  auto it = handles.find(handle);
  if (it != handles.end()) return &it->second;
  mql::setLastError(ERR_INVALID_FILEHANDLE);
  return nullptr;
}

long long sizeOf(const OpenFile &f) {
  struct stat st {};
  return fstat(f.fd, &st) == 0 ? st.st_size : 0;
}

}  // namespace

// mql5.com/en/docs/files/fileopen. Without FILE_BIN/FILE_CSV/FILE_TXT a file is CSV; without
// FILE_ANSI text is Unicode. FILE_WRITE without FILE_READ empties the file (creating it and its
// folders); FILE_READ alone needs it to exist.
int FileOpen(const string &file_name, int open_flags, short delimiter, uint codepage) {
  bool read = open_flags & FILE_READ, write = open_flags & FILE_WRITE;
  if (!read && !write) return fail(ERR_CANNOT_OPEN_FILE);
  if (static_cast<int>(handles.size()) >= maxOpenFiles) return fail(ERR_TOO_MANY_FILES);
  std::string path = resolve(file_name, open_flags & FILE_COMMON);
  if (path.empty()) return INVALID_HANDLE;
  if (fs::is_directory(path)) return fail(ERR_FILE_IS_DIRECTORY);
  std::error_code ec;
  if (write) fs::create_directories(fs::path(path).parent_path(), ec);  // as the terminal does
  int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC | (write ? O_CREAT : 0), 0644);
  if (fd < 0) return fail(ERR_CANNOT_OPEN_FILE);
  if (!files::share(fd, read, write, open_flags & FILE_SHARE_READ, open_flags & FILE_SHARE_WRITE)) {
    ::close(fd);
    return fail(ERR_CANNOT_OPEN_FILE);
  }
  if (write && !read && ftruncate(fd, 0) != 0) {
    ::close(fd);
    return fail(ERR_CANNOT_OPEN_FILE);
  }
  bool bin = open_flags & FILE_BIN, txt = open_flags & FILE_TXT;
  OpenFile f{fd, open_flags, files::encoding(open_flags & FILE_ANSI, codepage, bin, txt), static_cast<ushort>(delimiter)};
  f.pos = files::bomSize(f.fd, f.encoding);
  // The host says how much room the disk has (its setDiskFull); asked once per file, not per write.
  f.diskFull = write && TerminalInfoInteger(TERMINAL_DISK_SPACE) == 0;
  int handle = nextHandle++;
  handles.emplace(handle, f);
  return handle;
}

// mql5.com/en/docs/files/fileclose
void FileClose(int file_handle) {
  OpenFile *f = find(file_handle);
  if (!f) return;
  ::close(f->fd);
  handles.erase(file_handle);
}

// mql5.com/en/docs/files/fileisexist
bool FileIsExist(const string &file_name, int common_flag) {
  std::string path = resolve(file_name, common_flag & FILE_COMMON);
  if (path.empty()) return false;
  if (fs::is_directory(path)) return fail(ERR_FILE_IS_DIRECTORY, false);
  if (!fs::exists(path)) return fail(ERR_FILE_NOT_EXIST, false);
  return true;
}

// mql5.com/en/docs/files/fileisending. An invalid handle reads as the end (with
// ERR_INVALID_FILEHANDLE), so a read loop over it stops.
bool FileIsEnding(int file_handle) {
  OpenFile *f = find(file_handle);
  return !f || f->pos >= sizeOf(*f);
}

// mql5.com/en/docs/files/fileseek
bool FileSeek(int file_handle, long offset, ENUM_FILE_POSITION origin) {
  OpenFile *f = find(file_handle);
  if (!f) return false;
  long long from = origin == SEEK_SET ? 0 : origin == SEEK_CUR ? f->pos : sizeOf(*f);
  if (from + offset < 0) return false;
  f->pos = from + offset;
  return true;
}

// mql5.com/en/docs/files/filereadstring: a text file's line (FILE_TXT) or field (FILE_CSV); in
// a binary file `length` characters.
string FileReadString(int file_handle, int length) {
  OpenFile *f = find(file_handle);
  if (!f) return string();
  if (!(f->flags & FILE_READ)) {
    mql::setLastError(ERR_FILE_NOTTOREAD);
    return string();
  }
  return string::fromUtf8(files::readText(f->fd, f->pos, f->encoding, f->delimiter, length));
}

// mql5.com/en/docs/files/filewritestring: returns the bytes written.
uint FileWriteString(int file_handle, const string &text_string, int length) {
  OpenFile *f = find(file_handle);
  if (!f) return 0;
  if (!(f->flags & FILE_WRITE)) return static_cast<uint>(fail(ERR_FILE_NOTTOWRITE, 0));
  if (f->diskFull) return static_cast<uint>(fail(ERR_FILE_WRITEERROR, 0));
  if (f->pos == 0 && sizeOf(*f) == 0) f->pos = files::writeBom(f->fd, f->encoding);
  long long written = files::writeText(f->fd, f->pos, f->encoding, text_string.utf8(), length);
  if (written < 0) return static_cast<uint>(fail(ERR_FILE_WRITEERROR, 0));
  return static_cast<uint>(written);
}

// mql5.com/en/docs/files/filemove: an existing destination is replaced only with FILE_REWRITE;
// a file another handle has open cannot be moved or replaced (Windows' rule).
bool FileMove(const string &src_file_name, int common_flag, const string &dst_file_name, int mode_flags) {
  std::string src = resolve(src_file_name, common_flag & FILE_COMMON);
  std::string dst = resolve(dst_file_name, mode_flags & FILE_COMMON);
  if (src.empty() || dst.empty()) return false;
  if (!fs::is_regular_file(src)) return fail(ERR_FILE_NOT_EXIST, false);
  if (fs::exists(dst) && !(mode_flags & FILE_REWRITE)) return fail(ERR_FILE_CANNOT_REWRITE, false);
  if (files::inUse(src)) return fail(ERR_CANNOT_OPEN_FILE, false);
  if (files::inUse(dst)) return fail(ERR_FILE_CANNOT_REWRITE, false);
  if (::rename(src.c_str(), dst.c_str()) != 0) return fail(ERR_FILE_CANNOT_REWRITE, false);
  return true;
}

// mql5.com/en/docs/files/foldercreate
bool FolderCreate(const string &folder_name, int common_flag) {
  std::string path = resolve(folder_name, common_flag & FILE_COMMON);
  if (path.empty()) return fail(ERR_WRONG_DIRECTORYNAME, false);
  std::error_code ec;
  fs::create_directories(path, ec);
  if (!fs::is_directory(path)) return fail(ERR_WRONG_DIRECTORYNAME, false);
  return true;
}
