#include "wire.h"

#include <cstring>

namespace mql::wire {

json enumArg(const char *group, long long value) {
  for (const Constant &c : constants)
    if (c.value == value && std::strcmp(c.group, group) == 0) return c.name;
  return value;
}

long long enumValue(const char *group, const json &v, const char *what) {
  if (v.is_number_integer()) return v.get<long long>();
  if (v.is_string()) {
    std::string name = v.get<std::string>();
    for (const Constant &c : constants)
      if (name == c.name && std::strcmp(c.group, group) == 0) return c.value;
  }
  mql::fatal(std::string("host: ") + what + " is " + v.dump() + ", not one of " + group);
}

json str(const string &s) { return s.utf8(); }

namespace {
[[noreturn]] void wrongType(const json &ret, const char *call, const char *expected) {
  mql::fatal(std::string("host: ") + call + " returned " + ret.dump() + ", expected " + expected);
}
}  // namespace

double asDouble(const json &ret, const char *call) {
  if (!ret.is_number()) wrongType(ret, call, "a number");
  return ret.get<double>();
}

long long asLong(const json &ret, const char *call) {
  if (ret.is_boolean()) return ret.get<bool>() ? 1 : 0;
  if (!ret.is_number_integer()) wrongType(ret, call, "an integer");
  return ret.get<long long>();
}

bool asBool(const json &ret, const char *call) {
  if (ret.is_boolean()) return ret.get<bool>();
  if (ret.is_number_integer()) return ret.get<long long>() != 0;
  wrongType(ret, call, "a bool");
}

string asString(const json &ret, const char *call) {
  if (!ret.is_string()) wrongType(ret, call, "a string");
  return string::fromUtf8(ret.get<std::string>());
}

const json &out(const host::Reply &r, const char *name, const char *call) {
  if (!r.out.is_object() || !r.out.contains(name))
    mql::fatal(std::string("host: ") + call + " answered without out." + name);
  return r.out[name];
}

double num(const json &obj, const char *field) {
  if (!obj.contains(field)) return 0;
  return asDouble(obj[field], field);
}

long long integer(const json &obj, const char *field) {
  if (!obj.contains(field)) return 0;
  return asLong(obj[field], field);
}

string text(const json &obj, const char *field) {
  if (!obj.contains(field)) return string();
  return asString(obj[field], field);
}

}  // namespace mql::wire
