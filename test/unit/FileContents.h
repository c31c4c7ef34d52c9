//===- FileContents.h - A file's bytes, for tests ------------*- C++ -*-===//
//
// What a test reads back of a file it or the code under test wrote; empty
// when the file cannot be read (the test's comparison then fails).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_UNIT_FILECONTENTS_H
#define ATFC_TEST_UNIT_FILECONTENTS_H

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace atfc::test {

inline std::string fileContents(const std::filesystem::path &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::ostringstream Out;
  Out << In.rdbuf();
  return Out.str();
}

} // namespace atfc::test

#endif
