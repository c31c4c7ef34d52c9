//===- Search/Techniques/SurrogateForest.cpp - A model of cost over parameters --===//
#include "Search/Techniques/SurrogateForest.h"

#include "Search/TechniqueText.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <stdexcept>

namespace atfc {

namespace {

constexpr std::size_t kMinLeaf = 3;
constexpr std::size_t kMaxDepth = 14;
constexpr std::size_t kMaxRows = 400;

} // namespace

SurrogateForest::SurrogateForest(std::size_t Samples, std::size_t Trees, std::size_t Candidates)
    : Samples(Samples), Trees(Trees), Candidates(Candidates) {}

SurrogateForest::SurrogateForest(std::span<const double> Values)
    : SurrogateForest(static_cast<std::size_t>(Values[0]), static_cast<std::size_t>(Values[1]),
                      static_cast<std::size_t>(Values[2])) {}

std::string SurrogateForest::describe() const {
  return callText("surrogate_forest", {static_cast<double>(Samples), static_cast<double>(Trees),
                                       static_cast<double>(Candidates)});
}

double SurrogateForest::Tree::predict(std::span<const double> Row) const {
  std::uint32_t N = 0;
  while (Nodes[N].Feature >= 0)
    N = Row[static_cast<std::size_t>(Nodes[N].Feature)] <= Nodes[N].Threshold ? Nodes[N].Left
                                                                              : Nodes[N].Right;
  return Nodes[N].Value;
}

SurrogateForest::Tree SurrogateForest::fitTree(const std::vector<double> &X, std::size_t D,
                                               const std::vector<double> &Y,
                                               std::vector<std::uint32_t> Rows,
                                               std::mt19937_64 &Rng) {
  Tree T;
  struct Work {
    std::uint32_t Node;
    std::size_t Begin, End, Depth;
  };
  T.Nodes.emplace_back();
  std::vector<Work> Stack{{0, 0, Rows.size(), 0}};
  while (!Stack.empty()) {
    const Work W = Stack.back();
    Stack.pop_back();
    double Sum = 0;
    for (std::size_t I = W.Begin; I < W.End; ++I)
      Sum += Y[Rows[I]];
    const double N = static_cast<double>(W.End - W.Begin);
    T.Nodes[W.Node].Value = Sum / N;
    if (W.End - W.Begin < 2 * kMinLeaf || W.Depth >= kMaxDepth)
      continue;
    // One random threshold per parameter; the split that leaves the least
    // squared error (the largest sum of squares of the sides' sums).
    int BestFeature = -1;
    double BestThreshold = 0, BestGain = Sum * Sum / N + 1e-12;
    for (std::size_t F = 0; F < D; ++F) {
      double Lo = X[Rows[W.Begin] * D + F], Hi = Lo;
      for (std::size_t I = W.Begin; I < W.End; ++I) {
        Lo = std::min(Lo, X[Rows[I] * D + F]);
        Hi = std::max(Hi, X[Rows[I] * D + F]);
      }
      if (Hi <= Lo)
        continue;
      const double Threshold = std::uniform_real_distribution<double>(Lo, Hi)(Rng);
      double LeftSum = 0;
      std::size_t LeftN = 0;
      for (std::size_t I = W.Begin; I < W.End; ++I)
        if (X[Rows[I] * D + F] <= Threshold) {
          LeftSum += Y[Rows[I]];
          ++LeftN;
        }
      const std::size_t RightN = (W.End - W.Begin) - LeftN;
      if (LeftN < kMinLeaf || RightN < kMinLeaf)
        continue;
      const double RightSum = Sum - LeftSum;
      const double Gain = LeftSum * LeftSum / static_cast<double>(LeftN) +
                          RightSum * RightSum / static_cast<double>(RightN);
      if (Gain > BestGain) {
        BestGain = Gain;
        BestFeature = static_cast<int>(F);
        BestThreshold = Threshold;
      }
    }
    if (BestFeature < 0)
      continue;
    const auto F = static_cast<std::size_t>(BestFeature);
    const auto Mid = std::partition(Rows.begin() + static_cast<std::ptrdiff_t>(W.Begin),
                                    Rows.begin() + static_cast<std::ptrdiff_t>(W.End),
                                    [&](std::uint32_t R) { return X[R * D + F] <= BestThreshold; });
    const auto Split = static_cast<std::size_t>(Mid - Rows.begin());
    const auto Left = static_cast<std::uint32_t>(T.Nodes.size());
    T.Nodes.emplace_back();
    T.Nodes.emplace_back();
    T.Nodes[W.Node].Feature = BestFeature;
    T.Nodes[W.Node].Threshold = BestThreshold;
    T.Nodes[W.Node].Left = Left;
    T.Nodes[W.Node].Right = Left + 1;
    Stack.push_back({Left, W.Begin, Split, W.Depth + 1});
    Stack.push_back({Left + 1, Split, W.End, W.Depth + 1});
  }
  return T;
}

void SurrogateForest::start() {
  Sampled = 0;
  X.clear();
  Costs.clear();
  Seen.clear();
}

void SurrogateForest::learn(const Configuration &C, const OptionalCost &Result, bool) {
  const std::vector<std::uint64_t> V = space().valueIndices(C);
  for (std::uint64_t I : V)
    X.push_back(static_cast<double>(I));
  Costs.push_back(Result && !Result->empty() && Result->front() > 0
                      ? std::optional<double>(std::log(Result->front()))
                      : std::nullopt);
  Seen.push_back(C);
}

std::vector<Configuration> SurrogateForest::next(std::size_t Max) {
  std::vector<Configuration> Batch;
  for (; Sampled < Samples && Batch.size() < Max; ++Sampled)
    Batch.push_back(unknownSample());
  if (!Batch.empty())
    return Batch;
  const std::size_t D = space().numLevels();
  // Targets: log cost; a failure is worse than the worst valid result.
  double Worst = 0;
  bool AnyValid = false;
  for (const std::optional<double> &C : Costs)
    if (C) {
      Worst = AnyValid ? std::max(Worst, *C) : *C;
      AnyValid = true;
    }
  if (!AnyValid)
    return {unknownSample()};
  std::vector<double> Y;
  Y.reserve(Costs.size());
  for (const std::optional<double> &C : Costs)
    Y.push_back(C ? *C : Worst + 1.0);
  std::vector<Tree> Forest;
  std::uniform_int_distribution<std::uint32_t> Row(0, static_cast<std::uint32_t>(Y.size() - 1));
  for (std::size_t T = 0; T < Trees; ++T) {
    // A bootstrap sample of at most kMaxRows results bounds the cost of a
    // proposal however long the run.
    std::vector<std::uint32_t> Rows(std::min(Y.size(), kMaxRows));
    for (std::uint32_t &R : Rows)
      R = Row(Rng);
    Forest.push_back(fitTree(X, D, Y, std::move(Rows), Rng));
  }
  // The candidates: random ones and moves around the five best.
  std::vector<std::size_t> Order(Y.size());
  std::iota(Order.begin(), Order.end(), 0);
  const std::size_t Top = std::min<std::size_t>(5, Order.size());
  std::partial_sort(Order.begin(), Order.begin() + static_cast<std::ptrdiff_t>(Top), Order.end(),
                    [&](std::size_t A, std::size_t B) { return Y[A] < Y[B]; });
  std::set<Configuration> Pool;
  for (std::size_t I = 0; I < 4 * Candidates && Pool.size() < Candidates; ++I) {
    Configuration C;
    if (I % 2 == 0) {
      C = unknownSample();
    } else {
      C = Seen[Order[std::uniform_int_distribution<std::size_t>(0, Top - 1)(Rng)]];
      const int Moves = 1 + static_cast<int>(Rng() % 2);
      for (int M = 0; M < Moves; ++M) {
        const std::size_t L = std::uniform_int_distribution<std::size_t>(0, D - 1)(Rng);
        std::vector<Configuration> Ns =
            space().parameterNeighbours(C, L, ChainOfTrees::Move::AnyValue);
        if (!Ns.empty())
          C = Ns[std::uniform_int_distribution<std::size_t>(0, Ns.size() - 1)(Rng)];
      }
    }
    if (!known(C))
      Pool.insert(std::move(C));
  }
  if (Pool.empty())
    return {unknownSample()};
  std::vector<std::pair<double, Configuration>> Scored;
  std::vector<double> Row0(D);
  for (const Configuration &C : Pool) {
    const std::vector<std::uint64_t> V = space().valueIndices(C);
    for (std::size_t F = 0; F < D; ++F)
      Row0[F] = static_cast<double>(V[F]);
    double Mean = 0, Square = 0;
    for (const Tree &T : Forest) {
      const double P = T.predict(Row0);
      Mean += P;
      Square += P * P;
    }
    Mean /= static_cast<double>(Forest.size());
    const double Spread =
        std::sqrt(std::max(0.0, Square / static_cast<double>(Forest.size()) - Mean * Mean));
    Scored.emplace_back(Mean - Spread, C);
  }
  const std::size_t Take = std::min(Max, Scored.size());
  std::partial_sort(Scored.begin(), Scored.begin() + static_cast<std::ptrdiff_t>(Take),
                    Scored.end(), [](const auto &A, const auto &B) { return A.first < B.first; });
  for (std::size_t I = 0; I < Take; ++I)
    Batch.push_back(std::move(Scored[I].second));
  return Batch;
}

} // namespace atfc
