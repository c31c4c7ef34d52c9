//===- Search/ConfigurationTechnique.h - Search on the parameters -*- C++ -*-===//
//
// The base of techniques that work on configurations and their parameter
// values instead of on points of (0,1]^D: local moves change one
// parameter's value (ChainOfTrees::parameterNeighbours), crossover mixes
// the values of two parents. Points are only the currency of the
// SearchTechnique interface: a configuration goes out as the centre of its
// cell and comes back through configurationAt.
//
// The base keeps what a configuration search needs everywhere: the result
// of every configuration the run has seen (its own proposals and, as a
// bandit's arm, everyone's), which configurations await their report, the
// best one, and a sampler of uniformly random configurations not seen yet.
// A technique never proposes a configuration it knows, so that every
// proposal costs one new evaluation.
//
// Tested through LocalSearchTest.cpp and TabuSearchTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_CONFIGURATIONTECHNIQUE_H
#define ATFC_SEARCH_CONFIGURATIONTECHNIQUE_H

#include "Search/ObservingTechnique.h"
#include "Support/SplitMix64.h"

#include <optional>
#include <random>
#include <unordered_map>

namespace atfc {

/// Hashes a configuration's leaf indices (the same as the exploration's).
struct LeavesHash {
  std::size_t operator()(const Configuration &C) const {
    std::size_t H = kSplitMix64Gamma;
    for (std::uint64_t L : C.Leaves)
      H = (H ^ L) * 0x100000001b3ULL + (H >> 29);
    return H;
  }
};

/// The uniformly random configurations a descent starts from: Samples of
/// them, of which each result of another technique seen meanwhile counts
/// as one and a warm start's as all.
struct RandomPhase {
  std::size_t Samples;
  std::size_t Sampled = 0;

  /// Counts a result of another technique (FromPrior: a warm start's).
  void countSeen(bool FromPrior) {
    if (Sampled < Samples)
      Sampled = FromPrior ? Samples : Sampled + 1;
  }
};

class ConfigurationTechnique : public ObservingTechnique {
public:
  void initialize(const SearchDomain &Domain, std::uint64_t Seed) final;
  std::vector<Point> propose(std::size_t Max) final;
  void report(std::span<const double> Where, const OptionalCost &Result) final;
  void observe(std::span<const double> Where, const OptionalCost &Result) final;
  void observePrior(std::span<const double> Where, const OptionalCost &Result) final;

protected:
  /// Starts a run: Space, Rng and the memory are fresh.
  virtual void start() = 0;
  /// At least one and at most Max configurations, none known (where the
  /// space still has unknown ones).
  virtual std::vector<Configuration> next(std::size_t Max) = 0;
  /// The result of C: Own when this technique proposed it (then in the
  /// order proposed, after the whole batch was proposed, unless the
  /// technique is asynchronous()), else another technique's.
  virtual void learn(const Configuration &C, const OptionalCost &Result, bool Own) = 0;

  const ChainOfTrees &space() const { return Domain->space(); }
  const SearchDomain &domain() const { return *Domain; }
  /// Whether C has a result or awaits one.
  bool known(const Configuration &C) const { return Memory.count(C) != 0; }
  /// C's result, null while unknown or awaited.
  const OptionalCost *resultOf(const Configuration &C) const;
  /// Whether A is better than B by their results (unknown: worst).
  bool better(const OptionalCost &A, const OptionalCost &B) const { return betterCost(A, B); }
  /// A uniformly random configuration not known, or any when a few tries
  /// find none.
  Configuration unknownSample();
  /// A kick of Base: Kick random parameters (a parameter may be drawn
  /// twice) each moved to a random valid value of theirs; the first of a
  /// few tries that is not known, nullopt when none is.
  std::optional<Configuration> unknownKick(const Configuration &Base, std::size_t Kick);
  /// While Phase lasts, up to Max unknown samples, counted in it; empty
  /// once it is over.
  std::vector<Configuration> phaseSamples(RandomPhase &Phase, std::size_t Max);
  /// The best configuration seen, nullopt before a valid result.
  const std::optional<Configuration> &best() const { return Best; }
  const OptionalCost &bestCost() const { return BestCost; }
  /// Reports of this technique still awaited.
  std::size_t awaited() const { return Awaited; }
  /// Whether the result learn() gets is a warm start's (observePrior).
  bool fromPrior() const { return FromPrior; }

  std::mt19937_64 Rng;

private:
  void remember(const Configuration &C, const OptionalCost &Result);

  struct Known {
    OptionalCost Result;
    bool Awaited = false;
  };
  const SearchDomain *Domain = nullptr;
  std::unordered_map<Configuration, Known, LeavesHash> Memory;
  std::optional<Configuration> Best;
  OptionalCost BestCost;
  std::size_t Awaited = 0;
  bool FromPrior = false;
};

} // namespace atfc

#endif
