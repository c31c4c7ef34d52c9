//===- KernelDataTest.cpp - A kernel's data files and fills ---------------===//
//
// Data paths relative to the annotated file, problems reported at their
// clause, and the data key that changes with the files' contents.
//
//===----------------------------------------------------------------------===//
#include "runtime/KernelData.h"

#include "../ScopedTempDirectory.h"
#include "KernelData/NumpyArray.h"
#include "System/RegularFiles.h"

#include <gtest/gtest.h>

#include <fstream>

namespace atfc {
namespace {

TEST(KernelData, PathsAreRelativeToTheAnnotatedFile) {
  EXPECT_EQ(pathBesideFile("x.npy", "/p/q/k.cl"), "/p/q/x.npy");
  EXPECT_EQ(pathBesideFile("../d/x.npy", "/p/q/k.cl"), "/p/d/x.npy");
  EXPECT_EQ(pathBesideFile("/abs/x.npy", "/p/q/k.cl"), "/abs/x.npy");
}

TEST(KernelData, ProblemsAreReportedAtTheirClause) {
  test::ScopedTempDirectory Dir("atfc-kernel-data");
  const std::string File = (Dir.path() / "k.cl").string();
  const float Values[4] = {1, 2, 3, 4};
  std::ofstream(Dir.path() / "x.npy", std::ios::binary)
      << numpyFileBytes(ElementType::Float, 4, reinterpret_cast<const unsigned char *>(Values));

  Expected<std::vector<KernelArgument>> Good = preparedKernelArguments(
      {KernelArgument::buffer<float>(4).withData("x.npy", 3, 40),
       KernelArgument::buffer<int>(4).withFill(BufferContents::Constant, "0", "", 4, 40)},
      File);
  ASSERT_TRUE(Good) << Good.error().message();
  EXPECT_EQ((*Good)[0].DataFile, (Dir.path() / "x.npy").string());
  // The digest the results key has travels to every worker, which
  // verifies it (NumpyArray.h); a fill has none.
  EXPECT_EQ((*Good)[0].DataDigest, *hashRegularFile((Dir.path() / "x.npy").string()));
  EXPECT_EQ((*Good)[1].DataDigest, "");

  Expected<std::vector<KernelArgument>> Sized =
      preparedKernelArguments({KernelArgument::buffer<float>(5).withData("x.npy", 3, 40)}, File);
  ASSERT_FALSE(Sized);
  EXPECT_EQ(Sized.error().location().Line, 3u);
  EXPECT_EQ(Sized.error().location().Column, 40u);
  EXPECT_EQ(Sized.error().message(),
            "'x.npy' holds 4 elements (shape (4,)); the argument has 5 (for buffer<float>(5))");

  Expected<std::vector<KernelArgument>> Fill = preparedKernelArguments(
      {KernelArgument::buffer<std::uint8_t>(4).withFill(BufferContents::Constant, "300", "", 7, 2)},
      File);
  ASSERT_FALSE(Fill);
  EXPECT_EQ(Fill.error().location().Line, 7u);
  EXPECT_EQ(Fill.error().message(), "fill 300 does not fit uint8_t, which holds 0 to 255");
}

TEST(KernelData, TheKeyFollowsTheContents) {
  test::ScopedTempDirectory Dir("atfc-kernel-data");
  const std::string File = (Dir.path() / "k.cl").string();
  const std::vector<KernelArgument> Arguments = {
      KernelArgument::buffer<float>(4).withData("x.bin", 1, 1)};
  EXPECT_EQ(*kernelDataKey({KernelArgument::buffer<float>(4)}, std::nullopt, File), "")
      << "no data files, no key: the keys of earlier runs stay as they were";
  std::ofstream(Dir.path() / "x.bin") << "0123456789abcdef";
  const std::string First = *kernelDataKey(Arguments, std::nullopt, File);
  EXPECT_EQ(First.size(), 32u);
  EXPECT_EQ(*kernelDataKey(Arguments, std::nullopt, File), First);
  std::ofstream(Dir.path() / "x.bin") << "0123456789abcdeF";
  EXPECT_NE(*kernelDataKey(Arguments, std::nullopt, File), First);

  CheckSetup Gold;
  Gold.GoldFile = "y.bin";
  EXPECT_FALSE(kernelDataKey(Arguments, Gold, File)) << "a gold file that cannot be read";
  std::ofstream(Dir.path() / "y.bin") << "expected";
  EXPECT_NE(*kernelDataKey(Arguments, Gold, File), *kernelDataKey(Arguments, std::nullopt, File));
}

} // namespace
} // namespace atfc
