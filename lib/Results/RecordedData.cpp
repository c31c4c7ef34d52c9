//===- Results/RecordedData.cpp - Reading recorded tuning data -----------===//
//
// Reads Kernel Tuner cache files and T4 result files (plain or gzip) into a
// RecordedData table. The file is decompressed with zlib when it starts
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
#include "Results/ResultsDatabase.h"
#include "Support/BoundedJson.h"
#include "Support/NumberText.h"
#include "System/RegularFiles.h"

#include <nlohmann/json.hpp>

#include <algorithm>
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
  Json::parser_callback_t DropRepetitions = [](int, Json::parse_event_t Event, Json &Parsed) {
    if (Event == Json::parse_event_t::key && Parsed.is_string()) {
      const auto &Key = Parsed.get_ref<const std::string &>();
      return Key != "times" && Key != "runtimes";
    }
    return true;
  };
  return parseBoundedJson<Json>(Text, DropRepetitions);
}

/// A JSON scalar as a Value; nullopt for arrays, objects and null.
std::optional<Value> toValue(const Json &J) {
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
  return std::nullopt;
}

/// Gives every column one kind: integers and reals -> real; numbers and
/// text -> text (each number as its text); bools mixed with others -> text.
void unifyColumns(RecordedData &Data) {
  for (std::size_t P = 0; P < Data.Parameters.size(); ++P) {
    bool Seen[5] = {};
    for (const RecordedEntry &E : Data.Entries)
      Seen[E.Values[P].index()] = true;
    const int Kinds = Seen[0] + Seen[1] + Seen[2] + Seen[3] + Seen[4];
    if (Kinds <= 1)
      continue;
    const bool Numeric = !Seen[3] && !Seen[4];
    for (RecordedEntry &E : Data.Entries) {
      Value &V = E.Values[P];
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
std::string keyOf(const std::vector<Value> &Values) {
  std::string Key;
  for (const Value &V : Values) {
    Key += toString(V);
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
  std::optional<Value> V = toValue(*It);
  if (!V)
    return Error(Where + ": the value of parameter '" + Name + "' is not a number or text");
  return *V;
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
  std::string Objective = "time";
  if (auto It = Root.find("objective"); It != Root.end() && It->is_string())
    Objective = It->get<std::string>();
  if (auto It = Root.find("objective_higher_is_better");
      It != Root.end() && It->is_boolean() && It->get<bool>())
    return Error("the objective '" + Objective + "' is maximised; replay needs a cost to minimise");
  Data.Objectives = {Objective};

  const Json &Cache = Root["cache"];
  if (!Cache.is_object())
    return Error("Kernel Tuner cache without a \"cache\" object");
  Data.Entries.reserve(Cache.size());
  for (const auto &[Key, Entry] : Cache.items()) {
    const std::string Where = "entry \"" + Key + "\"";
    if (!Entry.is_object())
      return Error(Where + " is not an object");
    RecordedEntry E;
    for (const std::string &P : Data.Parameters) {
      Expected<Value> V = parameterValue(Entry, P, Where);
      if (!V)
        return V.takeError();
      E.Values.push_back(V.take());
    }
    auto Cost = Entry.find(Objective);
    if (Cost == Entry.end()) {
      E.Error = "no " + Objective;
    } else if (Cost->is_string()) {
      // Kernel Tuner's failure classes: CompilationFailedConfig,
      // RuntimeFailedConfig, InvalidConfig.
      E.Error = Cost->get<std::string>();
    } else if (Cost->is_number()) {
      if (std::optional<Error> Impossible = impossibleCost(Cost->get<double>(), Objective, Where))
        return std::move(*Impossible);
      E.Valid = true;
      E.Costs = {Cost->get<double>()};
    } else {
      E.Error = Objective + " is not a number";
    }
    Data.Entries.push_back(std::move(E));
  }

  std::string Kernel = Root.value("kernel_name", std::string());
  std::string Device = Root.value("device_name", std::string());
  Data.Description = "Kernel Tuner cache";
  if (!Kernel.empty() || !Device.empty())
    Data.Description +=
        " (" + Kernel + (Kernel.empty() || Device.empty() ? "" : ", ") + Device + ")";
  return Data;
}

Expected<RecordedData> readT4Results(const Json &Root) {
  RecordedData Data;
  const Json &Results = Root["results"];
  if (!Results.is_array())
    return Error("T4 results file without a \"results\" array");
  std::unordered_set<std::string> Seen;
  std::size_t Duplicates = 0;
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
    }
    if (Config.size() != Data.Parameters.size())
      return Error(Where + " has " + std::to_string(Config.size()) + " parameters, not " +
                   std::to_string(Data.Parameters.size()));
    RecordedEntry E;
    for (const std::string &P : Data.Parameters) {
      Expected<Value> V = parameterValue(Config, P, Where);
      if (!V)
        return V.takeError();
      E.Values.push_back(V.take());
    }

    const std::string Invalidity = R.value("invalidity", std::string("correct"));
    if (Invalidity != "correct") {
      E.Error = Invalidity;
    } else {
      const Json &Measurements = R.contains("measurements") ? R["measurements"] : Json::array();
      for (const std::string &O : Data.Objectives) {
        const Json *Found = nullptr;
        for (const Json &M : Measurements)
          if (M.is_object() && M.value("name", std::string()) == O)
            Found = &M;
        if (!Found || !Found->contains("value") || !(*Found)["value"].is_number()) {
          E.Error = "no measurement of " + O;
          E.Costs.clear();
          break;
        }
        if (std::optional<Error> Impossible =
                impossibleCost((*Found)["value"].get<double>(), O, Where))
          return std::move(*Impossible);
        E.Costs.push_back((*Found)["value"].get<double>());
      }
      E.Valid = E.Error.empty();
    }
    if (!Seen.insert(keyOf(E.Values)).second) {
      ++Duplicates; // the first result of a configuration counts
      continue;
    }
    Data.Entries.push_back(std::move(E));
  }
  Data.Description = "T4 results";
  if (Duplicates)
    Data.Description += " (" + std::to_string(Duplicates) + " repeated configurations ignored)";
  return Data;
}

/// A Kernel Tuner cache or T4 results file at Path, plain or gzip.
Expected<RecordedData> readJsonData(const std::string &Path) {
  Expected<std::string> Bytes = readBytes(Path);
  if (!Bytes)
    return Bytes.takeError();
  Expected<Json> Root = parseJson(*Bytes);
  if (!Root)
    return Root.takeError();
  if (!Root->is_object())
    return Error("not a Kernel Tuner cache or T4 results file (no JSON object)");
  Expected<RecordedData> Data =
      Root->contains("cache") && Root->contains("tune_params_keys") ? readKernelTunerCache(*Root)
      : Root->contains("results")
          ? readT4Results(*Root)
          : Expected<RecordedData>(Error("not a Kernel Tuner cache (\"tune_params_keys\", "
                                         "\"cache\") or T4 results file (\"results\")"));
  if (Data)
    unifyColumns(*Data);
  return Data;
}

} // namespace

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
  for (RecordedEntry &E : Data.Entries) {
    if (!E.Valid)
      continue;
    if (std::string Problem = costProblem(E.Costs, O); !Problem.empty()) {
      E.Valid = false;
      E.Error = Problem;
      continue;
    }
    E.Costs = searchCost(std::move(E.Costs), O);
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
