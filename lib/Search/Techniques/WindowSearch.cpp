//===- Search/Techniques/WindowSearch.cpp - Window search -----------------===//
#include "Search/Techniques/WindowSearch.h"

#include "Search/TechniqueText.h"
#include "Search/Techniques/PointMoves.h"

#include <algorithm>
#include <cmath>

namespace atfc {

WindowSearch::WindowSearch(std::size_t Sample, double Fraction)
    : Sample(Sample), Fraction(Fraction) {}

WindowSearch::WindowSearch(std::span<const double> Values)
    : WindowSearch(static_cast<std::size_t>(Values[0]), Values[1]) {}

std::string WindowSearch::describe() const {
  return callText("window_search", {static_cast<double>(Sample), Fraction});
}

void WindowSearch::start() {
  Cycles = 0;
  newCycle();
}

void WindowSearch::newCycle() {
  ++Cycles;
  Volume = 1.0;
  Side = 1.0;
  Corner.assign(domain().dimensions(), 0.0);
  LeftInRound = Sample;
  CycleBest.reset();
  CycleBestCost.reset();
}

void WindowSearch::learn(const Configuration &C, const OptionalCost &Result, bool Own) {
  if (Own && (!CycleBest || betterCost(Result, CycleBestCost))) {
    CycleBest = C;
    CycleBestCost = Result;
  }
}

bool WindowSearch::shrink() {
  const std::size_t D = domain().dimensions();
  const double Next = Volume * Fraction;
  if (!CycleBest || D == 0 || Next * domain().size().get_d() < static_cast<double>(Sample))
    return false;
  Volume = Next;
  Side = std::pow(Volume, 1.0 / static_cast<double>(D));
  const std::vector<double> Centre = domain().pointOf(*CycleBest);
  for (std::size_t I = 0; I < D; ++I)
    Corner[I] = std::clamp(Centre[I] - Side / 2, 0.0, 1.0 - Side);
  return true;
}

std::optional<Configuration> WindowSearch::drawInWindow(const std::vector<Configuration> &Batch) {
  auto New = [&](const Configuration &C) {
    return !known(C) && std::find(Batch.begin(), Batch.end(), C) == Batch.end();
  };
  if (Volume == 1.0) {
    for (int Try = 0; Try < 4; ++Try)
      if (Configuration C = unknownSample(); New(C))
        return C;
    return std::nullopt;
  }
  std::uniform_real_distribution<double> Unit(0.0, 1.0);
  Point P(Corner.size());
  for (int Try = 0; Try < 32; ++Try) {
    for (std::size_t I = 0; I < P.size(); ++I)
      P[I] = clampIntoUnit(Corner[I] + Side * (1.0 - Unit(Rng)));
    Configuration C = domain().configurationAt(P);
    if (New(C))
      return C;
  }
  return std::nullopt;
}

std::vector<Configuration> WindowSearch::next(std::size_t Max) {
  if (LeftInRound == 0) { // the round's results are in
    LeftInRound = Sample;
    if (!shrink())
      newCycle();
  }
  std::vector<Configuration> Batch;
  while (Batch.size() < Max && LeftInRound > 0) {
    std::optional<Configuration> C = drawInWindow(Batch);
    if (!C)
      break;
    Batch.push_back(std::move(*C));
    --LeftInRound;
  }
  if (Batch.empty()) { // nothing new in the window: the whole space again
    newCycle();
    Batch.push_back(unknownSample());
    --LeftInRound;
  }
  return Batch;
}

} // namespace atfc
