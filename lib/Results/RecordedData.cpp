//===- Results/RecordedData.cpp - Reading recorded tuning data -----------===//
//
// Reads Kernel Tuner cache files, T4 result files and KTT output (plain or
// gzip) into a RecordedData table. The file is decompressed with zlib when it starts
// with the gzip magic bytes; XML (KTT's) goes to Results/KttOutput.h, JSON
// is parsed with nlohmann::json (keeping the order of object keys, which is
// the parameters' order in T4 files; a Kernel Tuner cache read entry by
// entry as it is parsed, Results/KernelTunerCache.h), and each
// parameter's values are given one kind per column: integers stay integers,
// a column mixing integers and reals becomes real, a column mixing numbers
// and text becomes text, so that every value of a parameter compares with
// every other. An atfc results database goes to readResultsDatabase: its
// schema is read nowhere else.
//
//===----------------------------------------------------------------------===//
#include "Results/RecordedData.h"
#include "Results/GzipData.h"
#include "Results/KernelTunerCache.h"
#include "Results/KttOutput.h"
#include "Results/PythonJson.h"
#include "Results/ResultsRecorded.h"
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

using recorded::Json;
using namespace recorded;

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

/// Whether Text is XML: its first character, after a UTF-8 byte order
/// mark and blanks, is '<' (JSON's is '{' or '[').
bool isXml(const std::string &Text) {
  const std::size_t Start = Text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;
  const std::size_t First = Text.find_first_not_of(" \t\r\n", Start);
  return First != std::string::npos && Text[First] == '<';
}

/// The table of the document Root: a T4 results file or KTT output.
Expected<RecordedData> readDocument(const Json &Root) {
  if (!Root.is_object())
    return Error("not a Kernel Tuner cache, T4 results file or KTT output (no JSON object)");
  if (Root.contains("results"))
    return readT4Results(Root);
  if (Root.contains("Results"))
    return readKttOutput(Root);
  return Error("not a Kernel Tuner cache (\"tune_params_keys\", \"cache\"), T4 results file "
               "(\"results\") or KTT output (\"Metadata\", \"Results\")");
}

/// A Kernel Tuner cache, T4 results file or KTT output (JSON or XML) at
/// Path, plain or gzip.
Expected<RecordedData> readJsonData(const std::string &Path) {
  Expected<std::string> Bytes = readBytes(Path);
  if (!Bytes)
    return Bytes.takeError();
  if (Bytes->find_first_not_of(" \t\r\n") == std::string::npos)
    return Error("the file is empty, not a Kernel Tuner cache, T4 results file or KTT output");
  Expected<RecordedData> Data = Error("");
  if (isXml(*Bytes)) {
    Expected<Json> Root = kttXmlAsJson(*Bytes);
    if (!Root)
      return Root.takeError();
    Data = readKttOutput(*Root);
  } else {
    // A Kernel Tuner cache is read as it is parsed (KernelTunerCache.h).
    Expected<ParsedJson> Parsed =
        parseRecordedJson(closedKernelTunerCache(withPythonNonFiniteAsText(std::move(*Bytes))));
    if (!Parsed)
      return Parsed.takeError();
    Data = Parsed->Cache ? std::move(*Parsed->Cache) : readDocument(Parsed->Root);
  }
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
