//===- atf/search.hpp - Search techniques and abort conditions --*- C++ -*-===//
//
// The online interface's search techniques and abort conditions: atfc's
// own (every technique of `atfc tune`, by cppATF's and the slides' names
// too), and the program's own, written against cppATF's interfaces: a
// technique over the coordinate space (0,1]^D (search_technique) or over
// configuration indices (search_technique_1d), an abort condition with a
// stop() of the run's status. Both become the engine's own objects, so a
// program's technique runs in the same exploration as atfc's.
//
//===----------------------------------------------------------------------===//
#ifndef ATF_SEARCH_HPP
#define ATF_SEARCH_HPP

#include "atf/parameter.hpp"

#include "Search/AbortCondition.h"
#include "Search/SearchDomain.h"
#include "Search/SearchTechnique.h"
#include "Support/NumberText.h"

#include <chrono>
#include <cmath>
#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

namespace atf {

using cost_t = double;
/// A point of (0,1]^D, one coordinate per parameter.
using coordinates = std::vector<double>;
/// A configuration's index in the search space.
using index_t = std::uint64_t;

// ---- Techniques ---------------------------------------------------------------

/// A program's technique proposed what is no configuration of the space:
/// nothing, a point of another dimension or with a coordinate outside
/// (0, 1], an index from the space's size on (Python: a ValueError, as
/// pyATF raises).
class bad_proposal : public error {
public:
  using error::error;
};

/// A technique of the program's own over the coordinate space (cppATF's
/// interface): each call of get_next_coordinates() proposes points, whose
/// costs report_costs() then gives all at once (an invalid configuration
/// costs the largest cost_t).
class search_technique {
public:
  virtual ~search_technique() = default;
  virtual void initialize(std::size_t dimensionality) = 0;
  virtual std::set<coordinates> get_next_coordinates() = 0;
  virtual void report_costs(const std::map<coordinates, cost_t> &costs) = 0;
  virtual void finalize() {}
  /// How the results name it.
  virtual std::string name() const { return "program's technique"; }
};

/// A technique of the program's own over configuration indices
/// 0 .. search_space_size - 1.
class search_technique_1d {
public:
  virtual ~search_technique_1d() = default;
  virtual void initialize(std::uint64_t search_space_size) = 0;
  virtual std::set<index_t> get_next_indices() = 0;
  virtual void report_costs(const std::map<index_t, cost_t> &costs) = 0;
  virtual void finalize() {}
  virtual std::string name() const { return "program's technique"; }
};

/// One of atfc's techniques, as `atfc tune --technique` writes it; or,
/// with `refused`, one atfc does not run and why.
struct technique {
  std::string text;
  std::string refused;
};

inline technique exhaustive() { return {"exhaustive", {}}; }
inline technique random_search() { return {"random", {}}; }
inline technique simulated_annealing() { return {"simulated_annealing", {}}; }
inline technique differential_evolution() { return {"differential_evolution", {}}; }
inline technique particle_swarm() { return {"particle_swarm", {}}; }
inline technique pattern_search() { return {"pattern_search", {}}; }
inline technique torczon() { return {"torczon", {}}; }
inline technique nelder_mead() { return {"nelder_mead", {}}; }
inline technique auc_bandit() { return {"auc_bandit", {}}; }
/// The techniques propose in turn; without any, pyATF's three (simulated
/// annealing, pattern search, Torczon). (round_robin alone, which atfc
/// refuses, was once all it wrote.)
template <class... Ts> technique round_robin(const Ts &...Techniques) {
  static_assert((std::is_same_v<Ts, technique> && ...),
                "round_robin takes atf techniques: atf::round_robin(atf::torczon(), ...)");
  if constexpr (sizeof...(Ts) == 0) {
    return {"round_robin(simulated_annealing, pattern_search, torczon)", {}};
  } else {
    technique Combined{"round_robin(", {}};
    const char *Separator = "";
    for (const technique &T : {Techniques...}) {
      if (!T.refused.empty())
        return T;
      Combined.text += Separator + T.text;
      Separator = ", ";
    }
    Combined.text += ")";
    return Combined;
  }
}
/// cppATF's bridge to OpenTuner runs the Python OpenTuner in a process of
/// its own; atfc does not: search_technique() refuses it, saying what to
/// use instead.
inline technique open_tuner() {
  return {"", "atf::open_tuner(): atfc does not run OpenTuner, a Python tuner; "
              "atf::auc_bandit() is OpenTuner's AUC bandit over atfc's own techniques"};
}
/// Any technique of atfc by its text: "bayes_opt", "auc_bandit(torczon,
/// random)", "differential_evolution(20, 0.8, 0.9)" (docs/search.md).
inline technique search(std::string text) { return {std::move(text), {}}; }

namespace detail {

/// N, or 2^64 - 1 when it is larger: a space's size as cppATF's interfaces
/// count it.
inline std::uint64_t saturated(const atfc::BigCount &N) {
  return N.fits_ulong_p() ? N.get_ui() : std::numeric_limits<std::uint64_t>::max();
}

inline cost_t reported_cost(const atfc::OptionalCost &Result) {
  return Result && !Result->empty() ? Result->front() : std::numeric_limits<cost_t>::max();
}

/// The program's technique, asked for a set of points at a time; the
/// exploration initializes it once.
template <class User, class Key> class program_technique final : public atfc::SearchTechnique {
public:
  explicit program_technique(std::shared_ptr<User> Given) : Technique(std::move(Given)) {}
  ~program_technique() override {
    // (A destructor cannot pass an exception on: one from finalize() ended
    // the program through std::terminate. Python's techniques keep theirs
    // for close(), python/src/PyTuning.cpp.)
    if (Started)
      try {
        Technique->finalize();
      } catch (...) {
      }
  }
  void initialize(const atfc::SearchDomain &Given, std::uint64_t) override {
    Domain = &Given;
    Started = true;
    if constexpr (std::is_same_v<Key, coordinates>)
      Technique->initialize(Domain->dimensions());
    else
      Technique->initialize(saturated(Domain->size()));
  }
  std::vector<atfc::Point> propose(std::size_t Max) override {
    if (Queue.empty()) {
      std::set<Key> Next;
      if constexpr (std::is_same_v<Key, coordinates>)
        Next = Technique->get_next_coordinates();
      else
        Next = Technique->get_next_indices();
      if (Next.empty())
        throw bad_proposal(Technique->name() + " proposed no configuration");
      Queue.assign(Next.begin(), Next.end());
      Outstanding = Queue.size();
    }
    return atfc::takeBatch(Queue, Max, [&](Key &&K) {
      Proposed.push_back(K);
      return pointOf(K);
    });
  }
  void report(std::span<const double>, const atfc::OptionalCost &Result) override {
    Costs[Proposed.front()] = reported_cost(Result);
    Proposed.pop_front();
    if (--Outstanding == 0) {
      Technique->report_costs(Costs);
      Costs.clear();
    }
  }
  std::string describe() const override { return Technique->name(); }
  /// It owns its search, as in cppATF and pyATF: initialized and finalized
  /// once, only its own proposals measured (Search/Exploration.h).
  bool restartable() const override { return false; }

private:
  atfc::Point pointOf(const Key &K) const {
    if constexpr (std::is_same_v<Key, coordinates>) {
      if (K.size() != Domain->dimensions())
        throw bad_proposal(Technique->name() + " proposed a point of " + std::to_string(K.size()) +
                           " coordinates in a space of " + std::to_string(Domain->dimensions()) +
                           " dimensions");
      // Refused, not clamped (as pyATF refuses it): a technique that
      // proposes outside the space has a bug its author wants to see.
      for (double X : K)
        if (!(X > 0.0 && X <= 1.0))
          throw bad_proposal(Technique->name() + " proposed the point " + text_of(K) +
                             ": each coordinate is in (0, 1]");
      return K;
    } else {
      const atfc::ChainOfTrees &Space = Domain->space();
      const atfc::BigCount Index(static_cast<unsigned long>(K));
      if (Index >= Space.size())
        throw bad_proposal(Technique->name() + " proposed the index " + std::to_string(K) +
                           " in a space of " + Space.size().get_str() +
                           " configurations: an index is from 0 to the space's size - 1");
      return Domain->pointOf(Space.at(Index));
    }
  }
  static std::string text_of(const coordinates &K) {
    std::string Text;
    for (double X : K)
      Text += (Text.empty() ? "" : ", ") + atfc::shortestText(X);
    return "(" + Text + ")";
  }
  std::shared_ptr<User> Technique;
  const atfc::SearchDomain *Domain = nullptr;
  bool Started = false;
  std::deque<Key> Queue, Proposed;
  std::map<Key, cost_t> Costs;
  std::size_t Outstanding = 0;
};

} // namespace detail

// ---- Abort conditions -----------------------------------------------------------

/// The status an abort condition sees: evaluations, valid ones, seconds,
/// the best cost and every improvement.
using search_status = atfc::SearchStatus;
using abort = atfc::AbortCondition;

/// An abort condition of the program's own (cppATF's interface).
class abort_condition {
public:
  virtual ~abort_condition() = default;
  virtual bool stop(const search_status &status) = 0;
  virtual std::string name() const { return "program's abort condition"; }
};

inline abort evaluations(std::uint64_t n) { return abort::evaluations(n); }
inline abort valid_evaluations(std::uint64_t n) { return abort::validEvaluations(n); }
// Numbers outside a condition's domain are refused as `atfc tune
// --abort-condition` refuses them (Search/AbortConditionParser.cpp), and
// Python's conditions: NaN passed every comparison unnoticed.
namespace detail {
inline double seconds_at_least_zero(double Seconds, const char *Name) {
  if (!(Seconds >= 0))
    throw error(std::string(Name) + " takes a time >= 0, not " + std::to_string(Seconds) + " s");
  return Seconds;
}
inline double speedup_factor(double S) {
  if (!(S >= 1))
    throw error("speedup takes a factor >= 1, not " + std::to_string(S));
  return S;
}
} // namespace detail

/// A fraction in [0,1] of the search space's size.
inline abort fraction(double f) {
  if (!(f >= 0 && f <= 1))
    throw error("fraction takes a number in [0, 1], the share of the search space, not " +
                std::to_string(f));
  return abort::fraction(f);
}
/// The best cost is at most c.
inline abort cost(cost_t c) {
  if (std::isnan(c))
    throw error("cost takes a number, not NaN");
  return abort::cost(atfc::Cost{c});
}
inline abort result(cost_t c) { return cost(c); }
/// Time since the start: duration<std::chrono::minutes>(5).
template <class D = std::chrono::seconds> abort duration(typename D::rep count) {
  return abort::duration(
      detail::seconds_at_least_zero(std::chrono::duration<double>(D(count)).count(), "duration"));
}
/// The best cost did not improve by a factor s within the last n
/// evaluations.
inline abort speedup(double s, std::uint64_t n) {
  if (n == 0) // (the best cost cannot improve within no evaluation)
    throw error("speedup takes a window of at least one evaluation, not 0");
  return abort::speedupOverEvaluations(detail::speedup_factor(s), n);
}
/// ... within the last t units of time: speedup<std::chrono::minutes>(1.1, 2).
template <class D> abort speedup(double s, typename D::rep t) {
  const double Seconds =
      detail::seconds_at_least_zero(std::chrono::duration<double>(D(t)).count(), "speedup");
  if (Seconds == 0)
    throw error("speedup takes a window of more than no time");
  return abort::speedupOverDuration(detail::speedup_factor(s), Seconds);
}

namespace detail {
/// An abort condition given to tune(): atfc's, the program's own object,
/// or any callable of the status.
template <class A> abort as_abort(const A &Given) {
  if constexpr (std::is_convertible_v<const A &, abort>) {
    return Given;
  } else if constexpr (std::is_base_of_v<abort_condition, A>) {
    static_assert(std::is_copy_constructible_v<A>,
                  "a program's own abort condition is copied by tune(): it must be "
                  "copy-constructible");
    auto Own = std::make_shared<A>(Given);
    return abort::custom([Own](const search_status &S) { return Own->stop(S); }, Own->name());
  } else {
    static_assert(std::is_invocable_r_v<bool, const A &, const search_status &>,
                  "an abort condition is atf::evaluations(n), atf::duration<D>(t), ... (combined "
                  "with && and ||), a class derived from atf::abort_condition, or a callable "
                  "taking const atf::search_status& and returning bool");
    return abort::custom([Given](const search_status &S) { return static_cast<bool>(Given(S)); },
                         "program's abort condition");
  }
}
} // namespace detail

template <class A>
requires std::is_base_of_v<abort_condition, A> abort operator&&(const A &L, const abort &R) {
  return detail::as_abort(L) && R;
}
template <class A>
requires std::is_base_of_v<abort_condition, A> abort operator&&(const abort &L, const A &R) {
  return L && detail::as_abort(R);
}
template <class A>
requires std::is_base_of_v<abort_condition, A> abort operator||(const A &L, const abort &R) {
  return detail::as_abort(L) || R;
}
template <class A>
requires std::is_base_of_v<abort_condition, A> abort operator||(const abort &L, const A &R) {
  return L || detail::as_abort(R);
}

} // namespace atf

#endif
