//===- Search/Techniques/PatternSearch.cpp - Compass pattern search -------===//
#include "Search/Techniques/PatternSearch.h"

#include "Search/TechniqueText.h"
#include "Search/Techniques/PointMoves.h"
#include "Support/Bug.h"

#include <algorithm>

namespace atfc {

PatternSearch::PatternSearch(double Step, double Shrink, double MinStep)
    : InitialStep(Step), Shrink(Shrink), MinStep(MinStep) {}

std::string PatternSearch::checkValues(std::span<const double> Values) {
  return Values[2] <= Values[0] ? "" : "min_step must not exceed step";
}

PatternSearch::PatternSearch(std::span<const double> Values)
    : PatternSearch(Values[0], Values[1], Values[2]) {}

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
    reportBug("pattern_search: a report without a proposal");
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
