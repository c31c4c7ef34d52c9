//===- Search/ShrinkingSample.h - The shrinking-sample search ---*- C++ -*-===//
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
// Defaults: 3 partitions, threshold 1, max_round 100.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_SHRINKINGSAMPLE_H
#define ATFC_SEARCH_SHRINKINGSAMPLE_H

#include "Search/SearchTechnique.h"

#include <deque>
#include <random>

namespace atfc {

class ShrinkingSample : public SearchTechnique {
public:
  static constexpr std::size_t kDefaultPartitions = 3;
  static constexpr std::size_t kDefaultThreshold = 1;
  static constexpr std::size_t kDefaultMaxRound = 100;

  /// Throws std::invalid_argument for fewer than 2 partitions, a threshold
  /// of 0 or a max_round of 0.
  explicit ShrinkingSample(std::size_t Partitions = kDefaultPartitions,
                           std::size_t Threshold = kDefaultThreshold,
                           std::size_t MaxRound = kDefaultMaxRound);
  /// From a directive's numbers; numbers not given take the defaults.
  explicit ShrinkingSample(std::span<const double> Numbers);
  /// Why Numbers are wrong for the technique ("" when right).
  static std::string checkNumbers(std::span<const double> Numbers);

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
