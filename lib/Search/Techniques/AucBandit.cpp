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

bool AucBandit::canPropose(std::size_t A) const {
  return Arms[A]->asynchronous() || std::none_of(Owners.begin(), Owners.end(),
                                                 [A](const Outstanding &O) { return O.Arm == A; });
}

std::optional<std::size_t> AucBandit::chooseArm() {
  // Visit the arms in a random order so that ties go to a random arm.
  std::vector<std::size_t> Order(Arms.size());
  for (std::size_t A = 0; A < Order.size(); ++A)
    Order[A] = A;
  std::shuffle(Order.begin(), Order.end(), Rng);
  std::optional<std::size_t> Chosen;
  double BestScore = 0;
  for (std::size_t A : Order) {
    if (!canPropose(A))
      continue;
    const double S = score(A);
    if (!Chosen || S > BestScore) {
      BestScore = S;
      Chosen = A;
    }
  }
  return Chosen;
}

std::vector<Point> AucBandit::propose(std::size_t Max) {
  Max = std::max<std::size_t>(Max, 1);
  std::vector<Point> Batch;
  const std::optional<std::size_t> Chosen = chooseArm();
  if (!Chosen)
    return Batch; // every arm awaits its batch's results
  auto Take = [&](std::size_t A) {
    for (Point &P : Arms[A]->propose(Max - Batch.size())) {
      Owners.push_back({P, A, std::nullopt});
      Batch.push_back(std::move(P));
    }
  };
  Take(*Chosen);
  // An arm that says fewer points ahead than the batch holds (a local
  // search's few neighbours) leaves ranks idle: the other arms, best score
  // first, fill the rest (docs/scale-out.md). A batch of one is the arm's.
  if (Batch.size() < Max) {
    std::vector<std::size_t> Others;
    for (std::size_t A = 0; A < Arms.size(); ++A)
      if (A != *Chosen && canPropose(A))
        Others.push_back(A);
    std::stable_sort(Others.begin(), Others.end(),
                     [&](std::size_t A, std::size_t B) { return score(A) > score(B); });
    for (std::size_t A : Others)
      if (Batch.size() < Max)
        Take(A);
  }
  return Batch;
}

void AucBandit::deliver(std::size_t A) {
  // An arm that is not asynchronous gets its results in its order: none
  // past the first still measured.
  const bool InOrder = !Arms[A]->asynchronous();
  for (auto It = Owners.begin(); It != Owners.end();) {
    if (It->Arm != A || !It->Result) {
      if (It->Arm == A && InOrder)
        break;
      ++It;
      continue;
    }
    Arms[A]->report(It->Where, *It->Result);
    const bool Revisit = !Seen.insert(Domain->configurationAt(It->Where)).second;
    Revisits[A] = Revisit ? Revisits[A] + 1 : 0;
    It = Owners.erase(It);
  }
  const bool ArmDone =
      std::none_of(Owners.begin(), Owners.end(), [A](const Outstanding &O) { return O.Arm == A; });
  if (ArmDone && Revisits[A] >= kRestartAfterRevisits) {
    ++Restarts[A];
    Arms[A]->initialize(*Domain, Seed ^ (kSplitMix64Gamma * (A + 1)) ^
                                     (0xd1b54a32d192ed03ULL * Restarts[A]));
    Revisits[A] = 0;
  }
}

void AucBandit::report(std::span<const double> Where, const OptionalCost &Result) {
  // The first point proposed at Where that awaits its result (in the order
  // proposed, the front).
  auto It = std::find_if(Owners.begin(), Owners.end(), [&](const Outstanding &O) {
    return !O.Result && std::equal(O.Where.begin(), O.Where.end(), Where.begin(), Where.end());
  });
  if (It == Owners.end())
    reportBug("auc_bandit: a report without a proposal");
  const std::size_t Arm = It->Arm;
  It->Result = Result;
  deliver(Arm);
  for (std::size_t A = 0; A < Arms.size(); ++A)
    if (A != Arm)
      if (auto *Observer = dynamic_cast<ObservingTechnique *>(Arms[A].get()))
        Observer->observe(Where, Result);

  const bool Success = betterCost(Result, Best);
  if (Success)
    Best = Result;
  History.push_back({Arm, Success});
  ++WindowUses[Arm];
  ++TotalUses[Arm];
  while (History.size() > Window) {
    --WindowUses[History.front().Arm];
    History.pop_front();
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
