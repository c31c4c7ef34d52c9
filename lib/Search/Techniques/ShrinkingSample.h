//===- Search/Techniques/ShrinkingSample.h - The shrinking-sample search --*- C++ -*-===//
//
// shrinking_sample(partitions, threshold, max_round): the shrinking-sample
// search of Li and Agrawal (../shared/papers/shrinking-sample-search.txt) in
// the coordinate space. Each dimension's interval (initially (0,1]) is cut
// into `partitions` equal parts; a round measures the combinations of the
// parts' medians (one batch; at most `max_round` of them, drawn at random
// when there are more). The best point of the round selects one part per
// dimension, which becomes that dimension's interval. A dimension whose
// interval holds at most `threshold` configurations (cells along it, at the
// best configuration) stops shrinking; when all have stopped, every
// combination of the cells left is measured (the paper's final brute
// force), and the search starts again on the whole space with the medians
// shifted by a random offset, so that no round repeats an earlier one.
//
// Its numbers, defaults and admitted values: kParameters.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_SHRINKINGSAMPLE_H
#define ATFC_SEARCH_TECHNIQUES_SHRINKINGSAMPLE_H

#include "Search/HyperParameter.h"
#include "Search/SearchTechnique.h"

#include <array>
#include <deque>
#include <random>

namespace atfc {

class ShrinkingSample : public SearchTechnique {
public:
  static constexpr std::size_t kDefaultPartitions = 3;
  static constexpr std::size_t kDefaultThreshold = 1;
  static constexpr std::size_t kDefaultMaxRound = 100;
  /// The numbers it takes, in order (Search/HyperParameter.h).
  static constexpr std::array<HyperParameter, 3> kParameters = {{
      countParameter("partitions", kDefaultPartitions, 2, "parts per dimension"),
      countParameter("threshold", kDefaultThreshold, 1, "cells left at which a dimension stops"),
      countParameter("max_round", kDefaultMaxRound, 1, "most points per round"),
  }};

  explicit ShrinkingSample(std::size_t Partitions = kDefaultPartitions,
                           std::size_t Threshold = kDefaultThreshold,
                           std::size_t MaxRound = kDefaultMaxRound);
  /// From values admitted by kParameters, one per parameter (the factory
  /// checks a directive's numbers against them and adds the defaults).
  explicit ShrinkingSample(std::span<const double> Values);

  void initialize(const SearchDomain &Domain, std::uint64_t Seed) override;
  std::vector<Point> propose(std::size_t Max) override;
  void report(std::span<const double> Where, const OptionalCost &Result) override;
  std::string describe() const override;

  /// Dimension I's current interval (Lo, Hi].
  double lower(std::size_t I) const { return Lo[I]; }
  double upper(std::size_t I) const { return Hi[I]; }
  /// Whether the current round is the final brute force of a cycle.
  bool inFinalRound() const { return Final; }

private:
  void startCycle();
  void buildRound();
  void finishRound();
  /// Centres, along dimension I, of the cells next to Where's configuration
  /// (its siblings on I's level) that lie inside (Lo, Hi].
  std::vector<double> cellsInside(const Point &Where, std::size_t I) const;

  std::size_t Partitions, Threshold, MaxRound;
  const SearchDomain *Domain = nullptr;
  std::mt19937_64 Rng;
  std::vector<double> Lo, Hi;
  /// Per dimension: the candidate coordinates of the round.
  std::vector<std::vector<double>> Choices;
  /// Per dimension whether it stopped shrinking.
  std::vector<bool> Stopped;
  /// Where the medians sit inside their parts this cycle (0.5: centred).
  double Offset = 0.5;
  bool Final = false;
  std::deque<Point> Queue;
  std::size_t Outstanding = 0;
  Point RoundBest;
  OptionalCost RoundBestCost;
};

} // namespace atfc

#endif
