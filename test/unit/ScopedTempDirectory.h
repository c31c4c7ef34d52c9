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

} // namespace atfc::test

#endif
