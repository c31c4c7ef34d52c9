//===- atf/tuner.hpp - The online tuner --------------------------*- C++ -*-===//
//
// `atf::tuner().tuning_parameters(...).search_technique(...).tune(cf,
// abort)`, the slides' and cppATF's online interface, on atfc's engine:
// the space generated in parallel into a chain of trees
// (Online/OnlineSpace.h), atfc's techniques and abort conditions, and the
// loop of a generated tuner (Online/OnlineTuning.h) with its results
// database, so that `atfc results`, `report`, `replay` and `analyze` work
// on a program's tuning when it keeps them (.results("DIR")).
//
// A cost function is any callable of the configuration that returns its
// cost (a number, or several for several objectives, most significant
// first); one that throws marks the configuration invalid, with what it
// threw as the reason. Cost functions that measure by themselves (the
// kernels and programs of atf/cost_functions.hpp) bring their own
// measurer: kernels then run in atfc's device workers.
//
//===----------------------------------------------------------------------===//
#ifndef ATF_TUNER_HPP
#define ATF_TUNER_HPP

#include "atf/configuration.hpp"
#include "atf/parameter.hpp"
#include "atf/search.hpp"
#include "atf/space.hpp"

#include "Online/ExecutableDigest.h"
#include "Online/OnlineSpace.h"
#include "Online/OnlineTuning.h"
#include "Results/ResultsExport.h"
#include "System/Interruption.h"
#include "Tuning/CallableMeasurer.h"
#include "Tuning/KnownConfigurations.h"

#include <any>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <exception>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace atf {

/// One improvement of the best cost during a run.
struct history_entry {
  /// Seconds since the start of the run.
  double seconds = 0;
  configuration config;
  cost_t cost = 0;
};

/// What a run found (cppATF's tuning status).
class tuning_status {
public:
  const configuration &best_configuration() const { return Best; }
  /// The best configuration's cost (its first objective's); the largest
  /// cost_t when no configuration was valid.
  cost_t min_cost() const {
    return MinCosts.empty() ? std::numeric_limits<cost_t>::max() : MinCosts[0];
  }
  /// Every objective's cost of the best configuration.
  const std::vector<cost_t> &min_costs() const { return MinCosts; }
  std::size_t number_of_evaluated_configs() const { return Evaluated; }
  std::size_t number_of_valid_evaluated_configs() const { return Valid; }
  std::size_t number_of_invalid_evaluated_configs() const { return Evaluated - Valid; }
  std::size_t evaluations_required_to_find_best_found_result() const { return BestAt; }
  /// Every improvement of the best cost, in order.
  const std::vector<history_entry> &history() const { return History; }
  /// |SP|, the number of valid configurations (saturated at 2^64 - 1).
  std::uint64_t search_space_size() const { return SpaceSize; }
  double tuning_seconds() const { return Seconds; }
  /// Where results.db is (empty when the results were not kept).
  const std::string &results_directory() const { return Results; }
  /// Whether a signal stopped the run (Ctrl-C: it returned its best so far).
  bool interrupted() const { return Interrupted; }

private:
  friend class tuner;
  configuration Best;
  std::vector<cost_t> MinCosts;
  std::size_t Evaluated = 0, Valid = 0, BestAt = 0;
  std::vector<history_entry> History;
  std::uint64_t SpaceSize = 0;
  double Seconds = 0;
  std::string Results;
  bool Interrupted = false;
};

class tuner_view;

namespace detail {

template <class T> struct is_tuple_like : std::false_type {};
template <class... Ts> struct is_tuple_like<std::tuple<Ts...>> : std::true_type {};
template <class A, class B> struct is_tuple_like<std::pair<A, B>> : std::true_type {};
template <class T, std::size_t N> struct is_tuple_like<std::array<T, N>> : std::true_type {};

/// A cost function's result as the engine's costs.
template <class R> std::vector<double> costs_of(const R &Result) {
  if constexpr (std::is_arithmetic_v<R>) {
    return {static_cast<double>(Result)};
  } else if constexpr (is_tuple_like<R>::value) {
    return std::apply(
        [](const auto &...C) { return std::vector<double>{static_cast<double>(C)...}; }, Result);
  } else {
    std::vector<double> Costs;
    for (const auto &C : Result)
      Costs.push_back(static_cast<double>(C));
    return Costs;
  }
}

/// A number that is a cost: arithmetic, but no character (a string is no
/// list of costs) and no bool (a verdict, not a cost).
template <class T>
concept cost_number =
    std::is_arithmetic_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char> &&
    !std::is_same_v<T, signed char> && !std::is_same_v<T, unsigned char> &&
    !std::is_same_v<T, wchar_t> && !std::is_same_v<T, char8_t> && !std::is_same_v<T, char16_t> &&
    !std::is_same_v<T, char32_t>;

template <class R>
concept cost_result = cost_number<R> || is_tuple_like<R>::value || requires(const R &X) {
  requires cost_number<std::remove_cvref_t<decltype(*std::begin(X))>>;
};

/// A cost function that measures by itself (atf/cost_functions.hpp).
template <class F>
concept measuring_cost_function = requires(F &CF, const tuner_view &View) {
  { CF.make_measurer(View) } -> std::convertible_to<std::unique_ptr<atfc::ConfigurationMeasurer>>;
};

} // namespace detail

/// What a cost function that measures by itself needs of its tuner: a
/// configuration as a path, so that expressions of parameters (launch
/// sizes) evaluate on it.
class tuner_view {
public:
  /// Holds the values of C and makes them the calling thread's path while
  /// the returned object lives.
  class scope {
  public:
    scope(const tuner_view &View, const atfc::ParameterValues &C)
        : Held(View.Models.size()), Values(View.Models.size(), nullptr) {
      for (std::size_t L = 0; L < C.size(); ++L) {
        const std::size_t I = View.modelOf(L, C[L].Name);
        if (I < View.Models.size())
          Values[I] = View.Models[I]->holdValue(C[L].Val, Held[I]);
      }
      P = atfc::online::Path{View.Slots.data(), View.Slots.size()};
      Scope.emplace(&P, Values.data());
    }

  private:
    std::vector<std::any> Held;
    std::vector<const void *> Values;
    atfc::online::Path P;
    std::optional<atfc::online::PathScope> Scope;
  };

  tuner_view(std::vector<const atfc::online::ParameterModel *> Given,
             const atfc::ChainOfTrees &Space)
      : Models(std::move(Given)), Space(&Space) {
    for (std::size_t L = 0; L < Space.numLevels(); ++L)
      ModelOfLevel.push_back(modelNamed(Space.parameter(L).Name));
    for (const atfc::online::ParameterModel *M : Models)
      Slots.push_back(M->slot());
  }

  /// The space the tuner generated: its levels name the values of a
  /// configuration in chain order (ChainOfTrees::parameter(L).Name).
  const atfc::ChainOfTrees &space() const { return *Space; }
  /// A configuration's values in chain order with their names.
  atfc::ParameterValues named(std::span<const atfc::Value> LevelValues) const {
    return atfc::namedValuesOf(*Space,
                               std::vector<atfc::Value>(LevelValues.begin(), LevelValues.end()));
  }

private:
  /// The model of parameter Name; Models.size() when there is none.
  std::size_t modelNamed(const std::string &Name) const {
    for (std::size_t I = 0; I < Models.size(); ++I)
      if (Models[I]->name() == Name)
        return I;
    return Models.size();
  }
  /// The model of the value at Position of a configuration, named Name:
  /// configurations come in chain order, whose models are found once, at
  /// construction (a search per value of each measurement, otherwise).
  std::size_t modelOf(std::size_t Position, const std::string &Name) const {
    if (Position < ModelOfLevel.size() && ModelOfLevel[Position] < Models.size() &&
        Models[ModelOfLevel[Position]]->name() == Name)
      return ModelOfLevel[Position];
    return modelNamed(Name);
  }

  std::vector<const atfc::online::ParameterModel *> Models;
  const atfc::ChainOfTrees *Space;
  std::vector<std::size_t> ModelOfLevel;
  /// Each model's slot, for a scope's path (the view outlives its scopes).
  std::vector<atfc::online::SlotId> Slots;
};

class tuner {
public:
  tuner() = default;
  /// A copy has the settings, none of the tuning under way.
  tuner(const tuner &Other) { *this = Other; }
  tuner &operator=(const tuner &Other) {
    if (this == &Other)
      return *this;
    refuse_under_way("operator=");
    if (Stepping)
      throw error("a tuner cannot be assigned to while program-guided tuning is in progress");
    Models = Other.Models;
    Technique = Other.Technique;
    MakeTechnique = Other.MakeTechnique;
    Silent = Other.Silent;
    Verbose = Other.Verbose;
    ResultsDirectory = Other.ResultsDirectory;
    LogFile = Other.LogFile;
    ProgramName = Other.ProgramName;
    Seed = Other.Seed;
    Space.reset();
    return *this;
  }
  ~tuner() {
    if (Stepping)
      (void)Stepping->Tuning->finish();
  }

  /// The parameters to tune, in the order they are generated unless a
  /// constraint reads a later one.
  template <class... Rs, class... Cs>
  tuner &tuning_parameters(const tuning_parameter<Rs, Cs> &...Ps) {
    refuse_under_way("tuning_parameters");
    if (Stepping)
      throw error("tuning_parameters() cannot change the tuner while program-guided tuning is in "
                  "progress");
    Models.clear();
    (Models.push_back(std::make_shared<detail::parameter_model<Rs, Cs>>(Ps)), ...);
    Space.reset();
    return *this;
  }

  /// One of atfc's techniques (atf::auc_bandit(), atf::search("bayes_opt")),
  /// or one of the program's own.
  template <class T> tuner &search_technique(const T &Given) {
    if constexpr (std::is_same_v<T, technique>) {
      if (!Given.refused.empty())
        throw error(Given.refused);
      Technique = Given.text;
      MakeTechnique = nullptr;
    } else if constexpr (std::is_base_of_v<atf::search_technique, T>) {
      use_own_technique<atf::search_technique, coordinates>(Given);
    } else {
      static_assert(std::is_base_of_v<search_technique_1d, T>,
                    "a search technique is one of atfc's (atf::auc_bandit(), atf::search(\"...\")) "
                    "or a class derived from atf::search_technique or atf::search_technique_1d");
      use_own_technique<search_technique_1d, index_t>(Given);
    }
    return *this;
  }

  /// Nothing on standard output and error.
  tuner &silent(bool S) {
    Silent = S;
    return *this;
  }
  /// A line per evaluation.
  tuner &verbose(bool V) {
    Verbose = V;
    return *this;
  }
  /// Keep results.db and best.json in Directory (created): later runs of
  /// the same program and space reuse its results, and `atfc results`,
  /// `report`, `replay` and `analyze` read it.
  tuner &results(std::string Directory) {
    ResultsDirectory = std::move(Directory);
    return *this;
  }
  /// cppATF's log file: every evaluation as a line of Path,
  /// `timestamp;cost;P1;P2;...` (the cost `invalid` for an invalid
  /// configuration), written when tune() ends and after each step.
  tuner &log_file(std::string Path) {
    LogFile = std::move(Path);
    return *this;
  }
  /// The name results are keyed and reported by (default: the program's).
  tuner &program_name(std::string Name) {
    ProgramName = std::move(Name);
    return *this;
  }
  tuner &seed(std::uint64_t S) {
    Seed = S;
    return *this;
  }

  /// |SP|: generates the space when it is not yet.
  std::uint64_t search_space_size() {
    const atfc::ChainOfTrees &S = space();
    return detail::saturated(S.size());
  }
  /// The generated space (generated on first use).
  const atfc::ChainOfTrees &space() {
    if (!Space) {
      refuse_under_way("space");
      under_way Generating(*this, "generates its space");
      check_reads();
      std::vector<const atfc::online::ParameterModel *> Raw = raw_models();
      atfc::Expected<atfc::ChainOfTrees> Made =
          atfc::online::generateOnlineSpace(Raw, atfc::GenerationOptions{});
      if (!Made)
        throw error(Made.error().message());
      Space = std::make_unique<atfc::ChainOfTrees>(Made.take());
    }
    return *Space;
  }

  /// Tunes until the abort condition holds (without one: every
  /// configuration once) and returns what it found.
  template <class CF> tuning_status tune(CF &&Cost) { return run(Cost, std::nullopt); }
  template <class CF, class A> tuning_status tune(CF &&Cost, const A &Abort) {
    return run(Cost, detail::as_abort(Abort));
  }

  /// Program-guided tuning: measures the next configuration with Cost and
  /// returns its cost.
  template <class CF> cost_t make_step(CF &&Cost) {
    configuration C = get_configuration();
    atfc::Measurement M = atfc::Measurement::invalid(atfc::FailureKind::RunFailed, "");
    // As tune() takes a cost function's result: every cost, an empty list
    // invalid ("returned no cost"), and whatever it throws recorded, so
    // that the next step can begin.
    try {
      under_way Measuring(*this, "measures a step");
      M = atfc::Measurement::ofCosts(detail::costs_of(call_cost(Cost, C)));
    } catch (const std::exception &E) {
      M.Reason = E.what();
    } catch (...) {
      M.Reason = "the cost function threw";
    }
    finish_step(M);
    return M.Valid ? M.Costs.front() : std::numeric_limits<cost_t>::max();
  }

  /// Program-guided tuning, by hand: the next configuration to run (its
  /// parameters have their values until report_cost()), ...
  configuration get_configuration() {
    refuse_under_way("get_configuration");
    start_stepping();
    if (Stepping->Awaited)
      throw error("report_cost() is expected before the next get_configuration()");
    std::optional<atfc::Configuration> Next = Stepping->Tuning->next();
    if (!Next)
      throw error("the abort condition holds: every configuration is evaluated");
    Stepping->Awaited = *Next;
    Stepping->Values = atfc::namedValuesOf(*Space, *Next);
    Stepping->Path.emplace(*Stepping->View, Stepping->Values);
    return configuration(Stepping->Values);
  }
  /// ... and its cost.
  void report_cost(cost_t Cost) {
    finish_step(atfc::Measurement::ofCosts({static_cast<double>(Cost)}));
  }
  /// ... or that it is invalid, and why.
  void report_invalid(const std::string &Reason) {
    finish_step(atfc::Measurement::invalid(atfc::FailureKind::RunFailed, Reason));
  }
  /// The status of a program-guided run.
  tuning_status get_tuning_status() {
    if (!Stepping)
      throw error("no program-guided tuning is in progress");
    return status_of(*Stepping->Tuning);
  }

private:
  struct stepping {
    /// The configurations' paths, made once for the whole run.
    std::optional<tuner_view> View;
    std::unique_ptr<atfc::CallableMeasurer> Measurer;
    std::unique_ptr<atfc::online::OnlineTuning> Tuning;
    std::optional<atfc::Configuration> Awaited;
    atfc::ParameterValues Values;
    std::optional<tuner_view::scope> Path;
    std::chrono::steady_clock::time_point Start;
    std::vector<history_entry> History;
    /// The last evaluation the log file holds, once it is begun: each step
    /// appends the evaluations since.
    std::optional<std::int64_t> Logged;
  };

  /// The program's technique Given (of Interface, proposing Keys), kept
  /// as given: each run drives a fresh copy of it, so that a run does not
  /// go on from another's state, nor copies of a tuner on two threads race
  /// in one technique.
  template <class Interface, class Key, class T> void use_own_technique(const T &Given) {
    static_assert(std::is_copy_constructible_v<T>,
                  "a program's own search technique is copied by search_technique(), and each "
                  "run drives a fresh copy: it must be copy-constructible");
    auto Kept = std::make_shared<const T>(Given);
    Technique = Kept->name();
    MakeTechnique = [Kept]() -> std::unique_ptr<atfc::SearchTechnique> {
      return std::make_unique<detail::program_technique<Interface, Key>>(
          std::make_shared<T>(*Kept));
    };
  }

  std::vector<const atfc::online::ParameterModel *> raw_models() const {
    std::vector<const atfc::online::ParameterModel *> Raw;
    for (const auto &M : Models)
      Raw.push_back(M.get());
    return Raw;
  }
  tuner_view View() const { return tuner_view(raw_models(), *Space); }

  /// Gives each parameter its index, and refuses a constraint that reads a
  /// parameter the tuner does not have, naming both.
  void check_reads() {
    if (Models.empty())
      throw error("the tuner has no tuning parameters: call tuning_parameters(...) first");
    const std::size_t N = Models.size();
    std::vector<const void *> Identities(N);
    std::vector<const std::string *> Names(N);
    for (std::size_t I = 0; I < N; ++I) {
      Models[I]->setIndex(I);
      Identities[I] = Models[I]->identity();
      Names[I] = &Models[I]->name();
      for (std::size_t J = 0; J < I; ++J)
        if (Identities[I] == Identities[J] || *Names[I] == *Names[J])
          throw error("tuning parameter " + *Names[I] +
                      " is given to the tuner twice: names must be unique");
    }
    for (std::size_t I = 0; I < N; ++I)
      for (const auto &[Read, Name] : Models[I]->readIdentities())
        if (std::find(Identities.begin(), Identities.end(), Read) == Identities.end())
          throw error("the constraint of tuning parameter " + *Names[I] + " reads " + *Name +
                      ", which is not among the tuner's parameters");
  }

  atfc::online::OnlineSetup setup(std::optional<atfc::AbortCondition> Abort) const {
    atfc::online::OnlineSetup Setup;
    Setup.Loop.Technique.Text = Technique;
    Setup.Loop.MakeTechnique = MakeTechnique;
    Setup.Loop.Abort = std::move(Abort);
    Setup.Loop.Seed = Seed;
    Setup.Loop.CFamily = false;
    for (std::size_t L = 0; L < Space->numLevels(); ++L)
      Setup.Loop.DefineLines.push_back(0);
    Setup.ProgramName = ProgramName;
    // (Only kept results need it: the first call reads the executable.)
    if (!ResultsDirectory.empty())
      Setup.ProgramCode = atfc::online::executableDigest();
    Setup.ResultsDirectory = ResultsDirectory;
    Setup.Silent = Silent;
    Setup.Verbose = Verbose;
    return Setup;
  }

  template <class CF> static auto call_cost(CF &Cost, configuration &C) {
    if constexpr (std::is_invocable_v<CF &, configuration &>) {
      using R = std::decay_t<std::invoke_result_t<CF &, configuration &>>;
      static_assert(detail::cost_result<R>,
                    "a cost function returns its cost: a number (not a bool or a character), "
                    "or several (a tuple, an array or a vector of numbers) for several "
                    "objectives");
      return Cost(C);
    } else {
      static_assert(std::is_invocable_v<CF &, configuration &>,
                    "a cost function is callable with an atf::configuration& and returns its cost, "
                    "or is one of atf::opencl::cost_function, atf::cuda::cost_function, "
                    "atf::generic::cost_function, atf::cpp<Class>");
      return 0.0;
    }
  }

  /// A plain cost function as the loop's measurer: the configuration is
  /// the thread's path while it runs, a throw makes it invalid.
  template <class CF> std::unique_ptr<atfc::ConfigurationMeasurer> measurer_of(CF &Cost) {
    if constexpr (detail::measuring_cost_function<CF>) {
      return Cost.make_measurer(View());
    } else {
      tuner_view Shared = View();
      return std::make_unique<atfc::CallableMeasurer>(
          [&Cost, Shared](const atfc::ParameterValues &Values) {
            tuner_view::scope Scope(Shared, Values);
            configuration C(Values);
            const auto Start = std::chrono::steady_clock::now();
            try {
              atfc::Measurement M =
                  atfc::Measurement::ofCosts(detail::costs_of(call_cost(Cost, C)));
              M.RunSeconds =
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
              return M;
            } catch (const std::exception &E) {
              return atfc::Measurement::invalid(atfc::FailureKind::RunFailed, E.what());
            } catch (...) {
              return atfc::Measurement::invalid(atfc::FailureKind::RunFailed,
                                                "the cost function threw");
            }
          },
          "what the cost function returns");
    }
  }

  template <class CF> tuning_status run(CF &Cost, std::optional<atfc::AbortCondition> Abort) {
    refuse_under_way("tune");
    if (Stepping)
      throw error("tune() cannot start while program-guided tuning is in progress");
    space();
    check_log_file();
    under_way Tuning(*this, "tunes");
    // Until the log is written too: a SIGTERM that stops the run ends the
    // program only then (System/Interruption.h).
    const atfc::Interruption UntilLogged({});
    std::unique_ptr<atfc::ConfigurationMeasurer> Measurer = measurer_of(Cost);
    atfc::Expected<std::unique_ptr<atfc::online::OnlineTuning>> Opened =
        atfc::online::OnlineTuning::open(*Space, setup(std::move(Abort)), *Measurer, std::cout,
                                         std::cerr);
    if (!Opened)
      throw error(Opened.error().message());
    atfc::Expected<atfc::TuningOutcome> Outcome = (*Opened)->run();
    if (!Outcome)
      throw error(Outcome.error().message());
    write_log(**Opened);
    return status_of(**Opened);
  }

  /// Refuses a log file that cannot be written before anything is
  /// measured: written only as tune() ends, it once failed after every
  /// measurement, and a run without results() lost them all.
  void check_log_file() const {
    if (LogFile.empty())
      return;
    std::ofstream Probe(LogFile, std::ios::app);
    if (!Probe)
      throw error("cannot write the log file " + LogFile + ": " + std::strerror(errno));
  }

  /// The log file (log_file()) from the run's records: written whole as
  /// tune() ends; begun at a program-guided run's first step and added to
  /// at each (rewriting it made a step's cost grow with the steps before).
  /// The database, not this file, is what keeps results safe.
  void write_log(atfc::online::OnlineTuning &T,
                 std::optional<std::int64_t> *Logged = nullptr) const {
    if (LogFile.empty())
      return;
    const bool Begin = !Logged || !*Logged;
    atfc::Expected<std::vector<atfc::EvaluationRecord>> Records =
        Begin ? T.evaluations() : T.evaluations(**Logged);
    if (!Records)
      throw error(Records.error().message());
    std::ofstream Log(LogFile, Begin ? std::ios::trunc : std::ios::app);
    Log.precision(std::numeric_limits<double>::max_digits10);
    if (Begin) {
      Log << "timestamp;cost";
      for (std::size_t L = 0; L < Space->numLevels(); ++L)
        Log << ';' << atfc::csvField(Space->parameter(L).Name, ';');
      Log << '\n';
    }
    for (const atfc::EvaluationRecord &R : *Records) {
      Log << R.Timestamp << ';';
      if (R.Result.Valid && !R.Result.Costs.empty())
        Log << R.Result.Costs.front();
      else
        Log << "invalid";
      for (const atfc::NamedValue &V : R.Configuration)
        Log << ';' << atfc::csvField(atfc::toString(V.Val), ';');
      Log << '\n';
      if (Logged)
        *Logged = std::max(Logged->value_or(R.Evaluation), R.Evaluation);
    }
    if (!Log)
      throw error("cannot write the log file " + LogFile);
  }

  tuning_status status_of(const atfc::online::OnlineTuning &T) const {
    const atfc::SearchStatus &S = T.status();
    tuning_status R;
    R.Evaluated = S.Evaluations;
    R.Valid = S.ValidEvaluations;
    R.Seconds = S.ElapsedSeconds;
    R.SpaceSize = detail::saturated(Space->size());
    R.Interrupted = T.interrupted();
    if (!ResultsDirectory.empty())
      R.Results = T.resultsDirectory();
    if (S.Best) {
      R.Best = configuration(atfc::namedValuesOf(*Space, S.BestConfiguration));
      atfc::OptionalCost Measured = T.session().bestMeasuredCost();
      R.MinCosts = Measured ? *Measured : *S.Best;
      if (!S.Improvements.empty())
        R.BestAt = S.Improvements.back().Evaluation;
      for (const atfc::Improvement &I : S.Improvements)
        R.History.push_back({I.Seconds, configuration(atfc::namedValuesOf(*Space, I.Config)),
                             I.BestCost.empty() ? 0 : I.BestCost.front()});
    }
    return R;
  }

  /// What the tuner does while its constraints or cost function run (null:
  /// nothing): a call back into it from them is refused by name, where it
  /// would recurse without end (a constraint that generates the space it
  /// is part of) or free the space under its own run.
  class under_way {
  public:
    under_way(tuner &T, const char *What) : T(T) { T.UnderWay = What; }
    ~under_way() { T.UnderWay = nullptr; }
    under_way(const under_way &) = delete;
    under_way &operator=(const under_way &) = delete;

  private:
    tuner &T;
  };
  void refuse_under_way(const char *Call) const {
    if (UnderWay)
      throw error(std::string("atf::tuner::") + Call + "() was called while the tuner " + UnderWay +
                  ": its constraints and cost function cannot use the tuner itself");
  }

  void start_stepping() {
    if (Stepping)
      return;
    space();
    check_log_file();
    auto S = std::make_unique<stepping>();
    S->Measurer = std::make_unique<atfc::CallableMeasurer>(
        [](const atfc::ParameterValues &) {
          return atfc::Measurement::invalid(atfc::FailureKind::RunFailed, "not measured");
        },
        "what the program reports");
    atfc::Expected<std::unique_ptr<atfc::online::OnlineTuning>> Opened =
        atfc::online::OnlineTuning::open(*Space, setup(std::nullopt), *S->Measurer, std::cout,
                                         std::cerr);
    if (!Opened)
      throw error(Opened.error().message());
    S->Tuning = Opened.take();
    S->Start = std::chrono::steady_clock::now();
    S->View.emplace(View());
    Stepping = std::move(S);
  }

  void finish_step(const atfc::Measurement &M) {
    refuse_under_way("report_cost");
    if (!Stepping || !Stepping->Awaited)
      throw error("get_configuration() is expected before report_cost()");
    const double Seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Stepping->Start).count();
    Stepping->Path.reset();
    atfc::Expected<void> Recorded = Stepping->Tuning->report(*Stepping->Awaited, M, Seconds);
    Stepping->Awaited.reset();
    if (!Recorded)
      throw error(Recorded.error().message());
    write_log(*Stepping->Tuning, &Stepping->Logged);
  }

  std::vector<std::shared_ptr<atfc::online::ParameterModel>> Models;
  std::string Technique;
  std::function<std::unique_ptr<atfc::SearchTechnique>()> MakeTechnique;
  bool Silent = false;
  bool Verbose = false;
  std::string ResultsDirectory;
  std::string LogFile;
  /// The program's own name (glibc's): what its results are keyed by.
  std::string ProgramName = program_invocation_short_name;
  std::optional<std::uint64_t> Seed;
  std::shared_ptr<atfc::ChainOfTrees> Space;
  std::unique_ptr<stepping> Stepping;
  const char *UnderWay = nullptr;
};

} // namespace atf

#endif
