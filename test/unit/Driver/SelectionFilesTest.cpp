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
#include <sstream>
#include <unistd.h>

using namespace atfc;

namespace {

TEST(SelectionFiles, StemFromPrefixOrFile) {
  std::ostringstream Errors;
  DiagnosticSink Diags(Errors);
  EXPECT_EQ(stemOf("gemm_v2", "dir/whatever.cu", Diags), std::optional<std::string>("gemm_v2"));
  EXPECT_EQ(stemOf("", "dir/saxpy.cl", Diags), selectionStem("dir/saxpy.cl"));
  EXPECT_EQ(Errors.str(), "");
  EXPECT_FALSE(stemOf("2fast", "saxpy.cl", Diags));
  EXPECT_FALSE(stemOf("a-b", "saxpy.cl", Diags));
  EXPECT_EQ(Errors.str(), "atfc: error: --prefix '2fast' is not a C identifier\n"
                          "atfc: error: --prefix 'a-b' is not a C identifier\n");
}

TEST(SelectionFiles, NoConfigurationWritesNoHeader) {
  const std::filesystem::path Header =
      std::filesystem::temp_directory_path() / ("driver-select-" + std::to_string(::getpid()));
  std::ostringstream Errors;
  DiagnosticSink Diags(Errors);
  EXPECT_FALSE(writeHeader(Wisdom{}, "saxpy", Header.string(), Diags));
  EXPECT_NE(Errors.str().find("no tuned configuration to select from"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(Header));
}

TEST(SelectionFiles, ADirectoryWithoutResultsHasNoSelection) {
  const std::filesystem::path Dir =
      std::filesystem::temp_directory_path() / ("driver-noresults-" + std::to_string(::getpid()));
  std::filesystem::create_directories(Dir);
  std::ostringstream Errors;
  DiagnosticSink Diags(Errors);
  std::string Said;
  llvm::raw_string_ostream Out(Said);
  EXPECT_FALSE(writeSelectionFiles(Dir.string(), "saxpy.cl", {}, std::nullopt, "",
                                   /*Required=*/true, Diags, Out));
  EXPECT_NE(Errors.str().find("atfc: error: "), std::string::npos) << Errors.str();
  EXPECT_EQ(Out.str(), "");
  EXPECT_FALSE(std::filesystem::exists(Dir / "saxpy_select.h"));
  std::filesystem::remove_all(Dir);
}

} // namespace
