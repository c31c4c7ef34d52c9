//===- Tuning/DependencyWatch.h - Files that must not change -*- C++ -*-===//
//
// A run's results key covers the files its measurements depend on (the
// scripts, headers and data atfc found: Driver/MeasuredFiles.h) as they
// were when it began. A file edited during the run would file the results
// measured with its new contents under the key of its old ones, and a
// later run would reuse them. The loop asks the watch after every
// measurement, and stops the run when one changed.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TUNING_DEPENDENCYWATCH_H
#define ATFC_TUNING_DEPENDENCYWATCH_H

#include <optional>
#include <string>
#include <vector>

namespace atfc {

class DependencyWatch {
public:
  /// Watches Paths as they are now; a path that cannot be looked at now
  /// is watched for appearing.
  explicit DependencyWatch(std::vector<std::string> Paths);

  /// The first watched path that was written, replaced, removed or
  /// created since the watch began; nullopt when none. A look at each
  /// file's status, not its contents: cheap after every measurement.
  std::optional<std::string> changed() const;

private:
  /// What a look at a path saw; all zero when it could not be looked at.
  struct Seen {
    std::string Path;
    unsigned long long Device = 0, Inode = 0, Size = 0, ModifiedNanoseconds = 0;
    bool Exists = false;
    bool operator==(const Seen &) const = default;
  };
  static Seen look(const std::string &Path);

  std::vector<Seen> Files;
};

} // namespace atfc

#endif
