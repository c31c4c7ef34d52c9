//===- DeviceLimitOptionsTest.cpp - --device-limit NAME=VALUE -------------===//
//
// The option's values (valid, unknown names with a suggestion, bad values),
// a repeated name (the last wins), its way through the tuner's command line
// and invocation, and how the values land in a backend's DeviceLimits.
//
//===----------------------------------------------------------------------===//
#include "Invocation/DeviceLimitOptions.h"
#include "Invocation/TunerCommandLine.h"
#include "Invocation/TunerInvocation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace atfc;

namespace {

using Strings = std::vector<std::string>;

Expected<TunerOptions> parseLimits(const Strings &Args) { return parseTunerCommandLine(Args); }

std::string errorOf(const Strings &Args) {
  const Expected<TunerOptions> P = parseLimits(Args);
  return P ? std::string("(parsed)") : P.error().message();
}

TEST(DeviceLimitOptions, NamesAreLanguageDefsPerBackend) {
  const Strings Cuda = deviceLimitNames("cuda");
  const Strings Ocl = deviceLimitNames("ocl");
  EXPECT_NE(std::find(Cuda.begin(), Cuda.end(), "max_threads_per_block"), Cuda.end());
  EXPECT_EQ(std::find(Ocl.begin(), Ocl.end(), "max_threads_per_block"), Ocl.end());
  EXPECT_NE(std::find(Ocl.begin(), Ocl.end(), "local_mem_size"), Ocl.end());
  const Strings All = deviceLimitNames();
  EXPECT_TRUE(std::is_sorted(All.begin(), All.end()));
  EXPECT_EQ(std::adjacent_find(All.begin(), All.end()), All.end());
  for (const std::string &N : Cuda)
    EXPECT_NE(std::find(All.begin(), All.end(), N), All.end()) << N;
}

TEST(DeviceLimitOptions, ValidValuesAndTheLastOfANameWins) {
  const Expected<TunerOptions> P = parseLimits(
      {"--space", "--device-limit", "max_threads_per_block=1024", "--device-limit=max_wg_size=256",
       "--device-limit", "max_threads_per_block=512"});
  ASSERT_TRUE(P.ok()) << P.error().message();
  EXPECT_EQ(P->DeviceLimits,
            (GivenDeviceLimits{{"max_threads_per_block", 512}, {"max_wg_size", 256}}));
  EXPECT_TRUE(P->Arguments.empty());
}

TEST(DeviceLimitOptions, UnknownNameSuggestsAndListsTheNames) {
  const std::string E = errorOf({"--device-limit", "max_thread_per_block=1024"});
  EXPECT_NE(E.find("unknown device limit 'max_thread_per_block'"), std::string::npos) << E;
  EXPECT_NE(E.find("did you mean 'max_threads_per_block'?"), std::string::npos) << E;
  EXPECT_NE(E.find("local_mem_size"), std::string::npos) << E;
  const std::string Far = errorOf({"--device-limit", "registers=64"});
  EXPECT_NE(Far.find("unknown device limit 'registers'"), std::string::npos) << Far;
  EXPECT_EQ(Far.find("did you mean"), std::string::npos) << Far;
}

TEST(DeviceLimitOptions, BadValuesAreRefused) {
  for (const std::string Bad :
       {"max_wg_size", "max_wg_size=", "max_wg_size=0", "max_wg_size=-1", "max_wg_size=1.5",
        "max_wg_size=12k", "max_wg_size=0x100", "max_wg_size=18446744073709551616", "=256"}) {
    const std::string E = errorOf({"--device-limit", Bad});
    EXPECT_NE(E.find("--device-limit"), std::string::npos) << Bad << ": " << E;
  }
  EXPECT_NE(errorOf({"--device-limit", "max_wg_size=0"}).find("from 1 to"), std::string::npos);
  EXPECT_NE(errorOf({"--device-limit", "max_wg_size"}).find("NAME=VALUE"), std::string::npos);
  EXPECT_NE(errorOf({"--device-limit"}).find("needs a value"), std::string::npos);
}

TEST(DeviceLimitOptions, TravelInTheInvocation) {
  TunerOptions O;
  O.DeviceLimits = {{"local_mem_size", 49152}, {"max_wg_size", 256}};
  const Expected<TunerOptions> Back = parseLimits(tunerCommandLine(O));
  ASSERT_TRUE(Back.ok()) << Back.error().message();
  EXPECT_EQ(Back->DeviceLimits, O.DeviceLimits);
  // An option after the invocation applies on top of it.
  Strings Args = tunerCommandLine(O);
  Args.insert(Args.begin() + 2, {"--device-limit", "max_wg_size=128"});
  const Expected<TunerOptions> Over = parseLimits(Args);
  ASSERT_TRUE(Over.ok()) << Over.error().message();
  EXPECT_EQ(Over->DeviceLimits.at("max_wg_size"), 128u);
}

TEST(DeviceLimitOptions, ApplyToTheBackendsFields) {
  const Expected<DeviceLimits> Cuda = applyDeviceLimits(DeviceLimits{}, "cuda",
                                                        {{"max_threads_per_block", 1024},
                                                         {"max_block_dim_y", 64},
                                                         {"shared_mem_per_block", 49152},
                                                         {"max_grid_dim_z", 65535}});
  ASSERT_TRUE(Cuda.ok()) << Cuda.error().message();
  EXPECT_EQ(Cuda->MaxWorkGroupSize, 1024u);
  EXPECT_EQ(Cuda->MaxWorkItemSizes[1], 64u);
  EXPECT_EQ(Cuda->LocalMemorySize, 49152u);
  EXPECT_EQ(Cuda->MaxGridSize[2], 65535u);
  // Over a device's limits: only the given ones change.
  DeviceLimits Device;
  Device.MaxWorkGroupSize = 512;
  Device.LocalMemorySize = 65536;
  const Expected<DeviceLimits> Ocl = applyDeviceLimits(Device, "ocl", {{"local_mem_size", 1024}});
  ASSERT_TRUE(Ocl.ok()) << Ocl.error().message();
  EXPECT_EQ(Ocl->MaxWorkGroupSize, 512u);
  EXPECT_EQ(Ocl->LocalMemorySize, 1024u);
}

TEST(DeviceLimitOptions, AnotherBackendsNameOrTwoValuesOfOneLimitAreRefused) {
  const Expected<DeviceLimits> Foreign =
      applyDeviceLimits(DeviceLimits{}, "ocl", {{"max_threads_per_block", 256}});
  ASSERT_FALSE(Foreign.ok());
  EXPECT_NE(Foreign.error().message().find("no OpenCL device limit"), std::string::npos);
  EXPECT_NE(Foreign.error().message().find("max_wg_size"), std::string::npos);
  const Expected<DeviceLimits> Twice = applyDeviceLimits(
      DeviceLimits{}, "cuda", {{"max_threads_per_block", 256}, {"max_wg_size", 512}});
  ASSERT_FALSE(Twice.ok());
  EXPECT_NE(Twice.error().message().find("two values"), std::string::npos);
  // The same value under both names is one limit, said twice.
  EXPECT_TRUE(applyDeviceLimits(DeviceLimits{}, "cuda",
                                {{"max_threads_per_block", 256}, {"max_wg_size", 256}})
                  .ok());
}

TEST(DeviceLimitOptions, MissingAreThoseNotGiven) {
  EXPECT_EQ(missingDeviceLimits({"local_mem_size", "max_wg_size"}, {{"max_wg_size", 64}}),
            Strings{"local_mem_size"});
  EXPECT_TRUE(missingDeviceLimits({}, {}).empty());
}

} // namespace
