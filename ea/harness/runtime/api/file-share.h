// Windows' file sharing rules, which MT's FileOpen follows (FILE_SHARE_READ / FILE_SHARE_WRITE,
// mql5.com/en/docs/constants/io_constants/fileflags), across every EA process of a terminal:
// an open is refused when it wants an access another open handle does not share, or refuses
// to share an access another handle has. Kept as open-file-description locks on bytes far past
// the end of the file, so they vanish with the handle (or the process).
#pragma once
#include <string>

namespace mql::files {

// Registers the handle `fd` (open read-write) as wanting `read`/`write` and sharing
// `shareRead`/`shareWrite`; false when that conflicts with another open handle.
bool share(int fd, bool read, bool write, bool shareRead, bool shareWrite);

// Whether some handle has the file at `path` open (a rename or delete would fail on Windows).
bool inUse(const std::string &path);

}  // namespace mql::files
