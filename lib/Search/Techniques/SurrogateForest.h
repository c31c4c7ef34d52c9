//===- Search/Techniques/SurrogateForest.h - A model of cost over parameters --*- C++ -*-===//
//
// surrogate_forest(samples, trees, candidates): model-based search with a
// random forest (extremely randomised regression trees) of log cost over
// the parameters' value indices. No linear algebra: trees are built by
// splitting on thresholds.
//
//  - The first `samples` proposals are uniformly random configurations.
//  - Then, before each batch, `trees` trees are fitted, each on a bootstrap
//    sample (at most 400 rows) of every result known (own and observed; a
//    failed configuration counts as the worst log cost plus one). A node tries one random
//    threshold on each parameter and keeps the split that reduces the
//    squared error most; leaves hold at least 3 results.
//  - `candidates` configurations not known are scored: half uniformly
//    random, half moves of one or two parameters of the five best known
//    (ChainOfTrees::parameterNeighbours). The batch is those with the
//    lowest mean prediction minus the spread between the trees (a lower
//    confidence bound: uncertain regions are tried too).
//
// Its numbers, defaults and admitted values: kParameters.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_SURROGATEFOREST_H
#define ATFC_SEARCH_TECHNIQUES_SURROGATEFOREST_H

#include "Search/ConfigurationTechnique.h"
#include "Search/HyperParameter.h"

namespace atfc {

class SurrogateForest : public ConfigurationTechnique {
public:
  static constexpr std::size_t kDefaultSamples = 20;
  static constexpr std::size_t kDefaultTrees = 16;
  static constexpr std::size_t kDefaultCandidates = 300;
  /// The numbers it takes, in order (Search/HyperParameter.h).
  static constexpr std::array<HyperParameter, 3> kParameters = {{
      countParameter("samples", kDefaultSamples, 1, "random configurations before the model"),
      countParameter("trees", kDefaultTrees, 1, "trees of the forest"),
      countParameter("candidates", kDefaultCandidates, 1,
                     "unknown configurations scored per batch"),
  }};

  explicit SurrogateForest(std::size_t Samples = kDefaultSamples, std::size_t Trees = kDefaultTrees,
                           std::size_t Candidates = kDefaultCandidates);
  explicit SurrogateForest(std::span<const double> Values);
  std::string describe() const override;

  /// A regression tree over value indices (public for tests).
  struct Tree {
    struct Node {
      /// The parameter split on, or -1 for a leaf.
      int Feature = -1;
      double Threshold = 0, Value = 0;
      std::uint32_t Left = 0, Right = 0;
    };
    std::vector<Node> Nodes;
    double predict(std::span<const double> X) const;
  };
  /// A tree fitted to the rows Rows of X (row-major, D columns) and Y.
  static Tree fitTree(const std::vector<double> &X, std::size_t D, const std::vector<double> &Y,
                      std::vector<std::uint32_t> Rows, std::mt19937_64 &Rng);

private:
  void start() override;
  std::vector<Configuration> next(std::size_t Max) override;
  void learn(const Configuration &C, const OptionalCost &Result, bool Own) override;

  std::size_t Samples, Trees, Candidates;
  std::size_t Sampled = 0;
  /// Every result known: value indices (row-major) and cost (nullopt: failed).
  std::vector<double> X;
  std::vector<std::optional<double>> Costs;
  std::vector<Configuration> Seen;
};

} // namespace atfc

#endif
