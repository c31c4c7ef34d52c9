//===- ReplayBackendTest.cpp - Costs looked up in recorded data -------------===//
//
// The replay backend finds every recorded configuration, by parameter name,
// with its cost or its failure.
//
//===----------------------------------------------------------------------===//
#include "Replay/ReplayBackend.h"
#include "../Results/RecordedDataFiles.h"
#include "Replay/RecordedSpace.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <set>
#include <sstream>

using namespace atfc;
using namespace atfc::test;

namespace {

namespace fs = std::filesystem;

ParameterValues named(const std::vector<std::string> &Names, const std::vector<Value> &Values) {
  ParameterValues P;
  for (std::size_t K = 0; K < Names.size(); ++K)
    P.push_back({Names[K], Values[K]});
  return P;
}

TEST(ReplayBackendTest, LooksUpCostsAndFailures) {
  RecordedData D = kernelTunerData();
  ReplayBackend B(D, {"BS", "WPT", "PREC"});
  ASSERT_TRUE(B.ok()) << B.error();
  ASSERT_TRUE(B.optimum());
  EXPECT_EQ(*B.optimum(), std::vector<double>{1.25});
  const std::vector<std::string> N = {"BS", "WPT", "PREC"};

  Measurement M = B.measure(named(N, {I(32), I(1), I(32)}));
  EXPECT_TRUE(M.Valid);
  EXPECT_EQ(M.Costs, std::vector<double>{3.5});

  M = B.measure(named(N, {I(16), I(4), I(32)}));
  EXPECT_FALSE(M.Valid);
  EXPECT_EQ(M.Failure, FailureKind::BuildFailed);
  EXPECT_EQ(M.Reason, "CompilationFailedConfig");
  EXPECT_EQ(B.measure(named(N, {I(16), I(2), I(32)})).Failure, FailureKind::RunFailed);

  M = B.measure(named(N, {I(32), I(2), I(32)}));
  EXPECT_FALSE(M.Valid);
  EXPECT_EQ(M.Failure, FailureKind::NotRecorded);
  // An unsigned 32 of a directive's space finds the data's signed 32.
  M = B.measure(named(N, {Value(std::uint64_t(32)), Value(std::uint64_t(4)), I(32)}));
  EXPECT_TRUE(M.Valid);
  EXPECT_EQ(M.Costs, std::vector<double>{1.25});
}

TEST(ReplayBackendTest, MatchesParametersByName) {
  RecordedData D = kernelTunerData();
  // Another order, and the constant PREC left out of the space.
  ReplayBackend B(D, {"WPT", "BS"});
  ASSERT_TRUE(B.ok()) << B.error();
  Measurement M = B.measure(named({"WPT", "BS"}, {I(4), I(32)}));
  EXPECT_TRUE(M.Valid);
  EXPECT_EQ(M.Costs, std::vector<double>{1.25});
  EXPECT_EQ(B.find(std::vector<Value>{I(1), I(16)}), std::optional<std::size_t>(1));

  ReplayBackend Missing(D, {"BS", "WPT", "PREC", "EXTRA"});
  EXPECT_EQ(Missing.error(), "the space's parameter 'EXTRA' is not in the data");
  EXPECT_FALSE(
      Missing.measure(named({"BS", "WPT", "PREC", "EXTRA"}, {I(32), I(4), I(32), I(1)})).Valid);
  ReplayBackend Varying(D, {"BS"});
  EXPECT_EQ(Varying.error(),
            "the data's parameter 'WPT' varies but is not a parameter of the space");
}

TEST(ReplayBackendTest, FindsEveryEntryOfTheRecordedSpace) {
  RecordedData D = kernelTunerData();
  const RecordedSpace S = buildRecordedSpace(D).take();
  ReplayBackend B(D, D.Parameters);
  for (std::uint64_t Leaf = 0; Leaf < 5; ++Leaf)
    EXPECT_EQ(B.find(S.Space.values(Configuration{{Leaf}})),
              std::optional<std::size_t>(S.EntryOfLeaf[Leaf]));
}

} // namespace
