//===- Frontend/CycleReport.cpp - Where a cycle of constraints is -*- C++ -*-===//
//
// Sorts the references by position and lets firstClosedCycle
// (DependencyGraph.h) find the cycle they close first.
//
//===----------------------------------------------------------------------===//
#include "Frontend/CycleReport.h"

#include "Frontend/DependencyGraph.h"

#include <algorithm>
#include <utility>

namespace atfc {

namespace {

/// "A", "A and B", "A, B and C".
std::string listOfNames(const std::vector<std::string> &Names) {
  std::string Out;
  for (std::size_t I = 0; I < Names.size(); ++I) {
    if (I > 0)
      Out += I + 1 == Names.size() ? " and " : ", ";
    Out += Names[I];
  }
  return Out;
}

} // namespace

Diagnostic cycleDiagnostic(const std::vector<std::size_t> &Component,
                           const std::vector<ParameterReference> &References,
                           const std::vector<std::string> &ParameterNames,
                           const std::vector<SourcePosition> &Directives,
                           llvm::StringRef FileName) {
  auto InComponent = [&](std::size_t P) {
    return std::find(Component.begin(), Component.end(), P) != Component.end();
  };
  std::vector<ParameterReference> Placed;
  for (const ParameterReference &R : References)
    if (InComponent(R.From) && InComponent(R.To) && R.From != R.To)
      Placed.push_back(R);
  std::stable_sort(Placed.begin(), Placed.end(), [](const auto &A, const auto &B) {
    return std::pair(A.Where.Line, A.Where.Column) < std::pair(B.Where.Line, B.Where.Column);
  });
  std::vector<DependencyEdge> Edges;
  for (const ParameterReference &R : Placed)
    Edges.push_back({R.From, R.To});
  const std::vector<std::size_t> Cycle = firstClosedCycle(Edges);

  auto Link = [&](const ParameterReference &R) {
    return "the constraint of " + quoted(ParameterNames[R.From]) + " names " +
           quoted(ParameterNames[R.To]) + " here";
  };
  std::vector<std::size_t> Members;
  for (std::size_t E : Cycle)
    Members.push_back(Placed[E].From);
  std::sort(Members.begin(), Members.end());
  std::vector<std::string> Names;
  for (std::size_t P : Members.empty() ? Component : Members)
    Names.push_back(ParameterNames[P]);
  const SourcePosition At =
      Cycle.empty() ? Directives[Component.front()] : Placed[Cycle.back()].Where;
  Diagnostic D = diagnosticAt(
      Severity::Error, {FileName.str(), At.Line, At.Column},
      "cyclic constraints between parameters " + listOfNames(Names) + ": " +
          (Cycle.empty() ? "" : Link(Placed[Cycle.back()]) + ", which closes the cycle; ") +
          "each needs the value of another to be generated first; remove one of these names "
          "from its constraint");
  for (std::size_t I = 0; I + 1 < Cycle.size(); ++I) {
    const ParameterReference &R = Placed[Cycle[I]];
    D.Notes.push_back(
        diagnosticAt(Severity::Note, {FileName.str(), R.Where.Line, R.Where.Column}, Link(R)));
  }
  return D;
}

} // namespace atfc
