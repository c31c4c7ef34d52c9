//===- Results/RecordedData.cpp - Reading recorded tuning data -----------===//
//
// Reads Kernel Tuner cache files, T4 result files and KTT output (plain or
// gzip) into a RecordedData table. The file is decompressed with zlib when it starts
// with the gzip magic bytes, parsed with nlohmann::json (keeping the order
// of object keys, which is the parameters' order in T4 files), and each
// parameter's values are given one kind per column: integers stay integers,
// a column mixing integers and reals becomes real, a column mixing numbers
// and text becomes text, so that every value of a parameter compares with
// every other. An atfc results database goes to readResultsDatabase: its
// schema is read nowhere else.
//
//===----------------------------------------------------------------------===//
#include "Results/RecordedData.h"
#include "Results/GzipData.h"
#include "Results/PythonJson.h"
#include "Results/ResultsRecorded.h"
#include "Support/BoundedJson.h"
#include "Support/NumberText.h"
#include "System/RegularFiles.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <unordered_set>

namespace atfc {

namespace {

using Json = nlohmann::ordered_json;

/// The file's bytes, inflated when they are gzip-compressed; a regular
/// file only (a FIFO, a device), and within the limits of
/// System/RegularFiles.h and Results/GzipData.h.
Expected<std::string> readBytes(const std::string &Path) {
  // A directory's reason stays the one users know.
  std::error_code EC;
  if (std::filesystem::is_directory(Path, EC))
    return Error("is a directory, not a recorded-data file");
  Expected<std::string> Raw = readRegularFile(Path);
  if (!Raw) {
    // "cannot read 'PATH': it is a FIFO, ..." or "...: No such file ...".
    const std::string Message = Raw.error().message();
    const std::string Why = Message.substr(Message.find("': ") + 3);
    return Error(Why.rfind("it ", 0) == 0 ? Why : "cannot open the file (" + Why + ")");
  }
  if (!isGzip(*Raw))
    return Raw;
  return inflateGzip(*Raw);
}

/// Parses JSON, dropping the per-repetition run times (the bulk of both
/// formats, never used here) while parsing instead of after.
Expected<Json> parseJson(const std::string &Text) {
  return parseBoundedJson<Json>(Text, {"times", "runtimes"});
}

/// A JSON value as a parameter's Value: numbers, booleans and text as
/// themselves; a list, an object or null (Kernel Tuner's parameters take
/// any Python value: tuples, None) as its JSON text.
Value toValue(const Json &J) {
  if (J.is_number_unsigned()) {
    const auto U = J.get<std::uint64_t>();
    if (U <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
      return Value(static_cast<std::int64_t>(U));
    return Value(U);
  }
  if (J.is_number_integer())
    return Value(J.get<std::int64_t>());
  if (J.is_number_float())
    return Value(J.get<double>());
  if (J.is_boolean())
    return Value(J.get<bool>());
  if (J.is_string())
    return Value(J.get<std::string>());
  return Value(J.dump(-1, ' ', false, Json::error_handler_t::replace));
}

/// Object's text under Key; empty where it holds none or no text.
std::string textField(const Json &Object, const char *Key) {
  auto It = Object.find(Key);
  return It != Object.end() && It->is_string() ? It->get<std::string>() : std::string();
}

/// Gives every column one kind: integers and reals -> real; numbers and
/// text -> text (each number as its text); bools mixed with others -> text.
void unifyColumns(RecordedData &Data) {
  for (std::size_t P = 0; P < Data.Parameters.size(); ++P) {
    bool Seen[5] = {};
    for (const EvaluationRecord &E : Data.Entries)
      Seen[E.Configuration[P].Val.index()] = true;
    const int Kinds = Seen[0] + Seen[1] + Seen[2] + Seen[3] + Seen[4];
    if (Kinds <= 1)
      continue;
    const bool Numeric = !Seen[3] && !Seen[4];
    for (EvaluationRecord &E : Data.Entries) {
      Value &V = E.Configuration[P].Val;
      if (Numeric && Seen[2])
        V = std::visit(
            [](const auto &X) -> double {
              if constexpr (std::is_arithmetic_v<std::decay_t<decltype(X)>>)
                return static_cast<double>(X);
              else
                return 0; // unreachable: the column is numeric
            },
            V);
      else // (also a column of integers above 2^63 beside negative ones)
        V = Value(toString(V));
    }
  }
}

/// The text that identifies a configuration, for finding duplicates.
std::string keyOf(const ParameterValues &Values) {
  std::string Key;
  for (const NamedValue &V : Values) {
    Key += toString(V.Val);
    Key += '\x1f';
  }
  return Key;
}

/// The error for a recorded cost that no measurement gives (negative,
/// infinite or NaN), which would otherwise become the optimum; none for
/// another.
std::optional<Error> impossibleCost(double Cost, const std::string &Objective,
                                    const std::string &Where) {
  if (std::isfinite(Cost) && Cost >= 0)
    return std::nullopt;
  return Error(Where + ": its " + Objective + " is " + shortestText(Cost) +
               ", which no measurement gives (a cost is a finite number, not negative)");
}

/// A value of Object named Name as a configuration value.
Expected<Value> parameterValue(const Json &Object, const std::string &Name,
                               const std::string &Where) {
  auto It = Object.find(Name);
  if (It == Object.end())
    return Error(Where + " has no value for parameter '" + Name + "'");
  return toValue(*It);
}

/// The non-negative finite number Object holds under Key, times Scale (to
/// seconds); 0 where it holds none (the record then has no time of that
/// kind).
double recordedSeconds(const Json &Object, const char *Key, double Scale) {
  auto It = Object.find(Key);
  if (It == Object.end() || !It->is_number())
    return 0;
  const double V = It->get<double>() * Scale;
  return std::isfinite(V) && V > 0 ? V : 0;
}

/// Whether an objective is maximised where the data does not say: a rate
/// (GFLOP/s, GB/s; Kernel Tuner 1.x writes no direction into its caches,
/// and its users tune rates with objective_higher_is_better=True).
bool isRate(const std::string &Objective) {
  return Objective.size() > 2 && Objective.compare(Objective.size() - 2, 2, "/s") == 0;
}

/// The objectives of a Kernel Tuner cache and their directions: "objective"
/// one name (0.4.x to 0.5) or a list (1.x), "time" where absent;
/// "objective_higher_is_better" one value for all or one per objective.
Expected<void> readKernelTunerObjectives(const Json &Root, RecordedData &Data) {
  if (auto It = Root.find("objective"); It != Root.end() && !It->is_null()) {
    for (const Json &O : It->is_array() ? *It : Json::array({*It})) {
      if (!O.is_string() || O.get_ref<const std::string &>().empty())
        return Error("\"objective\" holds something other than objective names");
      Data.Objectives.push_back(O.get<std::string>());
    }
  }
  if (Data.Objectives.empty())
    Data.Objectives = {"time"};
  for (const std::string &O : Data.Objectives)
    Data.Directions.push_back(isRate(O) ? Direction::Maximise : Direction::Minimise);
  auto It = Root.find("objective_higher_is_better");
  if (It == Root.end() || It->is_null())
    return success();
  if (!It->is_boolean() && !It->is_array())
    return Error("\"objective_higher_is_better\" is not true or false");
  const Json Said = It->is_array() ? *It : Json::array();
  if (It->is_array() &&
      (Said.size() != Data.Objectives.size() ||
       !std::all_of(Said.begin(), Said.end(), [](const Json &B) { return B.is_boolean(); })))
    return Error("\"objective_higher_is_better\" is not true or false for each objective");
  for (std::size_t I = 0; I < Data.Objectives.size(); ++I)
    Data.Directions[I] = (It->is_boolean() ? It->get<bool>() : Said[I].get<bool>())
                             ? Direction::Maximise
                             : Direction::Minimise;
  return success();
}

/// Why a Kernel Tuner cache entry failed, as Kernel Tuner itself decides:
/// its "__error__" (1.x), or any field holding one of its error classes
/// (0.4.x wrote them in "time"); empty for an entry that did not fail.
std::string kernelTunerFailure(const Json &Entry, const RecordedData &Data) {
  if (auto It = Entry.find("__error__"); It != Entry.end())
    return It->is_string() ? It->get<std::string>() : "ErrorConfig";
  for (const auto &[Key, Field] : Entry.items()) {
    if (!Field.is_string() ||
        std::find(Data.Parameters.begin(), Data.Parameters.end(), Key) != Data.Parameters.end())
      continue;
    const std::string &Text = Field.get_ref<const std::string &>();
    for (const char *Class :
         {"ErrorConfig", "InvalidConfig", "CompilationFailedConfig", "RuntimeFailedConfig"})
      if (Text == Class)
        return Text;
  }
  return std::string();
}

Expected<RecordedData> readKernelTunerCache(const Json &Root) {
  RecordedData Data;
  const Json &Keys = Root["tune_params_keys"];
  if (!Keys.is_array() || Keys.empty())
    return Error("Kernel Tuner cache without \"tune_params_keys\"");
  for (const Json &K : Keys) {
    if (!K.is_string())
      return Error("\"tune_params_keys\" holds a non-string");
    const std::string &Name = K.get_ref<const std::string &>();
    // A name twice gives two columns of one value ("varies but is not a
    // parameter" later): said here, where it is.
    if (std::find(Data.Parameters.begin(), Data.Parameters.end(), Name) != Data.Parameters.end())
      return Error("\"tune_params_keys\" names '" + Name + "' twice");
    Data.Parameters.push_back(Name);
  }
  // GFLOP/s and the like: kept as measured; minimisedForm() gives the
  // search its reciprocal.
  if (Expected<void> Objectives = readKernelTunerObjectives(Root, Data); !Objectives)
    return Objectives.takeError();

  const Json &Cache = Root["cache"];
  if (!Cache.is_object())
    return Error("Kernel Tuner cache without a \"cache\" object");
  Data.Entries.reserve(Cache.size());
  for (const auto &[Key, Entry] : Cache.items()) {
    const std::string Where = "entry \"" + Key + "\"";
    if (!Entry.is_object())
      return Error(Where + " is not an object");
    EvaluationRecord E;
    for (const std::string &P : Data.Parameters) {
      Expected<Value> V = parameterValue(Entry, P, Where);
      if (!V)
        return V.takeError();
      E.Configuration.push_back({P, V.take()});
    }
    // Kernel Tuner's milliseconds: the build, and the benchmark with its
    // verification (its framework_time, its own Python, is no GPU's).
    E.Result.CompileSeconds = recordedSeconds(Entry, "compile_time", 1e-3);
    E.Result.RunSeconds = recordedSeconds(Entry, "verification_time", 1e-3) +
                          recordedSeconds(Entry, "benchmark_time", 1e-3);
    E.Result.Reason = kernelTunerFailure(Entry, Data);
    for (std::size_t O = 0; O < Data.Objectives.size() && E.Result.Reason.empty(); ++O) {
      const std::string &Objective = Data.Objectives[O];
      auto Cost = Entry.find(Objective);
      if (Cost == Entry.end()) {
        E.Result.Reason = "no " + Objective;
      } else if (Cost->is_string()) {
        // An error of its own, or Python's NaN or Infinity: no cost.
        const std::string &Text = Cost->get_ref<const std::string &>();
        E.Result.Reason = isPythonNonFinite(Text) ? Objective + " is " + Text : Text;
      } else if (Cost->is_number()) {
        if (std::optional<Error> Impossible = impossibleCost(Cost->get<double>(), Objective, Where))
          return std::move(*Impossible);
        E.Result.Costs.push_back(Cost->get<double>());
      } else {
        E.Result.Reason = Objective + " is not a number";
      }
    }
    E.Result.Valid = E.Result.Reason.empty();
    if (!E.Result.Valid)
      E.Result.Costs.clear();
    Data.Entries.push_back(std::move(E));
  }

  const std::string Kernel = textField(Root, "kernel_name");
  const std::string Device = textField(Root, "device_name");
  Data.Description = "Kernel Tuner cache";
  if (!Kernel.empty() || !Device.empty())
    Data.Description +=
        " (" + Kernel + (Kernel.empty() || Device.empty() ? "" : ", ") + Device + ")";
  return Data;
}

/// A time unit as a multiple of milliseconds, the unit every format's
/// times are kept in; nullopt for anything else (a T4 unit "GB/s").
std::optional<double> millisecondsPer(std::string Unit) {
  std::transform(Unit.begin(), Unit.end(), Unit.begin(),
                 [](unsigned char C) { return static_cast<char>(std::tolower(C)); });
  if (Unit == "ns" || Unit == "nanoseconds")
    return 1e-6;
  if (Unit == "us" || Unit == "microseconds")
    return 1e-3;
  if (Unit == "ms" || Unit == "milliseconds")
    return 1.0;
  if (Unit == "s" || Unit == "seconds")
    return 1e3;
  return std::nullopt;
}

/// Makes numbers of the columns whose every value is text that spells a
/// number: KTT's T4 files write each value as text ("16", "0.500000"),
/// which would otherwise sort as text and never meet the numbers of a
/// directive file or a Kernel Tuner prior.
void readNumbersWrittenAsText(RecordedData &Data) {
  for (std::size_t P = 0; P < Data.Parameters.size(); ++P) {
    std::vector<Value> Numbers;
    for (const EvaluationRecord &E : Data.Entries) {
      const auto *Text = std::get_if<std::string>(&E.Configuration[P].Val);
      if (!Text || Text->empty())
        break;
      std::int64_t I = 0;
      const char *End = Text->data() + Text->size();
      if (auto [Ptr, Ec] = std::from_chars(Text->data(), End, I); Ec == std::errc() && Ptr == End) {
        Numbers.push_back(Value(I));
        continue;
      }
      double D = 0;
      auto [Ptr, Ec] = std::from_chars(Text->data(), End, D);
      if (Ec != std::errc() || Ptr != End || !std::isfinite(D))
        break;
      Numbers.push_back(Value(D));
    }
    if (Numbers.size() != Data.Entries.size() || Numbers.empty())
      continue;
    for (std::size_t I = 0; I < Numbers.size(); ++I)
      Data.Entries[I].Configuration[P].Val = std::move(Numbers[I]);
  }
}

Expected<RecordedData> readT4Results(const Json &Root) {
  RecordedData Data;
  const Json &Results = Root["results"];
  if (!Results.is_array())
    return Error("T4 results file without a \"results\" array");
  // The unit of a time measured without one (KTT writes "" and names it
  // here; Kernel Tuner writes "ms").
  auto Metadata = Root.find("metadata");
  const std::optional<double> FileUnit = Metadata != Root.end() && Metadata->is_object()
                                             ? millisecondsPer(textField(*Metadata, "timeunit"))
                                             : std::nullopt;
  // Per objective, the first unit met that is no time, and its result.
  std::vector<std::optional<std::pair<std::string, std::size_t>>> OtherUnit;
  for (std::size_t I = 0; I < Results.size(); ++I) {
    const Json &R = Results[I];
    const std::string Where = "result " + std::to_string(I);
    if (!R.is_object() || !R.contains("configuration") || !R["configuration"].is_object())
      return Error(Where + " has no \"configuration\" object");
    const Json &Config = R["configuration"];
    if (Data.Parameters.empty()) {
      for (const auto &[Name, V] : Config.items())
        Data.Parameters.push_back(Name);
      if (Data.Parameters.empty())
        return Error(Where + " has an empty configuration");
      if (auto It = R.find("objectives"); It != R.end() && It->is_array())
        for (const Json &O : *It)
          if (O.is_string())
            Data.Objectives.push_back(O.get<std::string>());
      if (Data.Objectives.empty())
        Data.Objectives = {"time"};
      OtherUnit.assign(Data.Objectives.size(), std::nullopt);
    }
    if (Config.size() != Data.Parameters.size())
      return Error(Where + " has " + std::to_string(Config.size()) + " parameters, not " +
                   std::to_string(Data.Parameters.size()));
    EvaluationRecord E;
    for (const std::string &P : Data.Parameters) {
      Expected<Value> V = parameterValue(Config, P, Where);
      if (!V)
        return V.takeError();
      E.Configuration.push_back({P, V.take()});
    }

    auto Invalidity = R.find("invalidity");
    if (Invalidity != R.end() && !Invalidity->is_string() && !Invalidity->is_null())
      return Error(Where + ": its \"invalidity\" is not text");
    const std::string Invalid = textField(R, "invalidity");
    if (!Invalid.empty() && Invalid != "correct") {
      E.Result.Reason = Invalid;
    } else {
      const Json &Measurements = R.contains("measurements") ? R["measurements"] : Json::array();
      for (std::size_t O = 0; O < Data.Objectives.size(); ++O) {
        const std::string &Name = Data.Objectives[O];
        const Json *Found = nullptr;
        for (const Json &M : Measurements)
          if (M.is_object() && textField(M, "name") == Name)
            Found = &M;
        if (!Found || !Found->contains("value") || !(*Found)["value"].is_number()) {
          E.Result.Reason = "no measurement of " + Name;
          E.Result.Costs.clear();
          break;
        }
        double Cost = (*Found)["value"].get<double>();
        const std::string Unit = textField(*Found, "unit");
        if (std::optional<double> Ms = Unit.empty() ? FileUnit : millisecondsPer(Unit)) {
          Cost *= *Ms;
        } else if (!Unit.empty()) {
          if (!OtherUnit[O])
            OtherUnit[O] = {Unit, I};
          else if (OtherUnit[O]->first != Unit)
            return Error(Where + ": its " + Name + " is in '" + Unit + "', result " +
                         std::to_string(OtherUnit[O]->second) + "'s in '" + OtherUnit[O]->first +
                         "' (only times are converted)");
        }
        if (std::optional<Error> Impossible = impossibleCost(Cost, Name, Where))
          return std::move(*Impossible);
        E.Result.Costs.push_back(Cost);
      }
      E.Result.Valid = E.Result.Reason.empty();
    }
    Data.Entries.push_back(std::move(E));
  }
  readNumbersWrittenAsText(Data);
  Data.Description = "T4 results";
  return Data;
}

/// A KTT time unit (KTT 2.x, TimeUnit) as a fraction of milliseconds,
/// the unit of Kernel Tuner caches, so that both read as the same "time":
/// {multiplier, divisor}, so that 4850 us reads as exactly 4.85 ms.
std::optional<std::pair<double, double>> kttMilliseconds(const std::string &Unit) {
  if (Unit == "Nanoseconds")
    return std::pair{1.0, 1e6};
  if (Unit == "Microseconds")
    return std::pair{1.0, 1e3};
  if (Unit == "Milliseconds")
    return std::pair{1.0, 1.0};
  if (Unit == "Seconds")
    return std::pair{1e3, 1.0};
  return std::nullopt;
}

/// A KTT configuration, [{"Name": ..., "Value": ...}, ...], as its names
/// and values in the file's order; Where names the result.
Expected<std::vector<std::pair<std::string, Value>>> kttConfiguration(const Json &Pairs,
                                                                      const std::string &Where) {
  if (!Pairs.is_array() || Pairs.empty())
    return Error(Where + " has no \"Configuration\" list of parameters");
  std::vector<std::pair<std::string, Value>> Config;
  for (const Json &Pair : Pairs) {
    auto Name = Pair.is_object() ? Pair.find("Name") : Pair.end();
    if (!Pair.is_object() || Name == Pair.end() || !Name->is_string())
      return Error(Where + ": a parameter of its \"Configuration\" has no \"Name\"");
    const std::string &N = Name->get_ref<const std::string &>();
    for (const auto &[Seen, V] : Config)
      if (Seen == N)
        return Error(Where + " names parameter '" + N + "' twice");
    auto Found = Pair.find("Value");
    if (Found == Pair.end())
      return Error(Where + ": parameter '" + N + "' has no \"Value\"");
    // KTT's values are numbers and text (its ParameterPair).
    if (Found->is_structured() || Found->is_null())
      return Error(Where + ": the value of parameter '" + N + "' is not a number or text");
    Config.emplace_back(N, toValue(*Found));
  }
  return Config;
}

/// The time of a KTT result whose Status is "Ok": its kernels' Durations
/// plus its ExtraDuration (KTT's TotalDuration), in milliseconds.
Expected<double> kttTime(const Json &Result, std::pair<double, double> Milliseconds,
                         const std::string &Where) {
  auto Computations = Result.find("ComputationResults");
  if (Computations == Result.end() || !Computations->is_array() || Computations->empty())
    return Error(Where + " is \"Ok\" but has no \"ComputationResults\"");
  double Time = 0;
  for (const Json &C : *Computations) {
    auto Duration = C.is_object() ? C.find("Duration") : C.end();
    if (!C.is_object() || Duration == C.end() || !Duration->is_number())
      return Error(Where + ": a computation result has no number \"Duration\"");
    if (std::optional<Error> Impossible =
            impossibleCost(Duration->get<double>(), "Duration", Where))
      return std::move(*Impossible);
    Time += Duration->get<double>();
  }
  if (auto Extra = Result.find("ExtraDuration"); Extra != Result.end()) {
    if (!Extra->is_number())
      return Error(Where + ": its \"ExtraDuration\" is not a number");
    if (std::optional<Error> Impossible =
            impossibleCost(Extra->get<double>(), "ExtraDuration", Where))
      return std::move(*Impossible);
    Time += Extra->get<double>();
  }
  // Durations near the largest double may add up to infinity.
  const double Ms = Time * Milliseconds.first / Milliseconds.second;
  if (std::optional<Error> Impossible = impossibleCost(Ms, "time", Where))
    return std::move(*Impossible);
  return Ms;
}

/// KTT 2.x output: "Metadata" (TimeUnit, Device) and "Results", one per
/// tuned configuration of one kernel.
Expected<RecordedData> readKttOutput(const Json &Root) {
  // (operator[] of a const JSON object is undefined for a missing key.)
  auto MetadataIt = Root.find("Metadata");
  if (MetadataIt == Root.end() || !MetadataIt->is_object())
    return Error("KTT output without a \"Metadata\" object");
  const Json &Metadata = *MetadataIt;
  auto Unit = Metadata.find("TimeUnit");
  if (Unit == Metadata.end() || !Unit->is_string())
    return Error("KTT output without a \"TimeUnit\" in its \"Metadata\"");
  const std::optional<std::pair<double, double>> Milliseconds =
      kttMilliseconds(Unit->get<std::string>());
  if (!Milliseconds)
    return Error("KTT output in the unknown time unit '" + Unit->get<std::string>() +
                 "' (Nanoseconds, Microseconds, Milliseconds or Seconds)");
  const Json &Results = Root["Results"];
  if (!Results.is_array())
    return Error("KTT output without a \"Results\" array");

  RecordedData Data;
  Data.Objectives = {"time"};
  std::string Kernel;
  for (std::size_t I = 0; I < Results.size(); ++I) {
    const Json &R = Results[I];
    const std::string Where = "result " + std::to_string(I);
    if (!R.is_object())
      return Error(Where + " is not an object");
    // One kernel per file: the times of two kernels are no one space.
    if (auto Name = R.find("KernelName"); Name != R.end() && Name->is_string()) {
      if (Kernel.empty())
        Kernel = Name->get<std::string>();
      else if (Kernel != Name->get<std::string>())
        return Error(Where + " is of kernel '" + Name->get<std::string>() + "', not '" + Kernel +
                     "' as the results before it (one kernel per file)");
    }
    auto Config =
        kttConfiguration(R.contains("Configuration") ? R["Configuration"] : Json(), Where);
    if (!Config)
      return Config.takeError();
    if (Data.Parameters.empty())
      for (const auto &[Name, V] : *Config)
        Data.Parameters.push_back(Name);
    EvaluationRecord E;
    for (const std::string &P : Data.Parameters) {
      auto Found = std::find_if(Config->begin(), Config->end(),
                                [&](const auto &NV) { return NV.first == P; });
      if (Found == Config->end())
        return Error(Where + " has no value for parameter '" + P + "'");
      E.Configuration.push_back({P, Found->second});
    }
    if (Config->size() != Data.Parameters.size())
      return Error(Where + " has " + std::to_string(Config->size()) + " parameters, not " +
                   std::to_string(Data.Parameters.size()));

    auto Status = R.find("Status");
    if (Status == R.end() || !Status->is_string())
      return Error(Where + " has no \"Status\"");
    // KTT's failures: CompilationFailed, ComputationFailed,
    // ValidationFailed, DeviceLimitsExceeded.
    if (*Status != "Ok") {
      E.Result.Reason = Status->get<std::string>();
    } else {
      Expected<double> Time = kttTime(R, *Milliseconds, Where);
      if (!Time)
        return Time.takeError();
      E.Result.Valid = true;
      E.Result.Costs = {*Time};
    }
    // KTT's TotalOverhead (compilation, data movement, validation) and
    // TotalDuration, in its TimeUnit.
    const double Seconds = Milliseconds->first / Milliseconds->second / 1e3;
    E.Result.CompileSeconds = recordedSeconds(R, "TotalOverhead", Seconds);
    E.Result.RunSeconds = recordedSeconds(R, "TotalDuration", Seconds);
    Data.Entries.push_back(std::move(E));
  }
  if (Data.Entries.empty())
    return Error("KTT output without results");
  auto DeviceIt = Metadata.find("Device");
  const std::string Device =
      DeviceIt != Metadata.end() && DeviceIt->is_string() ? DeviceIt->get<std::string>() : "";
  Data.Description = "KTT output";
  if (!Kernel.empty() || !Device.empty())
    Data.Description +=
        " (" + Kernel + (Kernel.empty() || Device.empty() ? "" : ", ") + Device + ")";
  return Data;
}

/// Keeps the first entry of each configuration (its values compared after
/// unifyColumns: 1 and 1.0 of a real column are one), and says how many
/// were left out.
void dropRepetitions(RecordedData &Data) {
  std::unordered_set<std::string> Seen;
  std::size_t Kept = 0;
  for (std::size_t I = 0; I < Data.Entries.size(); ++I)
    if (Seen.insert(keyOf(Data.Entries[I].Configuration)).second) {
      if (Kept != I)
        Data.Entries[Kept] = std::move(Data.Entries[I]);
      ++Kept;
    }
  const std::size_t Repeated = Data.Entries.size() - Kept;
  Data.Entries.resize(Kept);
  if (Repeated)
    Data.Description += " (" + std::to_string(Repeated) + " repeated configuration" +
                        (Repeated == 1 ? "" : "s") + " ignored)";
}

/// A Kernel Tuner cache, T4 results file or KTT output at Path, plain or
/// gzip.
Expected<RecordedData> readJsonData(const std::string &Path) {
  Expected<std::string> Bytes = readBytes(Path);
  if (!Bytes)
    return Bytes.takeError();
  if (Bytes->find_first_not_of(" \t\r\n") == std::string::npos)
    return Error("the file is empty, not a Kernel Tuner cache, T4 results file or KTT output");
  Expected<Json> Root =
      parseJson(closedKernelTunerCache(withPythonNonFiniteAsText(std::move(*Bytes))));
  if (!Root)
    return Root.takeError();
  if (!Root->is_object())
    return Error("not a Kernel Tuner cache, T4 results file or KTT output (no JSON object)");
  Expected<RecordedData> Data =
      Root->contains("cache") && Root->contains("tune_params_keys") ? readKernelTunerCache(*Root)
      : Root->contains("results")                                   ? readT4Results(*Root)
      : Root->contains("Results")
          ? readKttOutput(*Root)
          : Expected<RecordedData>(Error("not a Kernel Tuner cache (\"tune_params_keys\", "
                                         "\"cache\"), T4 results file (\"results\") or KTT "
                                         "output (\"Metadata\", \"Results\")"));
  if (!Data)
    return Data;
  unifyColumns(*Data);
  dropRepetitions(*Data);
  // Each entry's place in the file: its number, as a run's evaluations have.
  for (std::size_t I = 0; I < Data->Entries.size(); ++I)
    Data->Entries[I].Evaluation = static_cast<std::int64_t>(I + 1);
  return Data;
}

} // namespace

std::string recordedDataFile(const std::string &Path) {
  std::error_code Failed;
  if (!std::filesystem::is_directory(Path, Failed))
    return Path;
  // Data files are files: a directory without a results.db is said to
  // lack one ("cannot open 'DIR': it is a directory" named no cause).
  return (std::filesystem::path(Path) / "results.db").string();
}

bool isSqliteFile(const std::string &Path) {
  static constexpr char Magic[] = "SQLite format 3"; // and its '\0'
  // Never blocks: a FIFO is no regular file, and not read.
  Expected<std::string> Head = readRegularFileHead(Path, sizeof Magic);
  return Head && Head->size() == sizeof Magic &&
         std::memcmp(Head->data(), Magic, sizeof Magic) == 0;
}

ObjectiveList objectivesOf(const RecordedData &Data) {
  ObjectiveList O;
  for (std::size_t I = 0; I < Data.Objectives.size(); ++I)
    O.push_back({Data.Objectives[I],
                 I < Data.Directions.size() ? Data.Directions[I] : Direction::Minimise});
  return O;
}

RecordedData minimisedForm(RecordedData Data) {
  const ObjectiveList O = objectivesOf(Data);
  for (EvaluationRecord &E : Data.Entries) {
    if (!E.Result.Valid)
      continue;
    if (std::string Problem = costProblem(E.Result.Costs, O); !Problem.empty()) {
      E.Result.Valid = false;
      E.Result.Reason = Problem;
      continue;
    }
    E.Result.Costs = searchCost(std::move(E.Result.Costs), O);
  }
  Data.Directions.assign(Data.Directions.size(), Direction::Minimise);
  return Data;
}

Expected<RecordedData> readRecordedData(const std::string &Path) {
  // results.db's schema is ResultsDatabase's alone: a database it refuses
  // is refused here with its message (which names the file).
  if (isSqliteFile(Path))
    return readResultsDatabase(Path);
  Expected<RecordedData> Data = Error("");
  // nlohmann's get<>() and at() throw on a value of the wrong type: the
  // library's own way to say the file's structure is not the expected one.
  try {
    Data = readJsonData(Path);
  } catch (const Json::exception &E) {
    return Error(Path + ": unexpected JSON structure: " + E.what());
  }
  if (!Data)
    return Error(Path + ": " + Data.error().message());
  return Data;
}

} // namespace atfc
