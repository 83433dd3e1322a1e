// MQL arrays (mql5.com/en/docs/basis/variables#array_define): every `T x[]` is dynamic, every
// `T x[N]` and every array with an initializer is static (ArrayResize fails on it). An index
// out of range stops the program with "array out of range", as MT does.
#pragma once
#include <initializer_list>
#include <vector>
#include "types.h"

namespace mql {

struct FixedSize {
  int n;
};

[[noreturn]] void arrayOutOfRange(int index, int size);

template <class T>
class Array {
  // std::vector<bool> packs bits and cannot hand out bool&: bools live in a cell of their own.
  struct BoolCell {
    bool v = false;
  };
  using Cell = std::conditional_t<std::is_same_v<T, bool>, BoolCell, T>;
  static T &ref(Cell &c) {
    if constexpr (std::is_same_v<T, bool>)
      return c.v;
    else
      return c;
  }
  static const T &ref(const Cell &c) {
    if constexpr (std::is_same_v<T, bool>)
      return c.v;
    else
      return c;
  }

 public:
  Array() = default;
  explicit Array(FixedSize f) : cells_(f.n > 0 ? f.n : 0), fixed_(true) {}
  Array(std::initializer_list<T> init) : fixed_(true) {
    for (const T &v : init) {
      cells_.emplace_back();
      ref(cells_.back()) = v;
    }
  }

  int size() const { return static_cast<int>(cells_.size()); }
  bool isFixed() const { return fixed_; }
  T *data() {
    static_assert(!std::is_same_v<T, bool>, "no raw data of a bool array");
    return cells_.data();
  }
  const T *data() const {
    static_assert(!std::is_same_v<T, bool>, "no raw data of a bool array");
    return cells_.data();
  }
  // ArrayResize: false on a static array; `reserve` is extra capacity kept for growth.
  bool resize(int n, int reserve = 0) {
    if (fixed_ || n < 0) return false;
    if (reserve > 0 && cells_.capacity() < static_cast<size_t>(n + reserve))
      cells_.reserve(n + reserve);
    cells_.resize(n);
    return true;
  }
  void clear() {
    if (!fixed_) cells_.clear();
  }
  T &operator[](int i) {
    if (i < 0 || i >= size()) arrayOutOfRange(i, size());
    return ref(cells_[i]);
  }
  const T &operator[](int i) const {
    if (i < 0 || i >= size()) arrayOutOfRange(i, size());
    return ref(cells_[i]);
  }

 private:
  std::vector<Cell> cells_;
  bool fixed_ = false;
};

}  // namespace mql
