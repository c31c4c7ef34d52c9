//===- test/unit/Analysis/AnalysisReportTest.cpp - Text and JSON ----------===//
#include "Analysis/AnalysisReport.h"

#include "SyntheticData.h"

#include <gtest/gtest.h>

using namespace atfc;
using namespace atfc::test;

namespace {

AnalysisOptions reportOptions() {
  AnalysisOptions Options;
  Options.CostClasses = 2;
  Options.Probabilities = {0.5, 0.9};
  return Options;
}

} // namespace

TEST(AnalysisReport, JsonCarriesEveryResult) {
  // The numbers are those computed by hand in WellPerformingTest,
  // ParameterImportanceTest and SpacePruningTest for this table.
  Expected<DataAnalysis> R = analyzeData(threeParameterTable(), reportOptions());
  ASSERT_TRUE(R.ok()) << R.error().message();
  nlohmann::ordered_json J = analysisToJson((*R));
  EXPECT_EQ(J["configurations"], 6);
  EXPECT_EQ(J["valid"], 6);
  EXPECT_EQ(J["best_cost"], 1.0);
  EXPECT_EQ(J["well_performing"]["count"], 2);
  EXPECT_NEAR(J["well_performing"]["share"].get<double>(), 1.0 / 3.0, 1e-12);
  EXPECT_EQ(J["steps"]["estimates"][1]["with_replacement"], 6);
  EXPECT_EQ(J["steps"]["estimates"][1]["without_replacement"], 4);
  EXPECT_EQ(J["steps"]["replays_match"], "without_replacement");
  EXPECT_EQ(J["importance"]["parameters"][0]["name"], "A");
  EXPECT_NEAR(J["importance"]["parameters"][1]["mutual_information_bits"].get<double>(), 0.081704,
              1e-6);
  ASSERT_EQ(J["pruning"]["proposals"].size(), 3u);
  const nlohmann::ordered_json &Conservative = J["pruning"]["proposals"][2];
  EXPECT_EQ(Conservative["method"], "conservative");
  EXPECT_EQ(Conservative["fixed"][0]["name"], "B");
  EXPECT_EQ(Conservative["fixed"][0]["value"], 0);
  EXPECT_EQ(Conservative["remaining"], 3);
  EXPECT_EQ(Conservative["reduction"], 2.0);
  EXPECT_EQ(Conservative["performance_retained"], 1.0);
  EXPECT_EQ(Conservative["fix_arguments"], "--fix B=0");
}

TEST(AnalysisReport, AProposalsOutcomeIsAddedInOrder) {
  PruningProposal P;
  P.Total = 8;
  P.Remaining = 2;
  P.RemainingValid = 1;
  P.BestCost = 0.25;
  P.PrunedBestCost = 0.5; // a ranking cost: for a maximised objective, 1 / 2
  nlohmann::ordered_json Object = {{"method", "naive"}};
  addProposalOutcome(Object, P, /*Maximised=*/true);
  Object["after"] = true;
  EXPECT_EQ(Object.dump(), R"({"method":"naive","total":8,"remaining":2,"remaining_valid":1,)"
                           R"("reduction":4.0,"pruned_best_cost":2.0,)"
                           R"("performance_retained":0.5,"after":true})");
  P.PrunedBestCost.reset();
  nlohmann::ordered_json Minimised;
  addProposalOutcome(Minimised, P, /*Maximised=*/false);
  EXPECT_TRUE(Minimised["pruned_best_cost"].is_null());
}

TEST(AnalysisReport, TextShowsTheTables) {
  Expected<DataAnalysis> R = analyzeData(threeParameterTable(), reportOptions());
  ASSERT_TRUE(R.ok());
  const std::string Text = formatAnalysis((*R));
  EXPECT_NE(Text.find("configurations: 6 recorded, 6 valid; 3 parameters"), std::string::npos)
      << Text;
  EXPECT_NE(Text.find("2 of 6 configurations: 33.33 %"), std::string::npos) << Text;
  EXPECT_NE(Text.find("conservative: B=0"), std::string::npos) << Text;
  EXPECT_NE(Text.find("3 / 6"), std::string::npos) << Text;
}

TEST(AnalysisReport, RejectsDataWithoutCostsAndBadOptions) {
  RecordedData Empty;
  Empty.Parameters = {"P"};
  Empty.Entries.push_back(failed({Value(std::int64_t(1))}));
  EXPECT_EQ(analyzeData(Empty, AnalysisOptions()).error().message(),
            "no valid configuration among the 1 recorded: nothing to learn");
  AnalysisOptions Bad;
  Bad.Probabilities = {1.0};
  EXPECT_FALSE(analyzeData(threeParameterTable(), Bad).ok());
  Bad = AnalysisOptions();
  Bad.Threshold = -0.1;
  EXPECT_FALSE(analyzeData(threeParameterTable(), Bad).ok());
}
