//===- Driver/InputSets.cpp - atfc tune --inputs --------------------------===//
#include "Driver/InputSets.h"

#include "Results/ResultsDatabase.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace atfc {

Expected<std::vector<std::string>> splitInputWords(std::string_view Text) {
  std::vector<std::string> Words;
  std::string Word;
  bool InWord = false;
  for (std::size_t I = 0; I < Text.size(); ++I) {
    const char C = Text[I];
    if (C == ' ' || C == '\t' || C == '\n') {
      if (InWord)
        Words.push_back(std::move(Word));
      Word.clear();
      InWord = false;
      continue;
    }
    InWord = true;
    if (C == '\\') {
      if (++I == Text.size())
        return Error("'" + std::string(Text) + "' ends with a lone '\\'");
      Word += Text[I];
    } else if (C == '\'' || C == '"') {
      const std::size_t Open = I;
      for (++I; I < Text.size() && Text[I] != C; ++I) {
        if (C == '"' && Text[I] == '\\' && I + 1 < Text.size() &&
            (Text[I + 1] == '"' || Text[I + 1] == '\\'))
          ++I;
        Word += Text[I];
      }
      if (I == Text.size())
        return Error("'" + std::string(Text) + "' has an unterminated " + (C == '"' ? "\"" : "'") +
                     " (at column " + std::to_string(Open + 1) + ")");
    } else {
      Word += C;
    }
  }
  if (InWord)
    Words.push_back(std::move(Word));
  return Words;
}

namespace {

/// A tuner's exit status for a bad command line or argument
/// (kUsageExitCode of Tuning/TuningRun.h, which the driver does not link).
constexpr int kTunerUsageStatus = 2;

/// What one set's run gave.
struct SetOutcome {
  std::vector<std::string> Arguments;
  std::int64_t RunId = 0;
  /// Evaluations until within kWarmStartTolerance of the run's best; 0 when
  /// none was valid.
  std::int64_t ToBest = 0;
  std::int64_t Evaluations = 0;
  /// Sets (indices) it was warm-started from, nearest first.
  std::vector<std::size_t> From;
};

std::string joined(const std::vector<std::string> &Words) {
  std::string Text;
  for (const std::string &W : Words)
    Text += (Text.empty() ? "" : " ") + W;
  return Text.empty() ? "(no arguments)" : Text;
}

/// The run just made into the database (the output lock keeps others out):
/// its id, evaluations, and evaluations to within the tolerance of its best.
bool measureOutcome(ResultsDatabase &Db, SetOutcome &Outcome) {
  auto Runs = Db.runs();
  if (!Runs || Runs->empty() || Runs->back().Arguments != Outcome.Arguments)
    return false;
  Outcome.RunId = Runs->back().Id;
  auto Evaluations = Db.evaluationsOfRun(Outcome.RunId);
  if (!Evaluations.ok())
    return false;
  Outcome.Evaluations = static_cast<std::int64_t>(Evaluations->size());
  const ObjectiveList &Objectives = Runs->back().Objectives;
  const std::optional<std::size_t> Best = bestEvaluation(*Evaluations, Objectives);
  if (!Best)
    return true;
  // Within the tolerance in the first objective's direction.
  const double BestCost = (*Evaluations)[*Best].Result.Costs.front();
  const double Slack = kWarmStartTolerance * std::fabs(BestCost);
  const bool Maximised = maximised(Objectives, 0);
  for (const EvaluationRecord &E : *Evaluations)
    if (E.Result.Valid && !E.Result.Costs.empty() &&
        (Maximised ? E.Result.Costs.front() >= BestCost - Slack
                   : E.Result.Costs.front() <= BestCost + Slack)) {
      Outcome.ToBest = E.Evaluation;
      break;
    }
  return true;
}

} // namespace

int tuneInputSets(const std::vector<std::vector<std::string>> &Sets,
                  const std::vector<WisdomInput> &Inputs, const std::string &OutputDirectory,
                  const std::vector<PriorData> &UserPriors, const RunInputSet &Run,
                  llvm::raw_ostream &Out) {
  const std::string Database = OutputDirectory + "/results.db";
  std::vector<SetOutcome> Done;
  // Each set's line of the summary, in the order given, and how many found
  // a configuration.
  std::vector<std::pair<std::vector<std::string>, int>> Statuses;
  for (std::size_t K = 0; K < Sets.size(); ++K) {
    SetOutcome Outcome;
    Outcome.Arguments = Sets[K];
    std::vector<PriorData> Priors = UserPriors;
    // The sets tuned so far, nearest to this one first.
    std::vector<std::size_t> Order(Done.size());
    std::iota(Order.begin(), Order.end(), 0);
    std::vector<std::string> Given;
    for (const WisdomInput &I : Inputs)
      Given.push_back(I.Argument <= Sets[K].size() ? Sets[K][I.Argument - 1] : std::string());
    std::stable_sort(Order.begin(), Order.end(), [&](std::size_t A, std::size_t B) {
      return inputDistance(Inputs, Given, Done[A].Arguments) <
             inputDistance(Inputs, Given, Done[B].Arguments);
    });
    for (std::size_t D : Order)
      if (Done[D].ToBest > 0) {
        Priors.push_back({Database, Done[D].RunId});
        Outcome.From.push_back(D);
      }
    Out << "atfc: input set " << K + 1 << " of " << Sets.size() << ": " << joined(Sets[K]);
    if (!Outcome.From.empty())
      Out << " (warm start from " << joined(Done[Outcome.From.front()].Arguments)
          << (Outcome.From.size() > 1 ? " and the others tuned" : "") << ")";
    Out << '\n';
    Out.flush();
    // Whether a set's tuner got past its options: then a usage error of a
    // later one is its own arguments' ("--inputs abc" for a size_t).
    const bool OptionsAccepted =
        std::any_of(Statuses.begin(), Statuses.end(),
                    [](const auto &Earlier) { return Earlier.second == 0 || Earlier.second == 1; });
    const int SetStatus = Run(Sets[K], Priors);
    Statuses.emplace_back(Sets[K], SetStatus);
    auto Db = ResultsDatabase::open(Database, ResultsDatabase::Mode::ReadOnly);
    if (Db && measureOutcome(**Db, Outcome))
      Done.push_back(std::move(Outcome));
    // Interrupted, or a problem of the tuner (its options among them until
    // a set has run): stop.
    if (SetStatus != 0 && SetStatus != 1 && !(SetStatus == kTunerUsageStatus && OptionsAccepted))
      return SetStatus;
  }

  std::size_t Tuned = 0;
  for (const auto &[Arguments, SetStatus] : Statuses)
    Tuned += SetStatus == 0;
  const std::size_t Failed = Sets.size() - Tuned;
  Out << "atfc: " << Tuned << " of " << Sets.size() << " input sets tuned";
  if (Failed > 0)
    Out << ", " << Failed << " failed";
  Out << ", into " << Database << '\n';
  // The savings: each warm start against the first cold start (the only
  // cold run of the command; docs/per-input.md says what that estimates).
  const SetOutcome *Cold = nullptr;
  std::int64_t Saved = 0;
  std::size_t Warm = 0;
  for (const auto &[Arguments, SetStatus] : Statuses) {
    const auto Found = std::find_if(Done.begin(), Done.end(),
                                    [&](const SetOutcome &O) { return O.Arguments == Arguments; });
    if (Found == Done.end()) {
      Out << "  " << joined(Arguments) << ": failed before a run began (exit status " << SetStatus
          << "; the tuner's error is above)\n";
      continue;
    }
    const SetOutcome &O = *Found;
    Out << "  " << joined(O.Arguments) << ": run " << O.RunId << ", ";
    if (O.ToBest == 0) {
      Out << "failed: no valid configuration\n";
      continue;
    }
    Out << "within 5 % of its best after " << O.ToBest << " of " << O.Evaluations
        << (O.Evaluations == 1 ? " evaluation" : " evaluations");
    if (O.From.empty()) {
      Out << " (cold start)\n";
      if (!Cold)
        Cold = &O;
      continue;
    }
    Out << " (warm start";
    if (Cold) {
      const std::int64_t Difference = Cold->ToBest - O.ToBest;
      Out << "; the cold start of " << joined(Cold->Arguments) << " needed " << Cold->ToBest;
      Saved += Difference;
      ++Warm;
    }
    Out << ")\n";
  }
  if (Warm > 0)
    Out << "atfc: the warm starts " << (Saved >= 0 ? "saved " : "cost ")
        << (Saved >= 0 ? Saved : -Saved) << " evaluation" << (Saved == 1 || Saved == -1 ? "" : "s")
        << " in all against the cold start (evaluations to within 5 % of a run's "
           "best)\n";
  if (Failed == 0)
    return 0;
  return Tuned == 0 ? 1 : kSomeInputSetsFailedExitCode;
}

} // namespace atfc
