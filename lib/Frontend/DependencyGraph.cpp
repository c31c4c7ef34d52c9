//===- Frontend/DependencyGraph.cpp - Groups and generation order -*- C++ -*-===//
//
// Union-find for the groups, Kahn's algorithm with a min-heap for the order
// and Tarjan's algorithm for the cycles.
//
//===----------------------------------------------------------------------===//
#include "Frontend/DependencyGraph.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <queue>

namespace atfc {

namespace {

/// Union-find over parameter indices.
class DisjointSets {
public:
  explicit DisjointSets(std::size_t N) : Parent(N) { std::iota(Parent.begin(), Parent.end(), 0); }

  std::size_t find(std::size_t X) {
    while (Parent[X] != X)
      X = Parent[X] = Parent[Parent[X]];
    return X;
  }

  void unite(std::size_t A, std::size_t B) {
    A = find(A);
    B = find(B);
    // The smaller index becomes the root: a root is its set's first member.
    if (A != B)
      Parent[std::max(A, B)] = std::min(A, B);
  }

private:
  std::vector<std::size_t> Parent;
};

/// Tarjan's strongly connected components with more than one member.
class CycleFinder {
public:
  explicit CycleFinder(const std::vector<std::vector<std::size_t>> &Edges)
      : Edges(Edges), Index(Edges.size(), Unvisited), Low(Edges.size()),
        OnStack(Edges.size(), false) {}

  std::vector<std::vector<std::size_t>> run() {
    for (std::size_t V = 0; V < Edges.size(); ++V)
      if (Index[V] == Unvisited)
        visit(V);
    for (std::vector<std::size_t> &Cycle : Cycles)
      std::sort(Cycle.begin(), Cycle.end());
    std::sort(Cycles.begin(), Cycles.end());
    return std::move(Cycles);
  }

private:
  static constexpr std::size_t Unvisited = static_cast<std::size_t>(-1);

  // Recursive: constraint chains are as long as a file has parameters.
  void visit(std::size_t V) {
    Index[V] = Low[V] = Counter++;
    Stack.push_back(V);
    OnStack[V] = true;
    for (std::size_t W : Edges[V]) {
      if (Index[W] == Unvisited) {
        visit(W);
        Low[V] = std::min(Low[V], Low[W]);
      } else if (OnStack[W]) {
        Low[V] = std::min(Low[V], Index[W]);
      }
    }
    if (Low[V] != Index[V])
      return;
    std::vector<std::size_t> Component;
    std::size_t W;
    do {
      W = Stack.back();
      Stack.pop_back();
      OnStack[W] = false;
      Component.push_back(W);
    } while (W != V);
    if (Component.size() > 1)
      Cycles.push_back(std::move(Component));
  }

  const std::vector<std::vector<std::size_t>> &Edges;
  std::vector<std::size_t> Index, Low;
  std::vector<bool> OnStack;
  std::vector<std::size_t> Stack;
  std::size_t Counter = 0;
  std::vector<std::vector<std::size_t>> Cycles;
};

} // namespace

ParameterOrder orderParameters(const std::vector<std::vector<std::size_t>> &Dependencies) {
  const std::size_t N = Dependencies.size();

  // The edges, cleaned: no self-references, no repeats, nothing out of range.
  std::vector<std::vector<std::size_t>> DependsOn(N), Dependents(N);
  for (std::size_t P = 0; P < N; ++P) {
    for (std::size_t Q : Dependencies[P])
      if (Q != P && Q < N)
        DependsOn[P].push_back(Q);
    std::sort(DependsOn[P].begin(), DependsOn[P].end());
    DependsOn[P].erase(std::unique(DependsOn[P].begin(), DependsOn[P].end()), DependsOn[P].end());
    for (std::size_t Q : DependsOn[P])
      Dependents[Q].push_back(P);
  }

  ParameterOrder Order;
  DisjointSets Sets(N);
  for (std::size_t P = 0; P < N; ++P)
    for (std::size_t Q : DependsOn[P])
      Sets.unite(P, Q);
  Order.GroupOf.assign(N, 0);
  std::vector<std::size_t> GroupOfRoot(N, static_cast<std::size_t>(-1));
  std::vector<std::vector<std::size_t>> Members;
  for (std::size_t P = 0; P < N; ++P) {
    const std::size_t Root = Sets.find(P);
    if (GroupOfRoot[Root] == static_cast<std::size_t>(-1)) {
      GroupOfRoot[Root] = Members.size();
      Members.emplace_back();
    }
    Order.GroupOf[P] = GroupOfRoot[Root];
    Members[GroupOfRoot[Root]].push_back(P);
  }

  // Kahn's algorithm per group; the heap yields the first-declared ready one.
  std::vector<std::size_t> Missing(N);
  for (std::size_t P = 0; P < N; ++P)
    Missing[P] = DependsOn[P].size();
  std::vector<bool> Placed(N, false);
  for (const std::vector<std::size_t> &Group : Members) {
    std::priority_queue<std::size_t, std::vector<std::size_t>, std::greater<>> Ready;
    for (std::size_t P : Group)
      if (Missing[P] == 0)
        Ready.push(P);
    std::vector<std::size_t> Sequence;
    while (Sequence.size() < Group.size()) {
      std::size_t Next;
      if (!Ready.empty()) {
        Next = Ready.top();
        Ready.pop();
        if (Placed[Next])
          continue;
      } else {
        // A cycle blocks every remaining member: go on with the first one.
        Next = *std::find_if(Group.begin(), Group.end(), [&](std::size_t P) { return !Placed[P]; });
      }
      Placed[Next] = true;
      Sequence.push_back(Next);
      for (std::size_t D : Dependents[Next])
        if (--Missing[D] == 0 && !Placed[D])
          Ready.push(D);
    }
    Order.Groups.push_back(std::move(Sequence));
  }

  Order.Cycles = CycleFinder(DependsOn).run();
  return Order;
}

std::vector<std::size_t> firstClosedCycle(const std::vector<DependencyEdge> &Edges) {
  std::size_t N = 0;
  for (const DependencyEdge &E : Edges)
    N = std::max({N, E.From + 1, E.To + 1});
  // Per parameter: the indices into Edges of its outgoing edges added so far.
  std::vector<std::vector<std::size_t>> Out(N);
  for (std::size_t Closing = 0; Closing < Edges.size(); ++Closing) {
    const DependencyEdge &Edge = Edges[Closing];
    if (Edge.From == Edge.To)
      continue;
    // A path To -> ... -> From among the earlier edges closes the cycle;
    // breadth first, so that the cycle reported is a shortest one.
    constexpr std::size_t None = static_cast<std::size_t>(-1);
    std::vector<std::size_t> ReachedBy(N, None);
    std::vector<bool> Seen(N, false);
    std::queue<std::size_t> Frontier;
    Frontier.push(Edge.To);
    Seen[Edge.To] = true;
    while (!Frontier.empty() && !Seen[Edge.From]) {
      const std::size_t P = Frontier.front();
      Frontier.pop();
      for (std::size_t E : Out[P])
        if (!Seen[Edges[E].To]) {
          Seen[Edges[E].To] = true;
          ReachedBy[Edges[E].To] = E;
          Frontier.push(Edges[E].To);
        }
    }
    if (Seen[Edge.From]) {
      std::vector<std::size_t> Cycle;
      for (std::size_t P = Edge.From; P != Edge.To; P = Edges[ReachedBy[P]].From)
        Cycle.push_back(ReachedBy[P]);
      std::reverse(Cycle.begin(), Cycle.end());
      Cycle.push_back(Closing);
      return Cycle;
    }
    Out[Edge.From].push_back(Closing);
  }
  return {};
}

} // namespace atfc
