//===- Search/Techniques/ShrinkingSample.cpp - The shrinking-sample search --===//
#include "Search/Techniques/ShrinkingSample.h"

#include "Search/TechniqueText.h"
#include "Search/Techniques/PointMoves.h"
#include "Support/Bug.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace atfc {

ShrinkingSample::ShrinkingSample(std::size_t Partitions, std::size_t Threshold,
                                 std::size_t MaxRound)
    : Partitions(Partitions), Threshold(Threshold), MaxRound(MaxRound) {}

ShrinkingSample::ShrinkingSample(std::span<const double> Values)
    : ShrinkingSample(static_cast<std::size_t>(Values[0]), static_cast<std::size_t>(Values[1]),
                      static_cast<std::size_t>(Values[2])) {}

void ShrinkingSample::initialize(const SearchDomain &TheDomain, std::uint64_t Seed) {
  Domain = &TheDomain;
  Rng.seed(Seed);
  Offset = 0.5;
  startCycle();
}

void ShrinkingSample::startCycle() {
  const std::size_t D = Domain->dimensions();
  Lo.assign(D, 0.0);
  Hi.assign(D, 1.0);
  Stopped.assign(D, false);
  Choices.assign(D, {});
  Final = false;
  Queue.clear();
  RoundBest.clear();
  RoundBestCost.reset();
}

std::vector<double> ShrinkingSample::cellsInside(const Point &Where, std::size_t I) const {
  const ChainOfTrees &Space = Domain->space();
  const std::size_t Level = Domain->levelOf(I);
  const Configuration Here = Domain->configurationAt(Where);
  std::vector<double> Inside;
  auto Keep = [&](const Configuration &C) {
    const double X = Domain->pointOf(C)[I];
    if (X > Lo[I] && X <= Hi[I])
      Inside.push_back(X);
  };
  Keep(Here);
  // Walk the siblings on this level to both sides.
  for (int Side = 0; Side < 2; ++Side) {
    Configuration C = Here;
    for (;;) {
      std::vector<Configuration> Next = Space.neighbours(C, Level);
      const Configuration *Step = nullptr;
      for (const Configuration &N : Next)
        if ((Side == 0) == (N < C)) // the previous sibling has the smaller index
          Step = &N;
      if (!Step)
        break;
      C = *Step;
      Keep(C);
    }
  }
  std::sort(Inside.begin(), Inside.end());
  return Inside;
}

void ShrinkingSample::buildRound() {
  const std::size_t D = Domain->dimensions();
  std::size_t Combinations = 1;
  for (std::size_t I = 0; I < D; ++I) {
    if (!Final && !Stopped[I]) {
      Choices[I].clear();
      for (std::size_t J = 0; J < Partitions; ++J)
        Choices[I].push_back(
            clampIntoUnit(Lo[I] + (double(J) + Offset) * (Hi[I] - Lo[I]) / double(Partitions)));
    }
    Combinations = Combinations > MaxRound ? Combinations : Combinations * Choices[I].size();
  }
  std::set<Point> Round;
  if (Combinations <= MaxRound) {
    // Every combination, as a mixed-radix counter over the dimensions.
    std::vector<std::size_t> Digit(D, 0);
    for (;;) {
      Point P(D);
      for (std::size_t I = 0; I < D; ++I)
        P[I] = Choices[I][Digit[I]];
      Round.insert(std::move(P));
      std::size_t I = 0;
      while (I < D && ++Digit[I] == Choices[I].size())
        Digit[I++] = 0;
      if (I == D)
        break;
    }
  } else {
    for (std::size_t N = 0; N < MaxRound; ++N) {
      Point P(D);
      for (std::size_t I = 0; I < D; ++I)
        P[I] =
            Choices[I][std::uniform_int_distribution<std::size_t>(0, Choices[I].size() - 1)(Rng)];
      Round.insert(std::move(P));
    }
  }
  Queue.assign(Round.begin(), Round.end());
  RoundBest.clear();
  RoundBestCost.reset();
}

void ShrinkingSample::finishRound() {
  const std::size_t D = Domain->dimensions();
  if (Final || !RoundBestCost) {
    // A cycle ends, or found nothing valid: start again with the medians
    // elsewhere.
    Offset = std::uniform_real_distribution<double>(0.05, 0.95)(Rng);
    startCycle();
    return;
  }
  bool AllStopped = true;
  for (std::size_t I = 0; I < D; ++I) {
    if (Stopped[I])
      continue;
    const double Width = (Hi[I] - Lo[I]) / double(Partitions);
    const auto J = std::min<std::size_t>(
        Partitions - 1, static_cast<std::size_t>(std::max(0.0, (RoundBest[I] - Lo[I]) / Width)));
    Lo[I] = Lo[I] + double(J) * Width;
    Hi[I] = Lo[I] + Width;
    const std::vector<double> Cells = cellsInside(RoundBest, I);
    if (Cells.size() <= Threshold) {
      Stopped[I] = true;
      Choices[I] = Cells.empty() ? std::vector<double>{RoundBest[I]} : Cells;
    } else {
      AllStopped = false;
    }
  }
  if (AllStopped)
    Final = true;
}

std::vector<Point> ShrinkingSample::propose(std::size_t Max) {
  if (Queue.empty() && Outstanding == 0)
    buildRound();
  std::vector<Point> Batch = takeBatch(Queue, Max, [](Point &&P) { return std::move(P); });
  Outstanding = Batch.size();
  return Batch;
}

void ShrinkingSample::report(std::span<const double> Where, const OptionalCost &Result) {
  if (Outstanding == 0)
    reportBug("shrinking_sample: a report without a proposal");
  --Outstanding;
  if (betterCost(Result, RoundBestCost)) {
    RoundBest.assign(Where.begin(), Where.end());
    RoundBestCost = Result;
  }
  if (Outstanding == 0 && Queue.empty())
    finishRound();
}

std::string ShrinkingSample::describe() const {
  return callText("shrinking_sample", {double(Partitions), double(Threshold), double(MaxRound)});
}

} // namespace atfc
