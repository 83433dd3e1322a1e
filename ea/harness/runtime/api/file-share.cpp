#include "file-share.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

namespace mql::files {

namespace {

// One byte per flag, beyond any real file size.
constexpr off_t base = off_t(1) << 62;
constexpr off_t accessRead = base, accessWrite = base + 1, denyRead = base + 2, denyWrite = base + 3;
constexpr off_t guard = base + 4;  // held while one open checks and registers

bool lock(int fd, short type, off_t at, bool wait) {
  struct flock l {};
  l.l_type = type;
  l.l_whence = SEEK_SET;
  l.l_start = at;
  l.l_len = 1;
  for (;;) {
    if (fcntl(fd, wait ? F_OFD_SETLKW : F_OFD_SETLK, &l) == 0) return true;
    if (errno != EINTR) return false;
  }
}

// Whether another handle holds a lock on the byte.
bool held(int fd, off_t at) {
  struct flock l {};
  l.l_type = F_WRLCK;
  l.l_whence = SEEK_SET;
  l.l_start = at;
  l.l_len = 1;
  return fcntl(fd, F_OFD_GETLK, &l) == 0 && l.l_type != F_UNLCK;
}

}  // namespace

bool share(int fd, bool read, bool write, bool shareRead, bool shareWrite) {
  lock(fd, F_WRLCK, guard, true);
  bool ok = !(read && held(fd, denyRead)) && !(write && held(fd, denyWrite)) &&
            !(!shareRead && held(fd, accessRead)) && !(!shareWrite && held(fd, accessWrite));
  if (ok) {
    if (read) lock(fd, F_RDLCK, accessRead, false);
    if (write) lock(fd, F_RDLCK, accessWrite, false);
    if (!shareRead) lock(fd, F_RDLCK, denyRead, false);
    if (!shareWrite) lock(fd, F_RDLCK, denyWrite, false);
  }
  lock(fd, F_UNLCK, guard, false);
  return ok;
}

bool inUse(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  bool busy = held(fd, accessRead) || held(fd, accessWrite);
  ::close(fd);
  return busy;
}

}  // namespace mql::files
