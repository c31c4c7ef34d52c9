//===- MeasurersTest.cpp - The measurer a file asks for -------------------===//
//
// makeMeasurer's refusals: each says what the file lacks, before anything
// is started.
//
//===----------------------------------------------------------------------===//
#include "runtime/ConfigurationMeasurer.h"

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace atfc {
namespace {

std::string refusal(const TuningSetup &Setup, const MeasurerContext &Context) {
  Expected<std::unique_ptr<ConfigurationMeasurer>> Made = makeMeasurer(Setup, Context);
  EXPECT_FALSE(Made);
  return Made ? std::string() : Made.error().message();
}

TEST(Measurers, AFileThatSaysNotHowToMeasureIsRefused) {
  TuningSetup Setup;
  EXPECT_EQ(refusal(Setup, {}),
            "the file says neither how to run a configuration (#atf::run_script) nor which "
            "kernel to measure (#atf::ocl:: or #atf::cuda:: directives)");
  Setup.Kind = MeasurementKind::OpenCL;
  EXPECT_EQ(refusal(Setup, {}),
            "the file names no kernel to measure: add #atf::ocl::kernel_name (or cuda::)");
  Setup.KernelName = "saxpy";
  EXPECT_EQ(refusal(Setup, {}), "the file gives no launch sizes");
}

TEST(Measurers, AWorkDirectoryThatCannotBeMadeIsRefused) {
  const test::ScopedTempDirectory Scratch("atfc-measurers");
  const std::filesystem::path &Dir = Scratch.path();
  std::ofstream(Dir / "file") << "x"; // a file where the output directory should be
  TuningSetup Setup;
  Setup.RunScript = "true";
  MeasurerContext Context;
  Context.FileName = (Dir / "k.sh").string();
  Context.OutputDirectory = (Dir / "file").string();
  const std::string Why = refusal(Setup, Context);
  EXPECT_EQ(Why.rfind("cannot create '" + (Dir / "file").string() + "': ", 0), 0u) << Why;
  Context.OutputDirectory = (Dir / "out").string();
  Expected<std::unique_ptr<ConfigurationMeasurer>> Made = makeMeasurer(Setup, Context);
  EXPECT_TRUE(Made) << Made.error().message();
}

} // namespace
} // namespace atfc
