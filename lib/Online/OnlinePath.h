//===- Online/OnlinePath.h - The values a constraint reads -----*- C++ -*-===//
//
// A path of an online space: for each parameter of the tuner a pointer to
// its value (of the parameter's own type), or null where it has none yet.
// Generation fills it level by level; a measurement fills it with the
// configuration. Each thread has a current path, which a parameter read in
// a constraint or cost function finds: the program's callables take only
// the candidate value, and read the other parameters by name.
//
// Tested through OnlineSpaceTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_ONLINE_ONLINEPATH_H
#define ATFC_ONLINE_ONLINEPATH_H

#include <cstddef>
#include <limits>

namespace atfc::online {

inline constexpr std::size_t kNoIndex = std::numeric_limits<std::size_t>::max();

struct Path {
  const void *const *Slots = nullptr;
  std::size_t Size = 0;
};

/// The calling thread's current path (null outside generation and
/// measurement), and the parameter whose constraint it evaluates.
constinit inline thread_local const Path *CurrentPath = nullptr;
constinit inline thread_local std::size_t CurrentReader = kNoIndex;

/// Makes P the calling thread's current path for a scope.
class PathScope {
public:
  explicit PathScope(const Path *P) : SavedPath(CurrentPath), SavedReader(CurrentReader) {
    CurrentPath = P;
  }
  ~PathScope() {
    CurrentPath = SavedPath;
    CurrentReader = SavedReader;
  }
  PathScope(const PathScope &) = delete;
  PathScope &operator=(const PathScope &) = delete;

private:
  const Path *SavedPath;
  std::size_t SavedReader;
};

} // namespace atfc::online

#endif
