//===- Search/Techniques/ValueChoice.cpp - Valid configurations from value sets --===//
#include "Search/Techniques/ValueChoice.h"

#include "Support/Bug.h"

#include <algorithm>
#include <functional>
#include <limits>

namespace atfc {

namespace {
/// Nodes one group's walk may visit before it gives up: bounds a proposal
/// on a space where the allowed values combine into few valid paths.
constexpr std::size_t kNodeBudget = 4096;

/// Depth-first walk of one group's tree; Order(L, Parent) gives the nodes
/// of level L below Parent to try, in order.
class Walk {
public:
  using OrderFn = std::function<std::vector<std::uint64_t>(std::size_t, std::uint64_t)>;
  Walk(const GroupTree &Tree, OrderFn Order) : Tree(Tree), Order(std::move(Order)) {}

  /// The leaf reached below node Parent of level L-1; numLeaves() if none.
  std::uint64_t below(std::size_t L, std::uint64_t Parent) {
    for (std::uint64_t Node : Order(L, Parent)) {
      if (++Visited > kNodeBudget)
        return Tree.numLeaves();
      if (L + 1 == Tree.numLevels())
        return Node;
      if (std::uint64_t Leaf = below(L + 1, Node); Leaf != Tree.numLeaves())
        return Leaf;
    }
    return Tree.numLeaves();
  }

private:
  const GroupTree &Tree;
  OrderFn Order;
  std::size_t Visited = 0;
};

/// The first child of Parent on level L whose value index is >= V.
std::uint64_t lowerBound(const GroupTree &Tree, std::size_t L, std::uint64_t Parent,
                         std::uint64_t V) {
  auto [Lo, Hi] = Tree.childrenOf(L, Parent);
  while (Lo < Hi) {
    const std::uint64_t Mid = Lo + (Hi - Lo) / 2;
    if (Tree.valueIndex(L, Mid) < V)
      Lo = Mid + 1;
    else
      Hi = Mid;
  }
  return Lo;
}
} // namespace

std::optional<Configuration> chooseValues(const ChainOfTrees &Space, const ValueSets &Allowed,
                                          std::mt19937_64 &Rng) {
  Configuration C;
  C.Leaves.resize(Space.numGroups());
  for (std::size_t G = 0; G < Space.numGroups(); ++G) {
    const GroupTree &Tree = Space.group(G);
    const std::size_t First = Space.firstLevelOf(G);
    Walk W(Tree, [&](std::size_t L, std::uint64_t Parent) {
      std::vector<std::uint64_t> Values = Allowed[First + L];
      std::shuffle(Values.begin(), Values.end(), Rng);
      std::vector<std::uint64_t> Nodes;
      for (std::uint64_t V : Values)
        if (std::uint64_t N = Tree.childWithValue(L, Parent, V);
            N != Tree.numNodes(L) && std::find(Nodes.begin(), Nodes.end(), N) == Nodes.end())
          Nodes.push_back(N);
      return Nodes;
    });
    const std::uint64_t Leaf = W.below(0, 0);
    if (Leaf == Tree.numLeaves())
      return std::nullopt;
    C.Leaves[G] = Leaf;
  }
  return C;
}

std::optional<Configuration> boxMove(const ChainOfTrees &Space, const Configuration &C, double Keep,
                                     std::mt19937_64 &Rng) {
  const std::vector<std::uint64_t> Values = Space.valueIndices(C);
  std::bernoulli_distribution KeepFirst(Keep);
  for (int Try = 0; Try < 8; ++Try) {
    Configuration Result;
    Result.Leaves.resize(Space.numGroups());
    bool Found = true;
    for (std::size_t G = 0; G < Space.numGroups() && Found; ++G) {
      const GroupTree &Tree = Space.group(G);
      const std::size_t First = Space.firstLevelOf(G);
      Walk W(Tree, [&](std::size_t L, std::uint64_t Parent) {
        const auto [Begin, End] = Tree.childrenOf(L, Parent);
        const std::uint64_t V = Values[First + L];
        const std::uint64_t At = lowerBound(Tree, L, Parent, V);
        const bool Same = At < End && Tree.valueIndex(L, At) == V;
        std::vector<std::uint64_t> Moves;
        if (At > Begin)
          Moves.push_back(At - 1);
        if (const std::uint64_t Above = Same ? At + 1 : At; Above < End)
          Moves.push_back(Above);
        std::shuffle(Moves.begin(), Moves.end(), Rng);
        if (Same)
          Moves.insert(KeepFirst(Rng) ? Moves.begin() : Moves.end(), At);
        return Moves;
      });
      const std::uint64_t Leaf = W.below(0, 0);
      Found = Leaf != Tree.numLeaves();
      Result.Leaves[G] = Leaf;
    }
    if (Found && Result != C)
      return Result;
  }
  return std::nullopt;
}

namespace {

/// The branch and bound of nearestValid over one group's tree.
class Repair {
public:
  Repair(const GroupTree &Tree, const std::uint64_t *Target, const std::uint64_t *Weights,
         std::uint64_t MaxVisits)
      : Tree(Tree), Target(Target), Weights(Weights), Visits(MaxVisits),
        Epsilon(1.0 / static_cast<double>(Tree.numLevels() + 1)) {}

  std::uint64_t run() {
    descend(0, 0, 0.0);
    return BestLeaf;
  }

private:
  /// What choosing node N on level L costs.
  double costOf(std::size_t L, std::uint64_t N) const {
    const std::uint64_t V = Tree.valueIndex(L, N), T = Target[L];
    if (V == T)
      return 0.0;
    const double Range =
        static_cast<double>(std::max<std::uint64_t>(Tree.parameter(L).RangeSize, 1));
    const double Step = static_cast<double>(V > T ? V - T : T - V) / Range;
    return static_cast<double>(Weights[L]) + Epsilon * Step;
  }

  void descend(std::size_t L, std::uint64_t Parent, double Cost) {
    const auto [First, Last] = Tree.childrenOf(L, Parent);
    std::vector<std::pair<double, std::uint64_t>> Children;
    Children.reserve(Last - First);
    for (std::uint64_t N = First; N < Last; ++N)
      Children.emplace_back(Cost + costOf(L, N), N);
    std::stable_sort(Children.begin(), Children.end(),
                     [](const auto &A, const auto &B) { return A.first < B.first; });
    for (const auto &[ChildCost, N] : Children) {
      // Costs only grow downwards: nothing below beats the best found.
      if (ChildCost >= Best || Visits == 0)
        return;
      --Visits;
      if (L + 1 == Tree.numLevels()) {
        Best = ChildCost;
        BestLeaf = N;
      } else {
        descend(L + 1, N, ChildCost);
      }
    }
  }

  const GroupTree &Tree;
  const std::uint64_t *Target;
  const std::uint64_t *Weights;
  std::uint64_t Visits;
  double Epsilon;
  double Best = std::numeric_limits<double>::infinity();
  std::uint64_t BestLeaf = 0;
};

} // namespace

Configuration nearestValid(const ChainOfTrees &Space, std::span<const std::uint64_t> Target,
                           std::span<const std::uint64_t> Weights, std::uint64_t MaxVisits) {
  if (Target.size() != Space.numLevels() || Weights.size() != Space.numLevels())
    reportBug("nearestValid: expected a value index and a weight per level");
  if (Space.empty())
    reportBug("nearestValid: the space is empty");
  Configuration C;
  C.Leaves.resize(Space.numGroups());
  for (std::size_t G = 0; G < Space.numGroups(); ++G) {
    const std::size_t First = Space.firstLevelOf(G);
    C.Leaves[G] =
        Repair(Space.group(G), Target.data() + First, Weights.data() + First, MaxVisits).run();
  }
  return C;
}

std::vector<Configuration> repairedSteps(const ChainOfTrees &Space, const Configuration &C,
                                         std::size_t L) {
  std::vector<std::uint64_t> Target = Space.valueIndices(C);
  std::vector<std::uint64_t> Weights(Target.size(), 1);
  Weights[L] = Target.size() + 1;
  const std::uint64_t Position = Target[L], Range = Space.parameter(L).RangeSize;
  std::vector<Configuration> Steps;
  for (const std::uint64_t To : {Position - 1, Position + 1}) {
    if (To >= Range) // also Position - 1 of Position 0, wrapped around
      continue;
    Target[L] = To;
    Configuration N = nearestValid(Space, Target, Weights);
    if (N != C && (Steps.empty() || Steps.front() != N))
      Steps.push_back(std::move(N));
  }
  return Steps;
}

} // namespace atfc
