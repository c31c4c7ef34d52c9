//===- Search/PatternSearch.cpp - Compass pattern search ------------------===//
#include "Search/PatternSearch.h"

#include "Search/PointMoves.h"
#include "Search/TechniqueText.h"

#include <algorithm>
#include <stdexcept>

namespace atfc {

PatternSearch::PatternSearch(double Step, double Shrink, double MinStep)
    : InitialStep(Step), Shrink(Shrink), MinStep(MinStep) {
  if (!(MinStep > 0.0 && MinStep <= Step && Step <= 1.0))
    throw std::invalid_argument("pattern_search: needs 0 < min_step <= step <= 1");
  if (!(Shrink > 0.0 && Shrink < 1.0))
    throw std::invalid_argument("pattern_search: the shrink factor must lie in (0,1)");
}

PatternSearch::PatternSearch(std::span<const double> Numbers)
    : PatternSearch(numberOr(Numbers, 0, kDefaultStep), numberOr(Numbers, 1, kDefaultShrink),
                    numberOr(Numbers, 2, kDefaultMinStep)) {}

std::string PatternSearch::checkNumbers(std::span<const double> Numbers) {
  return numbersProblem<PatternSearch>(Numbers);
}

void PatternSearch::initialize(const SearchDomain &TheDomain, std::uint64_t Seed) {
  Domain = &TheDomain;
  Rng.seed(Seed);
  restart();
}

void PatternSearch::restart() {
  Base = uniformPoint(Domain->dimensions(), Rng);
  BaseCost.reset();
  BaseUnmeasured = true;
  Step = InitialStep;
  Queue.clear();
}

void PatternSearch::buildPoll() {
  // Shrink until some move leaves the base's cell; a collapsed step
  // starts the search elsewhere.
  const Configuration Here = Domain->configurationAt(Base);
  while (Queue.empty()) {
    for (std::size_t I = 0; I < Base.size(); ++I)
      for (double Sign : {-1.0, 1.0}) {
        const double X = Base[I] + Sign * Step;
        if (X <= 0.0 || X > 1.0)
          continue;
        Point Poll = Base; // a copy: the base stays as it is
        Poll[I] = X;
        if (!(Domain->configurationAt(Poll) == Here))
          Queue.push_back(std::move(Poll));
      }
    if (!Queue.empty())
      break;
    Step *= Shrink;
    if (Step < MinStep) {
      restart();
      return;
    }
  }
  BestPoll.clear();
  BestPollCost.reset();
}

std::vector<Point> PatternSearch::propose(std::size_t Max) {
  if (BaseUnmeasured) {
    Outstanding = 1;
    return {Base};
  }
  if (Queue.empty() && Outstanding == 0)
    buildPoll();
  if (BaseUnmeasured) { // the poll collapsed and restarted
    Outstanding = 1;
    return {Base};
  }
  std::vector<Point> Batch = takeBatch(Queue, Max, [](Point &&P) { return std::move(P); });
  Outstanding = Batch.size();
  return Batch;
}

void PatternSearch::report(std::span<const double> Where, const OptionalCost &Result) {
  if (Outstanding == 0)
    throw std::logic_error("pattern_search: a report without a proposal");
  --Outstanding;
  if (BaseUnmeasured) {
    BaseUnmeasured = false;
    BaseCost = Result;
    if (!Result) // an invalid base has nothing to improve on
      restart();
    return;
  }
  if (betterCost(Result, BestPollCost)) {
    BestPoll.assign(Where.begin(), Where.end());
    BestPollCost = Result;
  }
  if (Outstanding != 0 || !Queue.empty())
    return;
  // The poll is complete: accept an improvement, or shrink.
  if (betterCost(BestPollCost, BaseCost)) {
    Base = BestPoll;
    BaseCost = BestPollCost;
  } else {
    Step *= Shrink;
    if (Step < MinStep)
      restart();
  }
}

std::string PatternSearch::describe() const {
  return callText("pattern_search", {InitialStep, Shrink, MinStep});
}

} // namespace atfc
