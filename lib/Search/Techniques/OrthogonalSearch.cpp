//===- Search/Techniques/OrthogonalSearch.cpp - Orthogonal logarithmic search --===//
#include "Search/Techniques/OrthogonalSearch.h"

#include "Search/TechniqueText.h"

#include <algorithm>

namespace atfc {

OrthogonalSearch::OrthogonalSearch(std::size_t Samples) : Phase{Samples} {}

OrthogonalSearch::OrthogonalSearch(std::span<const double> Values)
    : OrthogonalSearch(static_cast<std::size_t>(Values[0])) {}

std::string OrthogonalSearch::describe() const {
  return callText("orthogonal_search", {static_cast<double>(Phase.Samples)});
}

void OrthogonalSearch::start() {
  Phase.Sampled = 0;
  SampleBest.reset();
  SampleBestCost.reset();
  Sweeping = false;
  Line.clear();
  Sweeps = Restarts = 0;
}

void OrthogonalSearch::learn(const Configuration &C, const OptionalCost &Result, bool Own) {
  if (Own && !Sweeping && (!SampleBest || betterCost(Result, SampleBestCost))) {
    SampleBest = C;
    SampleBestCost = Result;
  }
}

const OptionalCost &OrthogonalSearch::costOn(std::size_t I) const {
  static const OptionalCost Unknown;
  const OptionalCost *Result = resultOf(Line[I]);
  return Result ? *Result : Unknown;
}

bool OrthogonalSearch::startLine(std::size_t FirstLevel) {
  for (Level = FirstLevel; Level < space().numLevels(); ++Level) {
    Line = space().parameterNeighbours(Current, Level, ChainOfTrees::Move::AnyValue);
    if (Line.empty())
      continue;
    // The neighbours are in value order; Current goes where its value does.
    const std::uint64_t Own = space().valueIndices(Current)[Level];
    auto At = std::find_if(Line.begin(), Line.end(), [&](const Configuration &C) {
      return space().valueIndices(C)[Level] > Own;
    });
    Line.insert(At, Current);
    Lo = 0;
    Hi = Line.size() - 1;
    return true;
  }
  return false;
}

std::vector<std::size_t> OrthogonalSearch::probes() const {
  if (Hi - Lo >= 3) {
    const std::size_t Third = (Hi - Lo) / 3;
    return {Lo + Third, Hi - Third};
  }
  std::vector<std::size_t> All;
  for (std::size_t I = Lo; I <= Hi; ++I)
    All.push_back(I);
  return All;
}

void OrthogonalSearch::narrow() {
  const std::size_t Third = (Hi - Lo) / 3;
  const std::size_t M1 = Lo + Third, M2 = Hi - Third;
  // For a unimodal line the optimum is on the better probe's side; on a
  // tie, between the two.
  if (betterCost(costOn(M1), costOn(M2))) {
    Hi = M2 - 1;
  } else if (betterCost(costOn(M2), costOn(M1))) {
    Lo = M1 + 1;
  } else {
    Lo = M1;
    Hi = M2;
  }
}

void OrthogonalSearch::finishLine() {
  for (std::size_t I = 0; I < Line.size(); ++I)
    if (resultOf(Line[I]) && betterCost(costOn(I), CurrentCost)) {
      Current = Line[I];
      CurrentCost = costOn(I);
      SweepChanged = true;
    }
  Line.clear();
}

std::vector<Configuration> OrthogonalSearch::next(std::size_t Max) {
  // Every step below either proposes, narrows a bracket, ends a line or a
  // sweep, or starts again with new samples, which always propose.
  while (true) {
    if (!Sweeping) {
      if (std::vector<Configuration> Batch = phaseSamples(Phase, Max); !Batch.empty())
        return Batch;
      if (!SampleBest) { // every sample was known before: start from the best known
        SampleBest = best() ? *best() : unknownSample();
        SampleBestCost = best() ? bestCost() : OptionalCost();
      }
      Current = *SampleBest;
      CurrentCost = SampleBestCost;
      Sweeping = true;
      SweepChanged = false;
      ++Sweeps;
      if (!startLine(0)) { // one configuration: nothing to sweep
        Sweeping = false;
        Phase.Sampled = 0;
        SampleBest.reset();
        return {unknownSample()};
      }
    }
    std::vector<Configuration> Batch;
    for (std::size_t I : probes())
      if (!resultOf(Line[I]) && Batch.size() < Max)
        Batch.push_back(Line[I]);
    if (!Batch.empty())
      return Batch;
    if (Hi - Lo >= 3) {
      narrow();
      continue;
    }
    finishLine();
    if (startLine(Level + 1))
      continue;
    if (SweepChanged) { // another sweep from the new point
      SweepChanged = false;
      ++Sweeps;
      if (startLine(0))
        continue;
    }
    // A local optimum: new samples.
    ++Restarts;
    Sweeping = false;
    Phase.Sampled = 0;
    SampleBest.reset();
    SampleBestCost.reset();
  }
}

} // namespace atfc
