//===- Results/KttOutput.cpp - KTT 2.x output, JSON and XML --------------===//
#include "Results/KttOutput.h"

#include <pugixml.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace atfc::recorded {

namespace {

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

} // namespace

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
  auto ResultsIt = Root.find("Results");
  if (ResultsIt == Root.end() || !ResultsIt->is_array())
    return Error("KTT output without a \"Results\" array");
  const Json &Results = *ResultsIt;

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

namespace {

/// Attribute text as the JSON number it spells (KTT writes numbers with
/// printf's %g and %llu), or as that text where it spells none, for the
/// reader to refuse as it refuses text in KTT's JSON.
Json numberOrText(const char *Text) {
  const char *End = Text + std::strlen(Text);
  std::uint64_t U = 0;
  if (auto [Ptr, Ec] = std::from_chars(Text, End, U);
      Ec == std::errc() && Ptr == End && Ptr != Text)
    return Json(U);
  std::int64_t I = 0;
  if (auto [Ptr, Ec] = std::from_chars(Text, End, I);
      Ec == std::errc() && Ptr == End && Ptr != Text)
    return Json(I);
  double D = 0;
  if (auto [Ptr, Ec] = std::from_chars(Text, End, D);
      Ec == std::errc() && Ptr == End && Ptr != Text && std::isfinite(D))
    return Json(D);
  return Json(std::string(Text));
}

/// Every attribute of Node into Object: the numbers KTT writes as numbers,
/// the rest as text.
void putAttributes(const pugi::xml_node &Node, Json &Object, bool Numbers) {
  for (const pugi::xml_attribute &A : Node.attributes())
    Object[A.name()] = Numbers ? numberOrText(A.value()) : Json(std::string(A.value()));
}

/// A <Pair>'s Value as the JSON value KTT writes for its type: ValueType
/// (KTT 2.1: Int, UnsignedInt, Double, Bool, String), or IsDouble (2.0),
/// or, where neither is said, the number the text spells, or the text.
Expected<Json> pairValue(const pugi::xml_node &Pair, const std::string &Where) {
  const std::string Name = Pair.attribute("Name").value();
  const char *Text = Pair.attribute("Value").value();
  std::string Type = Pair.attribute("ValueType").value();
  if (Type.empty() && Pair.attribute("IsDouble"))
    Type = std::strcmp(Pair.attribute("IsDouble").value(), "true") == 0 ? "Double" : "UnsignedInt";
  if (Type == "String")
    return Json(std::string(Text));
  if (Type == "Bool" && (std::strcmp(Text, "true") == 0 || std::strcmp(Text, "false") == 0))
    return Json(std::strcmp(Text, "true") == 0);
  const Json Number = numberOrText(Text);
  if (Type.empty() || (Type == "Double" && Number.is_number()) ||
      (Type == "UnsignedInt" && Number.is_number_unsigned()) ||
      (Type == "Int" && Number.is_number_integer()))
    return Type == "Double" ? Json(Number.get<double>()) : Number;
  if (Type != "Bool" && Type != "Double" && Type != "UnsignedInt" && Type != "Int")
    return Error(Where + ": parameter '" + Name + "' has the unknown ValueType '" + Type +
                 "' (Int, UnsignedInt, Double, Bool or String)");
  return Error(Where + ": the value '" + Text + "' of parameter '" + Name + "' is no " + Type);
}

/// Line and column of byte Offset of Text, from 1.
std::string lineAndColumn(const std::string &Text, std::size_t Offset) {
  Offset = std::min(Offset, Text.size());
  const std::size_t Line = 1 + std::count(Text.begin(), Text.begin() + Offset, '\n');
  const std::size_t LineStart = Text.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  const std::size_t Column =
      Offset - (LineStart == std::string::npos || Offset == 0 ? 0 : LineStart + 1) + 1;
  return "line " + std::to_string(Line) + ", column " + std::to_string(Column);
}

/// A <KernelResult> as KTT's JSON result.
Expected<Json> kernelResult(const pugi::xml_node &Node, const std::string &Where) {
  Json R = Json::object();
  putAttributes(Node, R, true);
  // Names and the status are text whatever they spell.
  for (const char *Text : {"KernelName", "Status"})
    if (pugi::xml_attribute A = Node.attribute(Text))
      R[Text] = std::string(A.value());
  if (pugi::xml_node Configuration = Node.child("Configuration")) {
    Json Pairs = Json::array();
    for (const pugi::xml_node &Pair : Configuration.children("Pair")) {
      Json P = Json::object();
      if (pugi::xml_attribute Name = Pair.attribute("Name"))
        P["Name"] = std::string(Name.value());
      if (Pair.attribute("Value")) {
        Expected<Json> V = pairValue(Pair, Where);
        if (!V)
          return V.takeError();
        P["Value"] = V.take();
      }
      Pairs.push_back(std::move(P));
    }
    R["Configuration"] = std::move(Pairs);
  }
  if (pugi::xml_node Computations = Node.child("ComputationResults")) {
    Json List = Json::array();
    for (const pugi::xml_node &C : Computations.children("ComputationResult")) {
      Json Computation = Json::object();
      putAttributes(C, Computation, true);
      if (pugi::xml_attribute F = C.attribute("KernelFunction"))
        Computation["KernelFunction"] = std::string(F.value());
      List.push_back(std::move(Computation));
    }
    R["ComputationResults"] = std::move(List);
  }
  return R;
}

} // namespace

Expected<Json> kttXmlAsJson(const std::string &Text) {
  pugi::xml_document Document;
  // parse_default less nothing: no DTD is read, no entity it declares is
  // expanded (pugixml has no such option), "&name;" stays text.
  const pugi::xml_parse_result Parsed =
      Document.load_buffer(Text.data(), Text.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!Parsed)
    return Error(std::string("not valid XML: ") + Parsed.description() + " at " +
                 lineAndColumn(Text, static_cast<std::size_t>(Parsed.offset)));
  const pugi::xml_node Root = Document.document_element();
  if (std::strcmp(Root.name(), "TuningData") != 0)
    return Error(std::string("not KTT output: the XML's root element is <") + Root.name() +
                 ">, not KTT's <TuningData>");
  Json Out = Json::object();
  if (pugi::xml_node Metadata = Root.child("Metadata")) {
    Json M = Json::object();
    putAttributes(Metadata, M, false);
    Out["Metadata"] = std::move(M);
  }
  if (pugi::xml_node Results = Root.child("Results")) {
    Json List = Json::array();
    for (const pugi::xml_node &Node : Results.children()) {
      const std::string Where = "result " + std::to_string(List.size());
      if (Node.type() != pugi::node_element)
        continue;
      if (std::strcmp(Node.name(), "KernelResult") != 0)
        return Error(Where + " is a <" + Node.name() + ">, not a <KernelResult>");
      Expected<Json> R = kernelResult(Node, Where);
      if (!R)
        return R.takeError();
      List.push_back(R.take());
    }
    Out["Results"] = std::move(List);
  }
  return Out;
}

} // namespace atfc::recorded
