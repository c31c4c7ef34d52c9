//===- Replay/RecordedSpace.cpp - The space recorded data covers --------===//
#include "Replay/RecordedSpace.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <numeric>

namespace atfc {

bool valueLess(const Value &A, const Value &B) {
  if (A.index() != B.index())
    return A.index() < B.index();
  return std::visit(
      [&](const auto &X) {
        using T = std::decay_t<decltype(X)>;
        return X < std::get<T>(B);
      },
      A);
}

Expected<RecordedSpace> buildRecordedSpace(const RecordedData &Data) {
  const auto Start = std::chrono::steady_clock::now();
  const std::size_t K = Data.Parameters.size(), N = Data.Entries.size();
  if (N > std::numeric_limits<std::uint32_t>::max())
    return Error("recorded data with 2^32 or more configurations");

  // Each parameter's range: its observed values, sorted; every entry's
  // values as positions in those ranges.
  std::vector<std::shared_ptr<const std::vector<Value>>> Ranges(K);
  std::vector<std::uint32_t> Position(N * K); // entry-major
  for (std::size_t P = 0; P < K; ++P) {
    std::vector<Value> Observed;
    for (const EvaluationRecord &E : Data.Entries)
      Observed.push_back(E.Configuration[P].Val);
    std::sort(Observed.begin(), Observed.end(), valueLess);
    Observed.erase(std::unique(Observed.begin(), Observed.end()), Observed.end());
    for (std::size_t I = 0; I < N; ++I)
      Position[I * K + P] = static_cast<std::uint32_t>(
          std::lower_bound(Observed.begin(), Observed.end(), Data.Entries[I].Configuration[P].Val,
                           valueLess) -
          Observed.begin());
    Ranges[P] = std::make_shared<const std::vector<Value>>(std::move(Observed));
  }

  // The configurations in lexicographic order of their positions: the
  // depth-first order of the tree's leaves.
  RecordedSpace Result;
  std::vector<std::uint32_t> &Order = Result.EntryOfLeaf;
  Order.resize(N);
  std::iota(Order.begin(), Order.end(), 0);
  auto Row = [&](std::uint32_t I) { return Position.begin() + static_cast<std::ptrdiff_t>(I * K); };
  std::sort(Order.begin(), Order.end(), [&](std::uint32_t A, std::uint32_t B) {
    return std::lexicographical_compare(Row(A), Row(A) + static_cast<std::ptrdiff_t>(K), Row(B),
                                        Row(B) + static_cast<std::ptrdiff_t>(K));
  });

  std::vector<ParameterInfo> Params(K);
  std::vector<TreeSegment> Levels(K);
  for (std::size_t P = 0; P < K; ++P) {
    ValueKind Kind = ValueKind::Int;
    if (!Ranges[P]->empty())
      Kind = static_cast<ValueKind>(Ranges[P]->front().index());
    Params[P] = ParameterInfo{Data.Parameters[P], Kind, Ranges[P]->size(),
                              [R = Ranges[P]](std::uint64_t I) { return (*R)[I]; }};
    Levels[P].Values = PackedIndexArray(Ranges[P]->empty() ? 0 : Ranges[P]->size() - 1);
  }
  // A node of level P starts wherever a configuration differs from the one
  // before it in a parameter up to P; its children are the nodes of level
  // P+1 that follow until the next node of level P.
  std::vector<std::uint64_t> Nodes(K, 0);
  for (std::size_t J = 0; J < N; ++J) {
    std::size_t Shared = 0;
    if (J > 0)
      while (Shared < K && Row(Order[J])[static_cast<std::ptrdiff_t>(Shared)] ==
                               Row(Order[J - 1])[static_cast<std::ptrdiff_t>(Shared)])
        ++Shared;
    if (Shared == K) {
      std::string Twice;
      for (std::size_t P = 0; P < K; ++P)
        Twice += (P ? ", " : "") + Data.Parameters[P] + "=" +
                 toString(Data.Entries[Order[J]].Configuration[P].Val);
      return Error("recorded data holds a configuration twice (" + Twice + ")");
    }
    for (std::size_t P = Shared; P < K; ++P) {
      Levels[P].Values.push_back(Row(Order[J])[static_cast<std::ptrdiff_t>(P)]);
      if (P + 1 < K)
        Levels[P].FirstChild.push_back(Nodes[P + 1]);
      ++Nodes[P];
    }
  }
  std::vector<LevelStats> Stats(K);
  for (std::size_t P = 0; P < K; ++P) {
    if (P + 1 < K)
      Levels[P].FirstChild.push_back(Nodes[P + 1]); // end sentinel
    Levels[P].Values.shrinkToFit();
    Levels[P].FirstChild.shrinkToFit();
    Stats[P].ParentVisits = P == 0 ? 1 : Nodes[P - 1];
    Stats[P].Accepted = Nodes[P];
  }
  std::vector<std::vector<TreeSegment>> Segments(K);
  for (std::size_t P = 0; P < K; ++P)
    Segments[P].push_back(std::move(Levels[P]));
  const double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  std::vector<GroupTree> Groups;
  Groups.emplace_back(std::move(Params), std::move(Segments), std::move(Stats), Seconds);
  Result.Space = ChainOfTrees(std::move(Groups), Seconds);
  return Result;
}

Expected<ChainOfTrees> recordedSpace(const RecordedData &Data) {
  Expected<RecordedSpace> Built = buildRecordedSpace(Data);
  if (!Built)
    return Built.takeError();
  return std::move(Built->Space);
}

} // namespace atfc
