//===- SelectionFilesTest.cpp - A tuned file's selection outputs ----------===//
//
// The selection header's names come from the file or from --prefix, which
// must be a C identifier; a header is written only when there is a
// configuration to select.
//
//===----------------------------------------------------------------------===//
#include "Driver/SelectionFiles.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

using namespace atfc;

namespace {

TEST(SelectionFiles, StemFromPrefixOrFile) {
  EXPECT_EQ(stemOf("gemm_v2", "dir/whatever.cu"), std::optional<std::string>("gemm_v2"));
  EXPECT_EQ(stemOf("", "dir/saxpy.cl"), selectionStem("dir/saxpy.cl"));
  EXPECT_FALSE(stemOf("2fast", "saxpy.cl"));
  EXPECT_FALSE(stemOf("a-b", "saxpy.cl"));
}

TEST(SelectionFiles, NoConfigurationWritesNoHeader) {
  const std::filesystem::path Header =
      std::filesystem::temp_directory_path() / ("driver-select-" + std::to_string(::getpid()));
  EXPECT_FALSE(writeHeader(Wisdom{}, "saxpy", Header.string()));
  EXPECT_FALSE(std::filesystem::exists(Header));
}

TEST(SelectionFiles, ADirectoryWithoutResultsHasNoSelection) {
  const std::filesystem::path Dir =
      std::filesystem::temp_directory_path() / ("driver-noresults-" + std::to_string(::getpid()));
  std::filesystem::create_directories(Dir);
  EXPECT_FALSE(writeSelectionFiles(Dir.string(), "saxpy.cl", {}, "", /*Required=*/true));
  EXPECT_FALSE(std::filesystem::exists(Dir / "saxpy_select.h"));
  std::filesystem::remove_all(Dir);
}

} // namespace
