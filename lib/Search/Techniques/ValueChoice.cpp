//===- Search/Techniques/ValueChoice.cpp - Valid configurations from value sets --===//
#include "Search/Techniques/ValueChoice.h"

#include <algorithm>
#include <functional>

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

} // namespace atfc
