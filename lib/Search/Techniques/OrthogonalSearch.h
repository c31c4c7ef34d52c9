//===- Search/Techniques/OrthogonalSearch.h - Orthogonal logarithmic search --*- C++ -*-===//
//
// orthogonal_search(samples): the orthogonal (logarithmic) search that Li
// and Agrawal's shrinking-sample paper compares against (section IV.A):
// one parameter is optimised while the others keep their values, then
// each next parameter, keeping the best values found for those before.
// `samples` uniform random configurations first; the sweep starts from
// the best of them (the paper starts from a random one of them: they are
// measured either way, and the best is the better start). Along one
// parameter the valid values (ChainOfTrees::parameterNeighbours, in value
// order) are searched logarithmically: a ternary search narrows the
// bracket by a third per pair of measurements until at most three values
// are left, which are measured; the best value seen on the line is kept.
// A sweep over every parameter that changes nothing is a local optimum:
// the search starts again with new samples (the paper stops there; a
// tuner goes on until its abort condition).
//
// A ConfigurationTechnique: it never proposes a configuration the run
// knows, and results already known cost nothing.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_ORTHOGONALSEARCH_H
#define ATFC_SEARCH_TECHNIQUES_ORTHOGONALSEARCH_H

#include "Search/ConfigurationTechnique.h"
#include "Search/HyperParameter.h"

#include <array>

namespace atfc {

class OrthogonalSearch : public ConfigurationTechnique {
public:
  static constexpr std::size_t kDefaultSamples = 8;
  /// The numbers it takes, in order (Search/HyperParameter.h).
  static constexpr std::array<HyperParameter, 1> kParameters = {{
      countParameter("samples", kDefaultSamples, 1, "random configurations before a sweep"),
  }};

  explicit OrthogonalSearch(std::size_t Samples = kDefaultSamples);
  /// From values admitted by kParameters, one per parameter.
  explicit OrthogonalSearch(std::span<const double> Values);

  std::string describe() const override;

  /// Sweeps begun and restarts (for tests).
  std::size_t sweeps() const { return Sweeps; }
  std::size_t restarts() const { return Restarts; }

private:
  void start() override;
  std::vector<Configuration> next(std::size_t Max) override;
  void learn(const Configuration &C, const OptionalCost &Result, bool Own) override;

  /// Starts the line of the first parameter from FirstLevel on that offers
  /// another value; false when none is left in this sweep.
  bool startLine(std::size_t FirstLevel);
  /// The configurations the line search needs next (known or not); empty
  /// when the line is done.
  std::vector<std::size_t> probes() const;
  /// Narrows the bracket with the known costs of the probes.
  void narrow();
  /// Moves to the best configuration seen on the line.
  void finishLine();
  const OptionalCost &costOn(std::size_t I) const;

  RandomPhase Phase;
  std::optional<Configuration> SampleBest;
  OptionalCost SampleBestCost;
  bool Sweeping = false;
  Configuration Current;
  OptionalCost CurrentCost;
  bool SweepChanged = false;
  std::size_t Level = 0;
  /// The valid configurations along parameter Level, Current among them,
  /// in value order, and the bracket [Lo, Hi] still searched.
  std::vector<Configuration> Line;
  std::size_t Lo = 0, Hi = 0;
  std::size_t Sweeps = 0, Restarts = 0;
};

} // namespace atfc

#endif
