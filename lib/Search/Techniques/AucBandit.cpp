//===- Search/Techniques/AucBandit.cpp - The AUC bandit meta-technique ----===//
#include "Search/Techniques/AucBandit.h"

#include "Search/ObservingTechnique.h"
#include "Search/TechniqueText.h"
#include "Search/Techniques/BayesOpt.h"
#include "Search/Techniques/LocalSearch.h"
#include "Support/Bug.h"
#include "Support/NumberText.h"
#include "Support/SplitMix64.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

namespace atfc {

std::vector<std::unique_ptr<SearchTechnique>> AucBandit::defaultArms() {
  std::vector<std::unique_ptr<SearchTechnique>> Arms;
  // Chosen by leave-one-kernel-out cross-validation over the shipped Kernel
  // Tuner caches (docs/search.md, "The default, and how it was chosen").
  Arms.push_back(std::make_unique<LocalSearch>(24, 3, 3, false, 10));
  Arms.push_back(std::make_unique<BayesOpt>());
  return Arms;
}

AucBandit::AucBandit(std::vector<std::unique_ptr<SearchTechnique>> TheArms, double C,
                     std::size_t Window)
    : Arms(std::move(TheArms)), C(C), Window(Window) {
  assert(!Arms.empty() && "the factory checks that a bandit has arms");
}

AucBandit::AucBandit(std::span<const double> Values,
                     std::vector<std::unique_ptr<SearchTechnique>> TheArms)
    : AucBandit(std::move(TheArms), Values[0], static_cast<std::size_t>(Values[1])) {}

void AucBandit::initialize(const SearchDomain &TheDomain, std::uint64_t TheSeed) {
  Domain = &TheDomain;
  Seed = TheSeed;
  Rng.seed(TheSeed);
  for (std::size_t A = 0; A < Arms.size(); ++A)
    Arms[A]->initialize(TheDomain, TheSeed ^ (kSplitMix64Gamma * (A + 1)));
  History.clear();
  WindowUses.assign(Arms.size(), 0);
  TotalUses.assign(Arms.size(), 0);
  Revisits.assign(Arms.size(), 0);
  Restarts.assign(Arms.size(), 0);
  Seen.clear();
  Best.reset();
  Owners.clear();
}

double AucBandit::credit(std::size_t A) const {
  double Weighted = 0.0;
  std::size_t Uses = 0;
  for (const Use &U : History)
    if (U.Arm == A) {
      ++Uses;
      if (U.Success)
        Weighted += double(Uses);
    }
  if (Uses == 0)
    return 0.0;
  return Weighted * 2.0 / (double(Uses) * double(Uses + 1));
}

double AucBandit::score(std::size_t A) const {
  if (WindowUses[A] == 0)
    return std::numeric_limits<double>::infinity();
  const double Exploration =
      std::sqrt(2.0 * std::log(double(History.size())) / double(WindowUses[A]));
  return credit(A) + C * Exploration;
}

std::size_t AucBandit::chooseArm() {
  // Visit the arms in a random order so that ties go to a random arm.
  std::vector<std::size_t> Order(Arms.size());
  for (std::size_t A = 0; A < Order.size(); ++A)
    Order[A] = A;
  std::shuffle(Order.begin(), Order.end(), Rng);
  std::size_t Chosen = Order.front();
  double BestScore = score(Chosen);
  for (std::size_t A : Order) {
    const double S = score(A);
    if (S > BestScore) {
      BestScore = S;
      Chosen = A;
    }
  }
  return Chosen;
}

std::vector<Point> AucBandit::propose(std::size_t Max) {
  Max = std::max<std::size_t>(Max, 1);
  Current = chooseArm();
  std::vector<Point> Batch = Arms[Current]->propose(Max);
  Owners.assign(Batch.size(), Current);
  // An arm that says fewer points ahead than the batch holds (a local
  // search's few neighbours) leaves ranks idle: the other arms, best score
  // first, fill the rest (docs/scale-out.md). A batch of one is the arm's.
  if (Batch.size() < Max) {
    std::vector<std::size_t> Others;
    for (std::size_t A = 0; A < Arms.size(); ++A)
      if (A != Current)
        Others.push_back(A);
    std::stable_sort(Others.begin(), Others.end(),
                     [&](std::size_t A, std::size_t B) { return score(A) > score(B); });
    for (std::size_t A : Others) {
      if (Batch.size() >= Max)
        break;
      std::vector<Point> More = Arms[A]->propose(Max - Batch.size());
      Owners.insert(Owners.end(), More.size(), A);
      Batch.insert(Batch.end(), std::make_move_iterator(More.begin()),
                   std::make_move_iterator(More.end()));
    }
  }
  return Batch;
}

void AucBandit::report(std::span<const double> Where, const OptionalCost &Result) {
  if (Owners.empty())
    reportBug("auc_bandit: a report without a proposal");
  Current = Owners.front();
  Owners.pop_front();
  Arms[Current]->report(Where, Result);
  for (std::size_t A = 0; A < Arms.size(); ++A)
    if (A != Current)
      if (auto *Observer = dynamic_cast<ObservingTechnique *>(Arms[A].get()))
        Observer->observe(Where, Result);

  const bool Success = betterCost(Result, Best);
  if (Success)
    Best = Result;
  History.push_back({Current, Success});
  ++WindowUses[Current];
  ++TotalUses[Current];
  while (History.size() > Window) {
    --WindowUses[History.front().Arm];
    History.pop_front();
  }

  const bool Revisit = !Seen.insert(Domain->configurationAt(Where)).second;
  Revisits[Current] = Revisit ? Revisits[Current] + 1 : 0;
  const bool ArmDone = std::find(Owners.begin(), Owners.end(), Current) == Owners.end();
  if (ArmDone && Revisits[Current] >= kRestartAfterRevisits) {
    ++Restarts[Current];
    Arms[Current]->initialize(*Domain, Seed ^ (kSplitMix64Gamma * (Current + 1)) ^
                                           (0xd1b54a32d192ed03ULL * Restarts[Current]));
    Revisits[Current] = 0;
  }
}

void AucBandit::observe(std::span<const double> Where, const OptionalCost &Result) {
  for (const auto &Arm : Arms)
    if (auto *Observer = dynamic_cast<ObservingTechnique *>(Arm.get()))
      Observer->observe(Where, Result);
  remember(Where, Result);
}

void AucBandit::observePrior(std::span<const double> Where, const OptionalCost &Result) {
  for (const auto &Arm : Arms)
    if (auto *Observer = dynamic_cast<ObservingTechnique *>(Arm.get()))
      Observer->observePrior(Where, Result);
  remember(Where, Result);
}

void AucBandit::observeElsewhere(std::span<const double> Points, std::span<const double> Costs) {
  for (const auto &Arm : Arms)
    if (auto *Observer = dynamic_cast<ObservingTechnique *>(Arm.get()))
      Observer->observeElsewhere(Points, Costs);
}

void AucBandit::remember(std::span<const double> Where, const OptionalCost &Result) {
  if (betterCost(Result, Best))
    Best = Result;
  Seen.insert(Domain->configurationAt(Where));
}

std::string AucBandit::describe() const {
  std::vector<std::string> Arguments{shortestText(C), shortestText(double(Window))};
  for (const auto &Arm : Arms)
    Arguments.push_back(Arm->describe());
  return callText("auc_bandit", Arguments);
}

} // namespace atfc
