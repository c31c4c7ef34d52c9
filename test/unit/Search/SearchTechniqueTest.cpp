//===- SearchTechniqueTest.cpp - The contract of a search technique -------===//
//
// A technique is told the result of each point it proposed, in order. A
// report of a point it never proposed is a bug of its caller (Exploration
// never makes one): the techniques that keep their proposals say so and
// abort (Support/Bug.h) instead of throwing. An asynchronous technique
// keeps its contract whatever the order of reports and proposals.
//
//===----------------------------------------------------------------------===//
#include "Search/ConfigurationTechnique.h"
#include "Search/SearchDomain.h"
#include "Search/TechniqueFactory.h"
#include "SearchTestSpaces.h"
#include "Support/Bug.h"
#include "TechniqueLandscape.h"

#include <gtest/gtest.h>

#include <random>
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

/// What an asynchronous technique proposed under a random sequence of
/// events: proposals of random sizes while points are outstanding, and
/// reports of the outstanding points in a random order.
std::vector<atfc::Point> randomEvents(const std::string &Name, const SearchDomain &Domain,
                                      std::uint64_t Seed, std::uint64_t EventSeed) {
  std::unique_ptr<SearchTechnique> T = cantFail(makeTechnique(Name));
  T->initialize(Domain, Seed);
  std::mt19937_64 Events(EventSeed);
  std::vector<atfc::Point> Proposed, Outstanding;
  const ChainOfTrees &Space = Domain.space();
  for (std::size_t Step = 0; Proposed.size() < 150 && Step < 2000; ++Step) {
    const bool Propose = Outstanding.empty() || Events() % 3 == 0;
    if (Propose) {
      const std::size_t Max = 1 + Events() % 6;
      std::vector<atfc::Point> More = T->propose(Max);
      if (More.size() > Max)
        reportBug(Name + ": more points than asked");
      if (More.empty() && Outstanding.empty())
        reportBug(Name + ": no point while none is outstanding");
      for (atfc::Point &P : More) {
        if (P.size() != Domain.dimensions() ||
            std::any_of(P.begin(), P.end(), [](double X) { return !(X > 0.0 && X <= 1.0); }))
          reportBug(Name + ": a point outside (0,1]^D");
        Proposed.push_back(P);
        Outstanding.push_back(std::move(P));
      }
      continue;
    }
    const std::size_t I = Events() % Outstanding.size();
    T->report(Outstanding[I],
              OptionalCost(test::borderCost(Space, Domain.configurationAt(Outstanding[I]))));
    Outstanding.erase(Outstanding.begin() + static_cast<std::ptrdiff_t>(I));
  }
  return Proposed;
}

// Property, over every asynchronous technique of the registry (and the
// default bandit with each of its arms' kinds): reported in random orders
// and asked while points are outstanding, it never breaks, stays within
// (0,1]^D and what was asked, is deterministic for a seed and a sequence
// of events, and a technique on the parameters never proposes a
// configuration twice.
TEST(SearchTechniqueTest, AsynchronousTechniquesTakeReportsInAnyOrder) {
  const ChainOfTrees Space = test::borderSpace();
  const SearchDomain Domain(Space);
  std::vector<std::string> Names = {"auc_bandit(0.2, 500, local_search, random)",
                                    "auc_bandit(0.2, 500, bayes_opt, differential_evolution)"};
  std::size_t Asynchronous = 0;
  for (const TechniqueEntry &Entry : techniqueRegistry()) {
    const std::string Name =
        std::string(Entry.Name) +
        (Entry.MinTechniques > 0 && Entry.DefaultTechniques.empty() ? "(random)" : "");
    if (cantFail(makeTechnique(Name))->asynchronous()) {
      Names.push_back(Name);
      ++Asynchronous;
    }
  }
  // auc_bandit, bayes_opt, exhaustive, random at least.
  EXPECT_GE(Asynchronous, 4u);
  for (const std::string &Name : Names) {
    std::unique_ptr<SearchTechnique> Made = cantFail(makeTechnique(Name));
    ASSERT_TRUE(Made->asynchronous()) << Name;
    const bool OnParameters = dynamic_cast<ConfigurationTechnique *>(Made.get()) != nullptr;
    for (std::uint64_t EventSeed = 1; EventSeed <= 3; ++EventSeed) {
      const std::vector<atfc::Point> A = randomEvents(Name, Domain, 5, EventSeed);
      EXPECT_EQ(A, randomEvents(Name, Domain, 5, EventSeed)) << Name << " is not deterministic";
      EXPECT_GE(A.size(), 150u) << Name << " stopped proposing";
      if (OnParameters) {
        std::set<Configuration> Distinct;
        for (const atfc::Point &P : A)
          Distinct.insert(Domain.configurationAt(P));
        EXPECT_EQ(Distinct.size(), A.size()) << Name << " proposed a configuration twice";
      }
    }
  }
}

} // namespace
