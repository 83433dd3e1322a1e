// `input` variables (mql5.com/en/docs/basis/variables/inputvariables): the translator keeps
// them as globals and registers each with MQL_INPUT, so the terminal layer's main() can set
// them from `--input Name=Value` before OnInit, as the terminal's Inputs tab does.
#pragma once
#include <functional>
#include <string>
#include "string.h"

namespace mql {

void registerInput(const std::string &name, std::function<void(const std::string &)> set);
// False when the EA has no input of that name.
bool setInput(const std::string &name, const std::string &value);

template <class T>
struct InputRegistration {
  InputRegistration(const char *name, T &variable) {
    registerInput(name, [&variable](const std::string &value) {
      if constexpr (std::is_same_v<T, String>)
        variable = String(value);
      else if constexpr (std::is_same_v<T, bool>)
        variable = (value == "true" || value == "1");
      else if constexpr (std::is_floating_point_v<T>)
        variable = std::stod(value);
      else
        variable = static_cast<T>(std::stoll(value));
    });
  }
};

}  // namespace mql

#define MQL_INPUT(name) \
  static ::mql::InputRegistration<decltype(name)> mql_input_##name(#name, name)
