//===- Search/Techniques/AucBandit.h - The AUC bandit meta-technique --*- C++ -*-===//
//
// auc_bandit(c, window, arm, ...): OpenTuner's AUC bandit meta-technique,
// atfc's default technique. Each proposal goes to one arm (a technique);
// a result that improves on the run's best is a success of its arm. The
// bandit remembers the last `window` uses; an arm's credit is the area
// under the curve of its successes in that window, which weighs its recent
// uses most:
//
//   auc(a) = sum over a's uses k = 1..n (oldest first) of k * success_k
//            / (n (n + 1) / 2)
//
// and the arm chosen is the argmax of
//
//   auc(a) + c * sqrt(2 ln(uses in window) / uses of a in window)
//
// (an arm unused in the window first). Ties go to a random arm. A batch
// of several points that the chosen arm cannot fill (it says fewer ahead)
// is filled by the other arms, best score first, so that many ranks
// measure at once; each point's result goes to the arm that proposed it.
//
// The bandit is asynchronous (SearchTechnique::asynchronous): results come
// in any order, and it proposes while points are measured, from the arms
// that can: an asynchronous arm at any time, any other arm once its batch
// is reported. An arm that is not asynchronous gets its batch's results in
// the order it proposed them (the bandit holds one that comes early).
// Credit is given as each result comes.
//
// The arms learn from each other: an arm that is an ObservingTechnique sees
// the results of the other arms' points, and of a warm start's. An arm whose proposals only
// revisit configurations of the run starts again (with a new seed).
//
// Its numbers, defaults and admitted values: kParameters; the arms when
// none are named: defaultArms().
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_AUCBANDIT_H
#define ATFC_SEARCH_TECHNIQUES_AUCBANDIT_H

#include "Search/HyperParameter.h"
#include "Search/ObservingTechnique.h"

#include <array>
#include <deque>
#include <memory>
#include <optional>
#include <random>
#include <set>

namespace atfc {

class AucBandit : public ObservingTechnique {
public:
  /// Cross-validated with the default arms (docs/search.md).
  static constexpr double kDefaultC = 0.2;
  static constexpr std::size_t kDefaultWindow = 500;
  /// The numbers it takes, in order (Search/HyperParameter.h).
  static constexpr std::array<HyperParameter, 2> kParameters = {{
      {"c", kDefaultC, 0, Bound::Included, kUnbounded, Bound::Excluded, false,
       "weight of exploration against the arms' credit"},
      countParameter("window", kDefaultWindow, 1, "how many recent uses the credit counts"),
  }};
  /// Consecutive proposals of an arm that only revisit configurations of
  /// the run before the arm starts again.
  static constexpr std::size_t kRestartAfterRevisits = 30;

  /// The arms atfc uses when none are given.
  static std::vector<std::unique_ptr<SearchTechnique>> defaultArms();

  explicit AucBandit(std::vector<std::unique_ptr<SearchTechnique>> Arms = defaultArms(),
                     double C = kDefaultC, std::size_t Window = kDefaultWindow);

  /// From values admitted by kParameters, one per parameter (the factory
  /// checks a directive's numbers against them and adds the defaults).
  AucBandit(std::span<const double> Values, std::vector<std::unique_ptr<SearchTechnique>> Arms);

  void initialize(const SearchDomain &Domain, std::uint64_t Seed) override;
  std::vector<Point> propose(std::size_t Max) override;
  void report(std::span<const double> Where, const OptionalCost &Result) override;
  /// A result from outside the bandit (a warm start): every observing arm
  /// learns it, and it counts as the best to beat; no arm is credited.
  void observe(std::span<const double> Where, const OptionalCost &Result) override;
  void observePrior(std::span<const double> Where, const OptionalCost &Result) override;
  void observeElsewhere(std::span<const double> Points, std::span<const double> Costs) override;
  std::string describe() const override;
  bool asynchronous() const override { return true; }

  std::size_t numArms() const { return Arms.size(); }
  /// The exploitation term of arm A: its AUC credit in the window, in [0,1].
  double credit(std::size_t A) const;
  /// The score that the choice maximises (infinite for an arm unused in
  /// the window).
  double score(std::size_t A) const;
  /// The arm that the next proposal goes to, given the current scores,
  /// among those that can propose now (none: nullopt).
  std::optional<std::size_t> chooseArm();
  /// Total uses of arm A in the run (every reported point).
  std::size_t usesOf(std::size_t A) const { return TotalUses[A]; }

private:
  /// Counts an observed result as the best to beat and its point as seen.
  void remember(std::span<const double> Where, const OptionalCost &Result);
  struct Use {
    std::size_t Arm;
    bool Success;
  };
  /// A point proposed whose arm did not get its report yet.
  struct Outstanding {
    Point Where;
    std::size_t Arm;
    /// Its result, once reported to the bandit (an arm that is not
    /// asynchronous gets it in the order it proposed).
    std::optional<OptionalCost> Result;
  };
  /// Whether arm A can be asked for points now.
  bool canPropose(std::size_t A) const;
  /// Gives arm A its results that are due, in order, and restarts it when
  /// it only revisits.
  void deliver(std::size_t A);

  std::vector<std::unique_ptr<SearchTechnique>> Arms;
  double C;
  std::size_t Window;
  const SearchDomain *Domain = nullptr;
  std::uint64_t Seed = 0;
  std::mt19937_64 Rng;
  std::deque<Use> History;
  std::vector<std::size_t> WindowUses, TotalUses, Revisits, Restarts;
  std::set<Configuration> Seen;
  OptionalCost Best;
  /// The points proposed whose arm awaits their report, in order.
  std::deque<Outstanding> Owners;
};

} // namespace atfc

#endif
