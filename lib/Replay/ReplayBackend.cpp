//===- Replay/ReplayBackend.cpp - Costs looked up in recorded data ------===//
#include "Replay/ReplayBackend.h"

#include <algorithm>
#include <limits>

namespace atfc {

void appendLookupKey(std::string &Key, const Value &V) {
  Key += toString(V);
  Key += '\x1f';
}

FailureKind recordedFailureKind(const std::string &Recorded) {
  if (Recorded == "CompilationFailedConfig" || Recorded == "compile")
    return FailureKind::BuildFailed;
  if (Recorded == "RuntimeFailedConfig" || Recorded == "runtime")
    return FailureKind::RunFailed;
  if (Recorded == "timeout")
    return FailureKind::TimedOut;
  if (Recorded == "correctness")
    return FailureKind::WrongResult;
  return FailureKind::NotRecorded;
}

ReplayBackend::ReplayBackend(const RecordedData &TheData,
                             std::vector<std::string> SpaceParameterNames)
    : Data(&TheData), SpaceNames(std::move(SpaceParameterNames)) {
  const std::size_t K = Data->Parameters.size();
  SpaceIndexOfColumn.assign(K, kConstant);
  ConstantText.resize(K);
  for (std::size_t S = 0; S < SpaceNames.size(); ++S) {
    auto It = std::find(Data->Parameters.begin(), Data->Parameters.end(), SpaceNames[S]);
    if (It == Data->Parameters.end()) {
      Problem = "the space's parameter '" + SpaceNames[S] + "' is not in the data";
      return;
    }
    SpaceIndexOfColumn[static_cast<std::size_t>(It - Data->Parameters.begin())] = S;
  }
  for (std::size_t P = 0; P < K; ++P) {
    if (SpaceIndexOfColumn[P] != kConstant || Data->Entries.empty())
      continue;
    const Value &First = Data->Entries.front().Configuration[P].Val;
    for (const EvaluationRecord &E : Data->Entries)
      if (E.Configuration[P].Val != First) {
        Problem = "the data's parameter '" + Data->Parameters[P] +
                  "' varies but is not a parameter of the space";
        return;
      }
    ConstantText[P] = toString(First);
  }

  EntryOfKey.reserve(Data->Entries.size());
  std::string Key;
  for (std::size_t I = 0; I < Data->Entries.size(); ++I) {
    const EvaluationRecord &E = Data->Entries[I];
    Key.clear();
    for (const NamedValue &V : E.Configuration)
      appendLookupKey(Key, V.Val);
    EntryOfKey.emplace(Key, static_cast<std::uint32_t>(I));
    if (E.Result.Valid &&
        (!Optimum || std::lexicographical_compare(E.Result.Costs.begin(), E.Result.Costs.end(),
                                                  Optimum->begin(), Optimum->end())))
      Optimum = E.Result.Costs;
  }
}

std::optional<std::size_t> ReplayBackend::find(std::span<const Value> Values) const {
  if (!Problem.empty() || Values.size() != SpaceNames.size())
    return std::nullopt;
  std::string Key;
  Key.reserve(8 * SpaceIndexOfColumn.size());
  for (std::size_t P = 0; P < SpaceIndexOfColumn.size(); ++P) {
    if (SpaceIndexOfColumn[P] == kConstant) {
      Key += ConstantText[P];
      Key += '\x1f';
    } else {
      appendLookupKey(Key, Values[SpaceIndexOfColumn[P]]);
    }
  }
  auto It = EntryOfKey.find(Key);
  if (It == EntryOfKey.end())
    return std::nullopt;
  return It->second;
}

Measurement ReplayBackend::measureEntry(std::size_t I) const {
  const EvaluationRecord &E = Data->Entries[I];
  if (E.Result.Valid)
    return Measurement::valid(E.Result.Costs);
  // The data's text (another tuner's error, FailureKind::None) or, for
  // atfc's own results, the reason or the kind's name; the kind it names.
  std::string Recorded =
      !E.Result.Reason.empty() ? E.Result.Reason : std::string(failureName(E.Result.Failure));
  const FailureKind Kind = recordedFailureKind(Recorded);
  return Measurement::invalid(Kind, std::move(Recorded));
}

Measurement ReplayBackend::measure(const ParameterValues &Values) const {
  if (!Problem.empty())
    return Measurement::invalid(FailureKind::NotRecorded, Problem);
  std::vector<Value> Plain;
  Plain.reserve(Values.size());
  for (const NamedValue &V : Values)
    Plain.push_back(V.Val);
  std::optional<std::size_t> I = find(Plain);
  if (!I)
    return Measurement::invalid(FailureKind::NotRecorded, "not in the recorded data");
  return measureEntry(*I);
}

} // namespace atfc
