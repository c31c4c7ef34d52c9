//===- Wisdom/Wisdom.cpp - Best configurations per device and input ------===//
#include "Wisdom/Wisdom.h"

#include "Results/ResultsDatabase.h"
#include "Results/RunObjectives.h"
#include "Results/ValueJson.h"
#include "Support/BoundedJson.h"
#include "Wisdom/SelectionHeader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <utility>

namespace atfc {

namespace {

using Json = nlohmann::ordered_json;

std::string lowercase(std::string_view Text) {
  std::string L(Text);
  for (char &C : L)
    C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return L;
}

bool isStringInput(const WisdomInput &Input) {
  return Input.Type.find("string") != std::string::npos ||
         Input.Type.find("char *") != std::string::npos;
}

/// The factor of one numeric input in the distance (Wisdom.h).
double ratio(double A, double B) {
  const double X = 1 + std::fabs(A), Y = 1 + std::fabs(B);
  if ((A < 0) != (B < 0))
    return X * Y;
  return X > Y ? X / Y : Y / X;
}

/// The arguments' text of Input in an entry; nullopt when the run had
/// fewer arguments.
const std::string *argumentOf(const WisdomEntry &E, const WisdomInput &Input) {
  if (Input.Argument == 0 || Input.Argument > E.Arguments.size())
    return nullptr;
  return &E.Arguments[Input.Argument - 1];
}

} // namespace

std::string selectionStem(std::string_view FileName) {
  std::string_view Base = FileName.substr(FileName.find_last_of('/') + 1);
  Base = Base.substr(0, Base.find('.'));
  std::string Stem;
  for (char C : Base)
    Stem += std::isalnum(static_cast<unsigned char>(C)) || C == '_' ? C : '_';
  if (Stem.empty())
    return "kernel";
  if (std::isdigit(static_cast<unsigned char>(Stem.front())))
    Stem.insert(Stem.begin(), '_');
  return Stem;
}

std::string headerGuard(std::string_view Stem, std::string_view Kind) {
  std::string Guard = "ATFC_";
  for (char C : std::string(Stem) + "_" + std::string(Kind) + "_H")
    if (C != '_' || Guard.back() != '_')
      Guard += static_cast<char>(std::toupper(static_cast<unsigned char>(C)));
  return Guard;
}

bool isCIdentifier(std::string_view Text) {
  if (Text.empty() || std::isdigit(static_cast<unsigned char>(Text.front())))
    return false;
  return std::all_of(Text.begin(), Text.end(), [](char C) {
    return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || (C >= '0' && C <= '9') || C == '_';
  });
}

std::string wisdomDeviceName(std::string_view Description) {
  if (Description.empty())
    return "host";
  std::string_view Name = Description;
  if (const std::size_t Colon = Name.find(": "); Colon != std::string_view::npos)
    Name = Name.substr(Colon + 2);
  if (!Name.empty() && Name.back() == ')')
    if (const std::size_t Open = Name.rfind(" ("); Open != std::string_view::npos)
      Name = Name.substr(0, Open);
  return std::string(Name);
}

std::string wisdomDeviceFamily(std::string_view Name) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 13> Words = {{
      {"cpu", "cpu"},
      {"pthread", "cpu"},
      {"nvidia", "nvidia"},
      {"geforce", "nvidia"},
      {"quadro", "nvidia"},
      {"tesla", "nvidia"},
      {"amd", "amd"},
      {"radeon", "amd"},
      {"gfx", "amd"},
      {"intel", "intel"},
      {"apple", "apple"},
      {"mali", "arm"},
      {"adreno", "qualcomm"},
  }};
  const std::string L = lowercase(Name);
  for (const auto &[Word, Family] : Words)
    if (L.find(Word) != std::string::npos)
      return std::string(Family);
  return {};
}

std::optional<double> numericInput(const WisdomInput &Input, std::string_view Text) {
  if (isStringInput(Input))
    return std::nullopt;
  if (Input.Type == "bool") {
    const std::string L = lowercase(Text);
    if (L == "true" || L == "1" || L == "yes" || L == "on")
      return 1.0;
    if (L == "false" || L == "0" || L == "no" || L == "off")
      return 0.0;
    return std::nullopt;
  }
  const std::string Copy(Text);
  char *End = nullptr;
  const double V = std::strtod(Copy.c_str(), &End);
  if (Copy.empty() || End != Copy.c_str() + Copy.size())
    return std::nullopt;
  return V;
}

Expected<Wisdom> wisdomOfDatabase(const std::string &Path, const std::vector<WisdomInput> &Inputs,
                                  std::string_view File) {
  auto Db = ResultsDatabase::open(Path, ResultsDatabase::Mode::ReadOnly);
  if (!Db)
    return Db.takeError();
  auto Runs = (*Db)->runs();
  if (!Runs)
    return Runs.takeError();
  std::vector<RunInfo> Kept;
  for (const RunInfo &Run : *Runs)
    if (File.empty() || Run.File == File)
      Kept.push_back(Run);
  if (Kept.empty())
    return Error(Path + ": no run of " +
                 (File.empty() ? "any file" : "'" + std::string(File) + "'"));
  const RunInfo &Latest = Kept.back();
  Wisdom W;
  W.File = Latest.File;
  W.Inputs = Inputs;
  for (std::size_t P = 0; P < Latest.Parameters.size(); ++P)
    W.Parameters.push_back({Latest.Parameters[P], P < Latest.ParameterKinds.size()
                                                      ? Latest.ParameterKinds[P]
                                                      : ValueKind::String});
  // The latest run per device and arguments, newest first.
  std::map<std::pair<std::string, std::vector<std::string>>, const RunInfo *> LatestOf;
  W.Objectives = Latest.Objectives;
  // The names become code in the selection header: a crafted database must
  // not write it.
  if (Expected<void> Checked = checkSelectionNames(W); !Checked)
    return Error(Path + ": " + Checked.error().message());
  // Costs of other parameters or objectives are not comparable.
  for (const RunInfo &Run : Kept)
    if (Run.Parameters == Latest.Parameters && Run.Objectives == Latest.Objectives)
      LatestOf[{Run.Device, Run.Arguments}] = &Run;
  std::vector<const RunInfo *> Chosen;
  for (const auto &[Group, Run] : LatestOf)
    Chosen.push_back(Run);
  std::sort(Chosen.begin(), Chosen.end(),
            [](const RunInfo *A, const RunInfo *B) { return A->Id < B->Id; });
  for (const RunInfo *Run : Chosen) {
    auto Known = (*Db)->evaluationsOfKey(Run->Key);
    if (!Known)
      return Known.takeError();
    const std::optional<std::size_t> Best = bestEvaluation(*Known, Run->Objectives);
    if (!Best)
      continue; // nothing valid: nothing to select
    const EvaluationRecord &E = (*Known)[*Best];
    WisdomEntry Entry;
    Entry.Device = Run->Device;
    Entry.Arguments = Run->Arguments;
    Entry.Costs = E.Result.Costs;
    Entry.Source = Path;
    Entry.Run = Run->Id;
    bool Complete = true;
    for (const WisdomParameter &P : W.Parameters) {
      auto It = std::find_if(E.Configuration.begin(), E.Configuration.end(),
                             [&](const NamedValue &V) { return V.Name == P.Name; });
      if (It == E.Configuration.end()) {
        Complete = false;
        break;
      }
      Entry.Values.push_back(It->Val);
    }
    for (const WisdomInput &Input : Inputs)
      Complete = Complete && argumentOf(Entry, Input);
    if (Complete)
      W.Entries.push_back(std::move(Entry));
  }
  return W;
}

Expected<Wisdom> mergeWisdom(const std::vector<Wisdom> &Parts) {
  if (Parts.empty())
    return Error("nothing to merge");
  Wisdom W;
  W.File = Parts.front().File;
  W.Inputs = Parts.front().Inputs;
  W.Parameters = Parts.front().Parameters;
  W.Objectives = Parts.front().Objectives;
  for (const Wisdom &Part : Parts) {
    if (!Part.Constraints)
      continue;
    if (W.Constraints && *W.Constraints != *Part.Constraints)
      return Error("the wisdom of '" + Part.File + "' has other constraints than that of '" +
                   W.File + "': they are not of one file");
    W.Constraints = Part.Constraints;
  }
  std::map<std::pair<std::string, std::vector<std::string>>, std::size_t> Index;
  for (const Wisdom &Part : Parts) {
    if (Part.Inputs != W.Inputs)
      return Error("the wisdom of '" + Part.File + "' has other inputs than that of '" + W.File +
                   "': they are not of one file");
    if (Part.Parameters != W.Parameters)
      return Error("the wisdom of '" + Part.File + "' has other tuning parameters than that of '" +
                   W.File + "': they are not of one file");
    if (Part.Objectives != W.Objectives)
      return Error("the wisdom of '" + Part.File + "' has other objectives than that of '" +
                   W.File + "': their costs do not compare");
    for (const WisdomEntry &E : Part.Entries) {
      auto [It, New] = Index.emplace(std::make_pair(E.Device, E.Arguments), W.Entries.size());
      if (New)
        W.Entries.push_back(E);
      else if (betterMeasuredCost(E.Costs, W.Entries[It->second].Costs, W.Objectives))
        W.Entries[It->second] = E;
    }
  }
  return W;
}

std::string wisdomJson(const Wisdom &W) {
  Json Root;
  Root["atfc_wisdom"] = kWisdomVersion;
  Root["file"] = W.File;
  Json Inputs = Json::array();
  for (const WisdomInput &I : W.Inputs)
    Inputs.push_back({{"name", I.Name}, {"type", I.Type}, {"argument", I.Argument}});
  Root["inputs"] = Inputs;
  Json Parameters = Json::array();
  for (const WisdomParameter &P : W.Parameters)
    Parameters.push_back({{"name", P.Name}, {"kind", kindName(P.Kind)}});
  Root["parameters"] = Parameters;
  // Only named or maximised costs say so: anonymous minimised ones, the
  // common case, read back the same without it.
  if (!W.Objectives.empty())
    Root["objectives"] = objectivesJson(W.Objectives, W.Objectives.size());
  if (W.Constraints) {
    Json Constraints = Json::array();
    for (const WisdomConstraint &C : *W.Constraints) {
      Json Conjuncts = Json::array();
      for (const WisdomConjunct &J : C.Conjuncts) {
        Json Conjunct = {{"shape", J.Shape}, {"expression", J.Expression}};
        if (J.NamesDeviceLimit)
          Conjunct["device_limit"] = true;
        Conjuncts.push_back(std::move(Conjunct));
      }
      Constraints.push_back(
          {{"parameter", C.Parameter}, {"type", C.Type}, {"conjuncts", std::move(Conjuncts)}});
    }
    Root["constraints"] = std::move(Constraints);
  }
  Json Entries = Json::array();
  for (const WisdomEntry &E : W.Entries) {
    Json Entry;
    Entry["device"] = E.Device;
    Entry["device_name"] = wisdomDeviceName(E.Device);
    Entry["device_family"] = wisdomDeviceFamily(wisdomDeviceName(E.Device));
    Entry["arguments"] = E.Arguments;
    Json InputValues = Json::object();
    for (const WisdomInput &I : W.Inputs) {
      const std::string &Text = *argumentOf(E, I);
      std::optional<double> Number = numericInput(I, Text);
      InputValues[I.Name] = Number ? Json(*Number) : Json(Text);
    }
    Entry["inputs"] = InputValues;
    Json Configuration = Json::object();
    for (std::size_t P = 0; P < W.Parameters.size(); ++P)
      Configuration[W.Parameters[P].Name] = valueJson(E.Values[P]);
    Entry["configuration"] = Configuration;
    Entry["cost"] = E.Costs;
    Entry["source"] = E.Source;
    Entry["run"] = E.Run;
    Entries.push_back(std::move(Entry));
  }
  Root["entries"] = Entries;
  return Root.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

Expected<Wisdom> parseWisdom(std::string_view Text) {
  Wisdom W;
  // nlohmann's at() and get<>() throw on a missing key or a value of the
  // wrong type: the library's way to say the structure is not a wisdom's.
  try {
    Expected<Json> Parsed = parseBoundedJson<Json>(Text);
    if (!Parsed)
      return Error("not a valid wisdom file: " + Parsed.error().message());
    const Json &Root = *Parsed;
    if (!Root.is_object() || !Root.contains("atfc_wisdom"))
      return Error("not an atfc wisdom file (no \"atfc_wisdom\")");
    if (Root.at("atfc_wisdom").get<int>() != kWisdomVersion)
      return Error("a wisdom file of another version (" + Root.at("atfc_wisdom").dump() + ")");
    W.File = Root.at("file").get<std::string>();
    for (const Json &I : Root.at("inputs")) {
      // get<unsigned>() of -5 would be 4294967291: the number is checked.
      const Json &Argument = I.at("argument");
      if (!Argument.is_number_integer() || Argument.get<std::int64_t>() < 1 ||
          Argument.get<std::int64_t>() > std::int64_t(UINT32_MAX))
        return Error("input " + I.at("name").dump() + " has argument " + jsonText(Argument) +
                     ", not the number of a command-line argument ($1, $2, ...)");
      W.Inputs.push_back({I.at("name").get<std::string>(), I.at("type").get<std::string>(),
                          Argument.get<unsigned>()});
    }
    for (const Json &P : Root.at("parameters")) {
      const std::optional<ValueKind> Kind = valueKindNamed(P.at("kind").get<std::string>());
      if (!Kind)
        return Error("unknown parameter kind " + P.at("kind").dump());
      W.Parameters.push_back({P.at("name").get<std::string>(), *Kind});
    }
    if (Root.contains("objectives"))
      W.Objectives = objectivesFromJson(Root.at("objectives"));
    if (Root.contains("constraints")) {
      W.Constraints.emplace();
      for (const Json &C : Root.at("constraints")) {
        WisdomConstraint Constraint{
            C.at("parameter").get<std::string>(), C.at("type").get<std::string>(), {}};
        for (const Json &J : C.at("conjuncts"))
          Constraint.Conjuncts.push_back({J.at("shape").get<std::string>(),
                                          J.at("expression").get<std::string>(),
                                          J.value("device_limit", false)});
        W.Constraints->push_back(std::move(Constraint));
      }
    }
    if (Expected<void> Checked = checkSelectionNames(W); !Checked)
      return Checked.takeError();
    for (const Json &J : Root.at("entries")) {
      WisdomEntry E;
      E.Device = J.at("device").get<std::string>();
      E.Arguments = J.at("arguments").get<std::vector<std::string>>();
      for (const WisdomParameter &P : W.Parameters) {
        std::optional<Value> V = jsonValue(J.at("configuration").at(P.Name), P.Kind);
        if (!V)
          return Error("the value of '" + P.Name + "' is not of kind " + kindName(P.Kind));
        E.Values.push_back(std::move(*V));
      }
      E.Costs = J.at("cost").get<std::vector<double>>();
      E.Source = J.value("source", std::string());
      E.Run = J.value("run", std::int64_t(0));
      for (const WisdomInput &I : W.Inputs)
        if (!argumentOf(E, I))
          return Error("an entry has no argument $" + std::to_string(I.Argument) + " for input '" +
                       I.Name + "'");
      W.Entries.push_back(std::move(E));
    }
  } catch (const nlohmann::json::exception &E) {
    return Error(std::string("not a valid wisdom file: ") + E.what());
  }
  return W;
}

InputDistance inputDistance(const std::vector<WisdomInput> &Declared,
                            const std::vector<std::string> &Inputs,
                            const std::vector<std::string> &Arguments) {
  InputDistance D;
  for (std::size_t I = 0; I < Declared.size(); ++I) {
    const std::string Given = I < Inputs.size() ? Inputs[I] : std::string();
    const std::size_t K = Declared[I].Argument;
    const std::string Tuned = K >= 1 && K <= Arguments.size() ? Arguments[K - 1] : std::string();
    const std::optional<double> A = numericInput(Declared[I], Given);
    const std::optional<double> B = numericInput(Declared[I], Tuned);
    if (A && B)
      D.Factor *= ratio(*A, *B);
    else if (Given != Tuned)
      ++D.Mismatches;
  }
  return D;
}

std::optional<std::size_t> selectEntry(const Wisdom &W, const std::vector<std::string> &Inputs,
                                       const char *Device) {
  if (W.Entries.empty())
    return std::nullopt;
  // 0: the device named exactly, 1: its family, 2: any.
  int Tier = 2;
  std::string Family;
  auto Exact = [&](const WisdomEntry &E) {
    return E.Device == Device || wisdomDeviceName(E.Device) == Device;
  };
  auto SameFamily = [&](const WisdomEntry &E) {
    return wisdomDeviceFamily(wisdomDeviceName(E.Device)) == Family;
  };
  if (Device && *Device) {
    if (std::any_of(W.Entries.begin(), W.Entries.end(), Exact)) {
      Tier = 0;
    } else {
      Family = wisdomDeviceFamily(Device);
      if (!Family.empty() && std::any_of(W.Entries.begin(), W.Entries.end(), SameFamily))
        Tier = 1;
    }
  }
  std::optional<std::size_t> Best;
  InputDistance BestDistance;
  for (std::size_t K = 0; K < W.Entries.size(); ++K) {
    const WisdomEntry &E = W.Entries[K];
    if ((Tier == 0 && !Exact(E)) || (Tier == 1 && !SameFamily(E)))
      continue;
    const InputDistance D = inputDistance(W.Inputs, Inputs, E.Arguments);
    if (!Best || D < BestDistance) {
      Best = K;
      BestDistance = D;
    }
  }
  return Best;
}

} // namespace atfc
