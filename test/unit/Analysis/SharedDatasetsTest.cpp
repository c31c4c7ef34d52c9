//===- test/unit/Analysis/SharedDatasetsTest.cpp - Real tuning data -------===//
//
// The analysis of the shared datasets (../shared/bench/datasets), and a
// direct check of the step estimate: random searches that draw distinct
// configurations uniformly (as atfc's random search does) are simulated on
// the data, and the median number of draws until one within 5 % / 10 % of
// the best must agree with the predicted median (the without-replacement
// estimate for p = 0.5) within 25 %. And the pruning of one GPU's data
// applied to another GPU's of the same kernel (`atfc analyze A --on B`,
// docs/analyze.md). Skipped when the data is absent.
//
//===----------------------------------------------------------------------===//
#include "Analysis/AnalysisReport.h"
#include "Analysis/PruningTransfer.h"
#include "Analysis/ValueColumns.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <unordered_set>

using namespace atfc;

namespace {

const char *const kDatasets[] = {"kt_gemm_RTX3090.json.gz", "kt_dedispersion_W7800.json.gz",
                                 "t4_dedispersion_A100.json.gz"};

std::string datasetPath(const char *Name) {
  return std::string(ATF_SHARED_DIR) + "/bench/datasets/" + Name;
}

/// The median over Runs simulated searches of the number of distinct
/// uniform draws until the first configuration with cost <= Limit.
double simulatedMedianSteps(const RecordedData &Data, double Limit, int Runs, std::uint64_t Seed) {
  std::vector<char> Good(Data.Entries.size());
  for (std::size_t I = 0; I < Good.size(); ++I) {
    std::optional<double> Cost = rankingCost(Data.Entries[I]);
    Good[I] = Cost && *Cost <= Limit;
  }
  // Distinct uniform draws: a uniform index, drawn again when it was drawn
  // before in this run (the searches end long before the space is used up).
  std::mt19937_64 Random(Seed);
  std::uniform_int_distribution<std::size_t> Pick(0, Good.size() - 1);
  std::vector<double> Steps;
  std::unordered_set<std::size_t> Drawn;
  for (int Run = 0; Run < Runs; ++Run) {
    Drawn.clear();
    while (true) {
      const std::size_t I = Pick(Random);
      if (!Drawn.insert(I).second)
        continue;
      if (Good[I]) {
        Steps.push_back(double(Drawn.size()));
        break;
      }
    }
  }
  std::sort(Steps.begin(), Steps.end());
  return Steps[Steps.size() / 2]; // Runs is odd: the middle one
}

} // namespace

TEST(SharedDatasets, PredictedMedianStepsMatchSimulatedRandomSearch) {
  if (!std::filesystem::exists(datasetPath(kDatasets[0])))
    GTEST_SKIP() << "the shared datasets are absent: " << datasetPath(kDatasets[0]);
  for (const char *Name : kDatasets) {
    Expected<RecordedData> Read = readRecordedData(datasetPath(Name));
    ASSERT_TRUE(Read.ok()) << Read.error().message();
    for (double Threshold : {0.05, 0.10}) {
      AnalysisOptions Options;
      Options.Threshold = Threshold;
      Options.Probabilities = {0.5};
      Expected<DataAnalysis> R = analyzeData(*Read, Options);
      ASSERT_TRUE(R.ok()) << R.error().message();
      const StepEstimate &Median = (*R).Steps.front();
      ASSERT_TRUE(Median.WithoutReplacement);
      const double Predicted = double(*Median.WithoutReplacement);
      const double Observed =
          simulatedMedianSteps(*Read, (*R).Share.CostLimit, 301, 20240 + Threshold * 100);
      EXPECT_LE(std::abs(Observed - Predicted), 0.25 * Predicted)
          << Name << " within " << Threshold << ": predicted " << Predicted << ", observed "
          << Observed;
      // Every proposal keeps at least one configuration and never claims
      // more than the best.
      for (const PruningProposal &P : (*R).Proposals) {
        EXPECT_GE(P.Remaining, 1u);
        EXPECT_LE(P.performanceRetained(), 1.0);
      }
    }
  }
}

// Olha et al.'s Tables 7-10 on two GPUs of GEMM: the conservative pruning
// of one GPU's data, each parameter fixed to the value its well-performing
// configurations use most, keeps at least 90 % of the other GPU's best
// while cutting its space about a hundredfold (docs/analyze.md has the
// figures); applied to its own data it gives its own figures.
TEST(SharedDatasets, PruningTransfersBetweenTwoGpus) {
  const char *const Gpus[] = {"kt_gemm_RTX3090.json.gz", "kt_gemm_RTX3060laptop.json.gz"};
  if (!std::filesystem::exists(datasetPath(Gpus[1])))
    GTEST_SKIP() << "the shared datasets are absent: " << datasetPath(Gpus[1]);
  std::vector<RecordedData> Data;
  for (const char *Name : Gpus) {
    Expected<RecordedData> Read = readRecordedData(datasetPath(Name));
    ASSERT_TRUE(Read.ok()) << Read.error().message();
    Data.push_back(Read.take());
  }
  AnalysisOptions Options;
  Options.Methods = {PruningMethod::Conservative};
  Options.Value = FixTo::WellPerforming;
  for (std::size_t From = 0; From < 2; ++From) {
    Expected<DataAnalysis> A = analyzeData(Data[From], Options);
    ASSERT_TRUE(A.ok()) << A.error().message();
    Expected<PruningTransfer> On = transferPruning(*A, Data[1 - From]);
    ASSERT_TRUE(On.ok()) << On.error().message();
    const PruningProposal &Other = On->Proposals.front().OnOther;
    EXPECT_GE(Other.performanceRetained(), 0.9) << Gpus[From];
    EXPECT_LT(Other.performanceRetained(), 1.0) << Gpus[From] << ": the GPUs differ";
    EXPECT_GE(Other.reduction(), 90.0) << Gpus[From];
    Expected<PruningTransfer> Self = transferPruning(*A, Data[From]);
    ASSERT_TRUE(Self.ok());
    EXPECT_EQ(Self->Proposals.front().OnOther.Remaining, A->Proposals.front().Remaining);
    EXPECT_EQ(Self->Proposals.front().OnOther.PrunedBestCost, A->Proposals.front().PrunedBestCost);
  }
}
