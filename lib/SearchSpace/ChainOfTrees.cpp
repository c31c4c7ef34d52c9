//===- SearchSpace/ChainOfTrees.cpp - The whole search space --------------===//
#include "SearchSpace/ChainOfTrees.h"

#include "Support/Bug.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace atfc {

/// The coordinate of the centre of the cell of a node whose leaves are
/// [A, B), inside its parent's leaves [Begin, End): atCoordinates maps it
/// back to that node.
static double cellCentre(std::uint64_t A, std::uint64_t B, std::uint64_t Begin, std::uint64_t End) {
  return (static_cast<double>(A - Begin) + static_cast<double>(B - A) / 2) /
         static_cast<double>(End - Begin);
}

ChainOfTrees::ChainOfTrees(std::vector<GroupTree> TheGroups, double GenerationSeconds)
    : Groups(std::move(TheGroups)), Seconds(GenerationSeconds) {
  Size = Groups.empty() ? 0 : 1;
  for (std::size_t G = 0; G < Groups.size(); ++G) {
    GroupFirstLevel.push_back(LevelGroup.size());
    LevelGroup.insert(LevelGroup.end(), Groups[G].numLevels(), G);
    Size *= BigCount(static_cast<unsigned long>(Groups[G].numLeaves()));
  }
}

std::size_t ChainOfTrees::levelOf(std::string_view Name) const {
  for (std::size_t L = 0; L < numLevels(); ++L)
    if (parameter(L).Name == Name)
      return L;
  return numLevels();
}

BigCount ChainOfTrees::unconstrainedSize() const {
  BigCount N = Groups.empty() ? 0 : 1;
  for (std::size_t L = 0; L < numLevels(); ++L)
    N *= BigCount(static_cast<unsigned long>(parameter(L).RangeSize));
  return N;
}

BigCount ChainOfTrees::rejectedAt(std::size_t L) const {
  const std::size_t G = checkedGroupOfLevel(L);
  const LevelStats &S = Groups[G].stats(L - GroupFirstLevel[G]);
  BigCount Scanned(static_cast<unsigned long>(S.ParentVisits));
  Scanned *= BigCount(static_cast<unsigned long>(parameter(L).RangeSize));
  return Scanned - BigCount(static_cast<unsigned long>(S.Accepted));
}

std::uint64_t ChainOfTrees::numNodes() const {
  std::uint64_t N = 0;
  for (const GroupTree &G : Groups)
    N += G.numNodes();
  return N;
}

std::size_t ChainOfTrees::memoryBytes() const {
  std::size_t Bytes = sizeof(*this) + LevelGroup.capacity() * sizeof(std::size_t) +
                      GroupFirstLevel.capacity() * sizeof(std::size_t);
  for (const GroupTree &G : Groups)
    Bytes += G.memoryBytes();
  return Bytes;
}

Configuration ChainOfTrees::at(const BigCount &Index) const {
  if (Index < 0 || Index >= Size)
    reportBug("ChainOfTrees::at: configuration index " + Index.get_str() +
              " is outside the search space of " + Size.get_str() + " configurations");
  Configuration C;
  C.Leaves.resize(Groups.size());
  BigCount Rest = Index, Digit;
  for (std::size_t G = Groups.size(); G-- > 0;) {
    BigCount Radix(static_cast<unsigned long>(Groups[G].numLeaves()));
    mpz_fdiv_qr(Rest.get_mpz_t(), Digit.get_mpz_t(), Rest.get_mpz_t(), Radix.get_mpz_t());
    C.Leaves[G] = Digit.get_ui();
  }
  return C;
}

void ChainOfTrees::checkLeaves(const Configuration &C) const {
  if (C.Leaves.size() != Groups.size())
    reportBug("ChainOfTrees: a configuration of " + std::to_string(C.Leaves.size()) +
              " groups in a space of " + std::to_string(Groups.size()));
  for (std::size_t G = 0; G < Groups.size(); ++G)
    if (C.Leaves[G] >= Groups[G].numLeaves())
      reportBug("ChainOfTrees: leaf " + std::to_string(C.Leaves[G]) + " of group " +
                std::to_string(G) + " is outside its " + std::to_string(Groups[G].numLeaves()) +
                " configurations");
}

std::size_t ChainOfTrees::checkedGroupOfLevel(std::size_t L) const {
  if (L >= numLevels())
    reportBug("ChainOfTrees: level " + std::to_string(L) + " of a space of " +
              std::to_string(numLevels()) + " levels");
  return LevelGroup[L];
}

BigCount ChainOfTrees::indexOf(const Configuration &C) const {
  checkLeaves(C);
  BigCount Index = 0;
  for (std::size_t G = 0; G < Groups.size(); ++G) {
    Index *= BigCount(static_cast<unsigned long>(Groups[G].numLeaves()));
    Index += BigCount(static_cast<unsigned long>(C.Leaves[G]));
  }
  return Index;
}

Configuration ChainOfTrees::atCoordinates(std::span<const double> Coordinates) const {
  if (Coordinates.size() != numLevels())
    reportBug("ChainOfTrees::atCoordinates: expected " + std::to_string(numLevels()) +
              " coordinates, got " + std::to_string(Coordinates.size()));
  if (empty())
    reportBug("ChainOfTrees::atCoordinates: the search space is empty");
  Configuration C;
  C.Leaves.resize(Groups.size());
  for (std::size_t G = 0; G < Groups.size(); ++G) {
    const GroupTree &Tree = Groups[G];
    std::uint64_t Begin = 0, End = Tree.numLeaves(), Node = 0;
    for (std::size_t L = 0; L < Tree.numLevels(); ++L) {
      double X = Coordinates[GroupFirstLevel[G] + L];
      if (!(X > 0.0 && X <= 1.0))
        reportBug("ChainOfTrees::atCoordinates: coordinate " + std::to_string(X) +
                  " is outside (0,1]");
      // The leaf at relative position X of [Begin, End), then its child.
      const std::uint64_t Width = End - Begin;
      auto Offset = static_cast<std::uint64_t>(std::ceil(X * static_cast<double>(Width)));
      Offset = std::clamp<std::uint64_t>(Offset, 1, Width) - 1;
      Node = Tree.childHoldingLeaf(L, Node, Begin + Offset);
      Begin = Tree.firstLeaf(L, Node);
      End = Tree.firstLeaf(L, Node + 1);
    }
    C.Leaves[G] = Node;
  }
  return C;
}

std::vector<double> ChainOfTrees::coordinatesOf(const Configuration &C) const {
  checkLeaves(C);
  std::vector<double> Coordinates(numLevels());
  std::vector<std::uint64_t> Path;
  for (std::size_t G = 0; G < Groups.size(); ++G) {
    const GroupTree &Tree = Groups[G];
    Path.resize(Tree.numLevels());
    Tree.pathOfLeaf(C.Leaves[G], Path.data());
    std::uint64_t Begin = 0, End = Tree.numLeaves();
    for (std::size_t L = 0; L < Tree.numLevels(); ++L) {
      const std::uint64_t A = Tree.firstLeaf(L, Path[L]), B = Tree.firstLeaf(L, Path[L] + 1);
      Coordinates[GroupFirstLevel[G] + L] = cellCentre(A, B, Begin, End);
      Begin = A;
      End = B;
    }
  }
  return Coordinates;
}

std::vector<Configuration> ChainOfTrees::neighbours(const Configuration &C,
                                                    std::size_t Level) const {
  std::vector<double> Coordinates = coordinatesOf(C);
  const std::size_t G = checkedGroupOfLevel(Level), L = Level - GroupFirstLevel[G];
  const GroupTree &Tree = Groups[G];
  std::vector<std::uint64_t> Path(Tree.numLevels());
  Tree.pathOfLeaf(C.Leaves[G], Path.data());
  const std::uint64_t First = L == 0 ? 0 : Tree.childBegin(L - 1, Path[L - 1]);
  const std::uint64_t Last = L == 0 ? Tree.numNodes(0) : Tree.childEnd(L - 1, Path[L - 1]);
  const std::uint64_t Begin = Tree.firstLeaf(L, First), End = Tree.firstLeaf(L, Last);
  std::vector<Configuration> Result;
  // Path[L] - 1 wraps around for the first node and fails the range check.
  for (std::uint64_t Sibling : {Path[L] - 1, Path[L] + 1}) {
    if (Sibling < First || Sibling >= Last)
      continue;
    const std::uint64_t A = Tree.firstLeaf(L, Sibling), B = Tree.firstLeaf(L, Sibling + 1);
    Coordinates[Level] = cellCentre(A, B, Begin, End);
    Result.push_back(atCoordinates(Coordinates));
  }
  return Result;
}

std::vector<Configuration> ChainOfTrees::parameterNeighbours(const Configuration &C,
                                                             std::size_t Level, Move Kind,
                                                             std::size_t Limit) const {
  checkLeaves(C);
  const std::size_t G = checkedGroupOfLevel(Level), L = Level - GroupFirstLevel[G];
  const GroupTree &Tree = Groups[G];
  std::vector<std::uint64_t> Path(Tree.numLevels()), Values(Tree.numLevels());
  Tree.pathOfLeaf(C.Leaves[G], Path.data());
  for (std::size_t M = 0; M < Tree.numLevels(); ++M)
    Values[M] = Tree.valueIndex(M, Path[M]);
  const auto [First, Last] = Tree.childrenOf(L, L == 0 ? 0 : Path[L - 1]);
  // A sibling of C's node is a neighbour when the values below it exist
  // under it too.
  auto LeafOf = [&](std::uint64_t Sibling) { return Tree.leafBelow(L, Sibling, Values.data()); };
  std::vector<Configuration> Result;
  auto Add = [&](std::uint64_t Leaf) {
    Configuration N = C;
    N.Leaves[G] = Leaf;
    Result.push_back(std::move(N));
  };
  if (Kind == Move::AnyValue && Last - First <= Limit) {
    for (std::uint64_t S = First; S < Last; ++S)
      if (S != Path[L])
        if (std::uint64_t Leaf = LeafOf(S); Leaf != Tree.numLeaves())
          Add(Leaf);
    return Result;
  }
  if (Kind == Move::AnyValue) {
    // Limit evenly spaced siblings; the nearest valid ones are added
    // below, then all put in ascending order.
    const std::uint64_t Count = Last - First;
    for (std::uint64_t K = 0; K < Limit; ++K) {
      // K * Count / Limit, not overflowing (Limit is small).
      const std::uint64_t S = First + Count / Limit * K + Count % Limit * K / Limit;
      if (S != Path[L])
        if (std::uint64_t Leaf = LeafOf(S); Leaf != Tree.numLeaves())
          Add(Leaf);
    }
  }
  for (std::uint64_t S = Path[L]; S-- > First;)
    if (std::uint64_t Leaf = LeafOf(S); Leaf != Tree.numLeaves()) {
      Add(Leaf);
      break;
    }
  for (std::uint64_t S = Path[L] + 1; S < Last; ++S)
    if (std::uint64_t Leaf = LeafOf(S); Leaf != Tree.numLeaves()) {
      Add(Leaf);
      break;
    }
  if (Kind == Move::AnyValue) {
    // Leaves number a group's configurations in order: sorted, each once.
    std::sort(Result.begin(), Result.end(), [G](const Configuration &A, const Configuration &B) {
      return A.Leaves[G] < B.Leaves[G];
    });
    Result.erase(std::unique(Result.begin(), Result.end(),
                             [G](const Configuration &A, const Configuration &B) {
                               return A.Leaves[G] == B.Leaves[G];
                             }),
                 Result.end());
  }
  return Result;
}

std::vector<std::uint64_t> ChainOfTrees::valueIndices(const Configuration &C) const {
  checkLeaves(C);
  std::vector<std::uint64_t> Indices;
  Indices.reserve(numLevels());
  std::vector<std::uint64_t> Path;
  for (std::size_t G = 0; G < Groups.size(); ++G) {
    const GroupTree &Tree = Groups[G];
    Path.resize(Tree.numLevels());
    Tree.pathOfLeaf(C.Leaves[G], Path.data());
    for (std::size_t L = 0; L < Tree.numLevels(); ++L)
      Indices.push_back(Tree.valueIndex(L, Path[L]));
  }
  return Indices;
}

std::optional<Configuration>
ChainOfTrees::withValueIndices(std::span<const std::uint64_t> Indices) const {
  if (Indices.size() != numLevels())
    reportBug("ChainOfTrees::withValueIndices: expected " + std::to_string(numLevels()) +
              " value indices, got " + std::to_string(Indices.size()));
  Configuration C;
  C.Leaves.resize(Groups.size());
  for (std::size_t G = 0; G < Groups.size(); ++G) {
    const GroupTree &Tree = Groups[G];
    const std::uint64_t *Values = Indices.data() + GroupFirstLevel[G];
    const std::uint64_t Root = Tree.childWithValue(0, 0, Values[0]);
    if (Root == Tree.numNodes(0))
      return std::nullopt;
    const std::uint64_t Leaf = Tree.leafBelow(0, Root, Values);
    if (Leaf == Tree.numLeaves())
      return std::nullopt;
    C.Leaves[G] = Leaf;
  }
  return C;
}

std::vector<Value> ChainOfTrees::values(const Configuration &C) const {
  const std::vector<std::uint64_t> Indices = valueIndices(C);
  std::vector<Value> Values;
  Values.reserve(Indices.size());
  for (std::size_t L = 0; L < Indices.size(); ++L)
    Values.push_back(parameter(L).ValueAt(Indices[L]));
  return Values;
}

} // namespace atfc
