//===- SearchTechniqueTest.cpp - The contract of a search technique -------===//
//
// A technique is told the result of each point it proposed, in order. A
// report of a point it never proposed is a bug of its caller (Exploration
// never makes one): the techniques that keep their proposals say so and
// abort (Support/Bug.h) instead of throwing.
//
//===----------------------------------------------------------------------===//
#include "Search/SearchDomain.h"
#include "Search/TechniqueFactory.h"
#include "SearchTestSpaces.h"

#include <gtest/gtest.h>

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

} // namespace
