//===- test/unit/Analysis/PruningTransferTest.cpp - Pruning on other data -===//
//
// A's proposals on B, computed by hand on threeParameterTable (A: best at
// B = 0; B: best at B = 1); values match numerically; the errors; and a
// property over generated tables: the pruning applied to the very data it
// was made on reproduces the proposal's own numbers.
//
//===----------------------------------------------------------------------===//
#include "Analysis/PruningTransfer.h"

#include "SyntheticData.h"

#include <gtest/gtest.h>

#include <random>

using namespace atfc;
using namespace atfc::test;

namespace {

AnalysisOptions twoClasses(FixTo Value = FixTo::Median) {
  AnalysisOptions O;
  O.CostClasses = 2;
  O.Value = Value;
  return O;
}

} // namespace

TEST(PruningTransfer, ReportsReductionAndRetentionOnTheOtherData) {
  // On A every method fixes B = 0 (SpacePruningTest): PR 1 on A. On B,
  // (1,0) 10, (2,0) 20, (3,0) 1.5 are left: 3 of 6, SSR 2, best left 1.5
  // against B's best 1.0: PR 2/3.
  Expected<DataAnalysis> A = analyzeData(threeParameterTable(), twoClasses());
  ASSERT_TRUE(A.ok());
  Expected<PruningTransfer> T = transferPruning(*A, threeParameterTable(/*BestAtB1=*/true));
  ASSERT_TRUE(T.ok()) << T.error().message();
  EXPECT_EQ(T->Configurations, 6u);
  EXPECT_EQ(T->Valid, 6u);
  ASSERT_EQ(T->Proposals.size(), 3u);
  for (const TransferredProposal &P : T->Proposals) {
    EXPECT_DOUBLE_EQ(P.OnAnalysed.performanceRetained(), 1.0);
    EXPECT_EQ(P.OnOther.Total, 6u);
    EXPECT_EQ(P.OnOther.Remaining, 3u);
    EXPECT_EQ(P.OnOther.RemainingValid, 3u);
    EXPECT_DOUBLE_EQ(P.OnOther.reduction(), 2.0);
    EXPECT_DOUBLE_EQ(P.OnOther.BestCost, 1.0);
    ASSERT_TRUE(P.OnOther.PrunedBestCost);
    EXPECT_DOUBLE_EQ(*P.OnOther.PrunedBestCost, 1.5);
    EXPECT_NEAR(P.OnOther.performanceRetained(), 2.0 / 3.0, 1e-12);
  }
  const std::string Text = formatTransfer(*T);
  EXPECT_NE(Text.find("naive             1                  3 / 6        2.0x         1.5    0.6667"
                      "         1.0000"),
            std::string::npos)
      << Text;
  const nlohmann::ordered_json J = transferToJson(*T);
  EXPECT_EQ(J["best_cost"], 1.0);
  EXPECT_EQ(J["proposals"][0]["remaining"], 3);
  EXPECT_EQ(J["proposals"][0]["fix_arguments"], "--fix B=0");
  EXPECT_NEAR(J["proposals"][0]["performance_retained"].get<double>(), 2.0 / 3.0, 1e-12);
}

TEST(PruningTransfer, NumbersMatchAcrossTheirKinds) {
  Expected<DataAnalysis> A = analyzeData(threeParameterTable(), twoClasses());
  ASSERT_TRUE(A.ok());
  RecordedData B = threeParameterTable();
  for (EvaluationRecord &E : B.Entries) // B recorded as 0.0 and 1.0
    E.Configuration[1].Val =
        Value(static_cast<double>(std::get<std::int64_t>(E.Configuration[1].Val)));
  Expected<PruningTransfer> T = transferPruning(*A, B);
  ASSERT_TRUE(T.ok());
  EXPECT_EQ(T->Proposals[0].OnOther.Remaining, 3u);
  EXPECT_TRUE(sameRecordedValue(Value(std::int64_t(16)), Value(std::uint64_t(16))));
  EXPECT_FALSE(sameRecordedValue(Value(std::int64_t(1)), Value(std::string("1"))));
  EXPECT_FALSE(sameRecordedValue(Value(std::int64_t(1)), Value(1.5)));
}

TEST(PruningTransfer, AProposalFixingAParameterTheDataLacksDoesNotApply) {
  // B recorded as BB on the other data: every proposal fixes B.
  Expected<DataAnalysis> A = analyzeData(threeParameterTable(), twoClasses());
  ASSERT_TRUE(A.ok());
  RecordedData Renamed = threeParameterTable();
  Renamed.Parameters[1] = "BB";
  Expected<PruningTransfer> T = transferPruning(*A, Renamed);
  ASSERT_TRUE(T.ok()) << T.error().message();
  EXPECT_DOUBLE_EQ(T->BestCost, 1.0);
  for (const TransferredProposal &P : T->Proposals) {
    EXPECT_EQ(P.Missing, std::vector<std::string>{"B"});
    EXPECT_EQ(P.OnOther.Total, 0u);
  }
  EXPECT_NE(
      formatTransfer(*T).find("naive             1  does not apply: the data does not record B"),
      std::string::npos)
      << formatTransfer(*T);
  EXPECT_EQ(transferToJson(*T)["proposals"][0]["missing_parameters"][0], "B");
}

TEST(PruningTransfer, SaysWhyTheDataDoNotCompare) {
  Expected<DataAnalysis> A = analyzeData(threeParameterTable(), twoClasses());
  ASSERT_TRUE(A.ok());
  RecordedData Failed = threeParameterTable();
  for (EvaluationRecord &E : Failed.Entries) {
    std::vector<Value> Values;
    for (const NamedValue &V : E.Configuration)
      Values.push_back(V.Val);
    E = failed(std::move(Values));
  }
  EXPECT_EQ(transferPruning(*A, Failed).error().message(), "the data holds no valid configuration");

  RecordedData Maximised = threeParameterTable();
  Maximised.Directions = {Direction::Maximise};
  EXPECT_NE(transferPruning(*A, Maximised).error().message().find("do not compare"),
            std::string::npos);
}

// Property: the proposals applied to the data they were made on give the
// proposals' own numbers, whatever the table (generated: mixed value kinds,
// invalid rows, ties), the method and the value kept.
TEST(PruningTransfer, OnItsOwnDataReproducesTheProposal) {
  std::mt19937_64 Rng(34);
  for (int Case = 0; Case < 200; ++Case) {
    RecordedData Data;
    const std::size_t Parameters = 2 + Rng() % 3;
    for (std::size_t P = 0; P < Parameters; ++P)
      Data.Parameters.push_back("p" + std::to_string(P));
    Data.Objectives = {"time"};
    const std::size_t Rows = 4 + Rng() % 30;
    for (std::size_t R = 0; R < Rows; ++R) {
      std::vector<Value> Values;
      for (std::size_t P = 0; P < Parameters; ++P) {
        const std::int64_t V = static_cast<std::int64_t>(Rng() % 4);
        if (P % 2)
          Values.emplace_back(std::in_place_type<double>, static_cast<double>(V) / 2);
        else
          Values.emplace_back(std::in_place_type<std::int64_t>, V);
      }
      Data.Entries.push_back(Rng() % 7 == 0 ? failed(Values)
                                            : entry(Values, 1.0 + static_cast<double>(Rng() % 10)));
    }
    for (FixTo Value : {FixTo::Median, FixTo::WellPerforming}) {
      Expected<DataAnalysis> A = analyzeData(Data, twoClasses(Value));
      if (!A.ok())
        continue; // every row invalid
      Expected<PruningTransfer> T = transferPruning(*A, Data);
      ASSERT_TRUE(T.ok()) << T.error().message();
      for (const TransferredProposal &P : T->Proposals) {
        EXPECT_EQ(P.OnOther.Remaining, P.OnAnalysed.Remaining) << "case " << Case;
        EXPECT_EQ(P.OnOther.RemainingValid, P.OnAnalysed.RemainingValid) << "case " << Case;
        EXPECT_EQ(P.OnOther.PrunedBestCost, P.OnAnalysed.PrunedBestCost) << "case " << Case;
        EXPECT_EQ(P.OnOther.performanceRetained(), P.OnAnalysed.performanceRetained());
      }
    }
  }
}
