// Values on the host socket (ea/harness/README.md): enum arguments travel as their constant
// names (constants.json), strings as UTF-8, and return values are checked for their type, so a
// host that answers with the wrong kind of value stops the EA instead of reading as 0.
#pragma once
#include <string>
#include "../core/core.h"
#include "constants.h"
#include "host.h"

namespace mql::wire {

using json = host::json;

// The name of `value` in constants.json's `group` (the number itself when it has none, which
// the host refuses by name).
json enumArg(const char *group, long long value);
// An enum field the host sent by name (or number) -> its value in `group`.
long long enumValue(const char *group, const json &v, const char *what);

json str(const string &s);

// A call with positional arguments (always a JSON array, whatever the arguments look like).
template <class... A>
host::Reply call(const char *name, const A &...args) {
  return host::call(name, json::array({json(args)...}));
}

// The reply's `ret`, as the MQL return type of `call`.
double asDouble(const json &ret, const char *call);
long long asLong(const json &ret, const char *call);
bool asBool(const json &ret, const char *call);
string asString(const json &ret, const char *call);

// `out.<name>` of a reply; a missing one is the host's bug.
const json &out(const host::Reply &r, const char *name, const char *call);

// Struct fields the host sent (absent fields are 0, as in a zeroed MQL struct).
double num(const json &obj, const char *field);
long long integer(const json &obj, const char *field);
string text(const json &obj, const char *field);

}  // namespace mql::wire
