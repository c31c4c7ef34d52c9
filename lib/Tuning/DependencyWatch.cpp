//===- Tuning/DependencyWatch.cpp - Files that must not change mid-run ----===//
#include "Tuning/DependencyWatch.h"

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
  S.Device = Status.st_dev;
  S.Inode = Status.st_ino;
  S.Size = static_cast<unsigned long long>(Status.st_size);
  S.ModifiedNanoseconds = static_cast<unsigned long long>(Status.st_mtim.tv_sec) * 1000000000ULL +
                          static_cast<unsigned long long>(Status.st_mtim.tv_nsec);
  S.Exists = true;
  return S;
}

std::optional<std::string> DependencyWatch::changed() const {
  for (const Seen &File : Files)
    if (look(File.Path) != File)
      return File.Path;
  return std::nullopt;
}

} // namespace atfc
