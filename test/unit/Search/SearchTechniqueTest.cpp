//===- SearchTechniqueTest.cpp - The contract of a search technique -------===//
//
// A technique is told the result of each point it proposed, in order. A
// report of a point it never proposed is a bug of its caller (Exploration
// never makes one): the techniques that keep their proposals say so and
// abort (Support/Bug.h) instead of throwing.
//
//===----------------------------------------------------------------------===//
#include "Search/ConfigurationTechnique.h"
#include "Search/SearchDomain.h"
#include "Search/TechniqueFactory.h"
#include "SearchTestSpaces.h"
#include "Support/Bug.h"
#include "TechniqueLandscape.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

using namespace atfc;

namespace {

TEST(SearchTechniqueTest, AReportWithoutAProposalIsABug) {
  const ChainOfTrees Space = test::paperSpace();
  const SearchDomain Domain(Space);
  const std::vector<double> Point(Domain.dimensions(), 0.5);
  for (const std::string Name : {"torczon", "particle_swarm", "pattern_search", "shrinking_sample",
                                 "auc_bandit", "differential_evolution"}) {
    Expected<std::unique_ptr<SearchTechnique>> Made = makeTechnique(Name);
    ASSERT_TRUE(Made) << Name;
    std::unique_ptr<SearchTechnique> Technique = Made.take();
    Technique->initialize(Domain, 1);
    EXPECT_DEATH(Technique->report(Point, Cost{1.0}),
                 "atfc: bug: " + Name + ": a report without a proposal")
        << Name;
    // After a proposal, its report is fine.
    const std::vector<atfc::Point> Proposed = Technique->propose(1);
    ASSERT_FALSE(Proposed.empty()) << Name;
    Technique->report(Proposed.front(), Cost{1.0});
  }
}

// Property, over the whole registry (each technique with its defaults): a
// run is the same for the same seed, every point lies in (0,1]^D, batches
// stay within what was asked, and a technique on the parameters themselves
// (a ConfigurationTechnique) never proposes a configuration twice, except
// grey_wolf, which by design proposes a known child again when no one-value
// move leads to an unknown one (docs/search.md: "else its known result is
// used at no cost").
TEST(SearchTechniqueTest, EveryTechniqueKeepsTheContract) {
  const ChainOfTrees Space = test::borderSpace();
  const SearchDomain Domain(Space);
  auto CostOf = [&](const Configuration &C) { return OptionalCost(test::borderCost(Space, C)); };
  for (const TechniqueEntry &Entry : techniqueRegistry()) {
    // A meta-technique without default arms gets one.
    const std::string Name =
        std::string(Entry.Name) +
        (Entry.MinTechniques > 0 && Entry.DefaultTechniques.empty() ? "(random)" : "");
    auto Run = [&](std::uint64_t Seed) {
      Expected<std::unique_ptr<SearchTechnique>> Made = makeTechnique(Name);
      if (!Made)
        reportBug(Name + ": " + Made.error().message());
      std::unique_ptr<SearchTechnique> T = Made.take();
      const bool OnParameters = dynamic_cast<ConfigurationTechnique *>(T.get()) != nullptr;
      // Never reaching cost 0, a run spends its whole budget.
      test::LandscapeRun R = test::runOn(*T, Domain, CostOf, 0.0, 120, Seed, 3);
      return std::make_pair(R, OnParameters);
    };
    const auto [A, OnParameters] = Run(7);
    const auto [B, Unused] = Run(7);
    EXPECT_EQ(A.Proposed, B.Proposed) << Name << " is not deterministic for a seed";
    EXPECT_GE(A.Evaluations, 120u) << Name;
    for (const atfc::Point &P : A.Proposed) {
      ASSERT_EQ(P.size(), Domain.dimensions()) << Name;
      for (double X : P)
        ASSERT_TRUE(X > 0.0 && X <= 1.0) << Name << " proposed a point outside (0,1]^D";
    }
    if (OnParameters && Entry.Name != "grey_wolf") {
      std::set<Configuration> Distinct;
      for (const atfc::Point &P : A.Proposed)
        Distinct.insert(Domain.configurationAt(P));
      EXPECT_EQ(Distinct.size(), A.Proposed.size()) << Name << " proposed a configuration twice";
    }
  }
}

} // namespace
