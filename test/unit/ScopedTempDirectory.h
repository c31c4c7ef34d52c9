//===- ScopedTempDirectory.h - A test's own temporary directory -*- C++ -*-===//
//
// A fresh directory under the system's temporary directory, removed with
// all it holds when the object goes: a test leaves nothing in /tmp, even
// when a failed assertion ends it early. mkdtemp makes the name unique, so
// tests running at the same time (ctest -j) never share one.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_UNIT_SCOPEDTEMPDIRECTORY_H
#define ATFC_TEST_UNIT_SCOPEDTEMPDIRECTORY_H

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>

namespace atfc::test {

class ScopedTempDirectory {
public:
  /// Makes TMPDIR/Prefix-XXXXXX; a failure fails the test.
  explicit ScopedTempDirectory(const std::string &Prefix) {
    std::string Template = (std::filesystem::temp_directory_path() / (Prefix + "-XXXXXX")).string();
    if (::mkdtemp(Template.data()))
      Path = Template;
    else
      ADD_FAILURE() << "cannot make a temporary directory " << Template;
  }
  ~ScopedTempDirectory() {
    std::error_code Ignored;
    if (!Path.empty())
      std::filesystem::remove_all(Path, Ignored);
  }
  ScopedTempDirectory(const ScopedTempDirectory &) = delete;
  ScopedTempDirectory &operator=(const ScopedTempDirectory &) = delete;

  const std::filesystem::path &path() const { return Path; }

private:
  std::filesystem::path Path;
};

/// A ScopedTempDirectory that the child of a "threadsafe" death test shares
/// with its parent. That child is this program run again, the test from its
/// start: a ScopedTempDirectory there would be a new directory of its own.
/// The parent makes this one and names it in the environment, which the
/// child inherits and takes it from; only the parent removes it. (A "fast"
/// death test, a fork, shares the parent's memory instead, but forks a
/// process whose other threads do not follow: oneTBB's workers, once a
/// space has been generated in parallel, and its exit handlers in the
/// child then called a pure virtual method.)
class DeathTestTempDirectory {
public:
  explicit DeathTestTempDirectory(const std::string &Prefix) {
    if (const char *Given = std::getenv(kVariable); Given && *Given) {
      Path = Given;
      return;
    }
    Made.emplace(Prefix);
    Path = Made->path();
    ::setenv(kVariable, Path.c_str(), 1);
  }
  ~DeathTestTempDirectory() {
    if (Made)
      ::unsetenv(kVariable);
  }
  DeathTestTempDirectory(const DeathTestTempDirectory &) = delete;
  DeathTestTempDirectory &operator=(const DeathTestTempDirectory &) = delete;

  const std::filesystem::path &path() const { return Path; }

private:
  static constexpr const char *kVariable = "ATFC_TEST_DEATH_TEST_DIRECTORY";
  std::optional<ScopedTempDirectory> Made;
  std::filesystem::path Path;
};

} // namespace atfc::test

#endif
