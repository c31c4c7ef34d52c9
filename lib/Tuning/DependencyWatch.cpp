//===- Tuning/DependencyWatch.cpp - Files that must not change mid-run ----===//
#include "Tuning/DependencyWatch.h"

#include <algorithm>
#include <sys/stat.h>

namespace atfc {

DependencyWatch::DependencyWatch(std::vector<std::string> Paths) {
  for (std::string &Path : Paths)
    Files.push_back(look(Path));
}

DependencyWatch::Seen DependencyWatch::look(const std::string &Path) {
  Seen S;
  S.Path = Path;
  struct stat Status;
  if (::stat(Path.c_str(), &Status) != 0)
    return S;
  auto Nanoseconds = [](const struct timespec &T) {
    return static_cast<unsigned long long>(T.tv_sec) * 1000000000ULL +
           static_cast<unsigned long long>(T.tv_nsec);
  };
  S.Fields[0] = Status.st_dev;
  S.Fields[1] = Status.st_ino;
  S.Fields[2] = static_cast<unsigned long long>(Status.st_size);
  S.Fields[3] = Nanoseconds(Status.st_mtim);
  S.Fields[4] = 1; // it exists
  return S;
}

bool DependencyWatch::Seen::operator==(const Seen &Other) const {
  return std::equal(std::begin(Fields), std::end(Fields), std::begin(Other.Fields));
}

std::optional<std::string> DependencyWatch::changed() const {
  for (const Seen &File : Files)
    if (!(look(File.Path) == File))
      return File.Path;
  return std::nullopt;
}

} // namespace atfc
