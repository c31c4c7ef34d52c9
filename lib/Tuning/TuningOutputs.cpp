//===- Tuning/TuningOutputs.cpp - What a run leaves behind ---------------===//
#include "Tuning/TuningOutputs.h"

#include "Backends/SourceSubstitution.h"
#include "Results/RunObjectives.h"
#include "Results/ValueJson.h"
#include "Support/CStringLiteral.h"
#include "Support/GeneratedName.h"
#include "System/OutputDirectory.h"
#include "System/SafeFiles.h"
#include "Wisdom/Wisdom.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

namespace atfc {

namespace {

/// Text for a `//` comment: as it is when the escaper leaves it alone,
/// else as a C string literal (a newline would end the comment and start
/// code, a trailing `\` or `??/` would swallow the next line).
std::string commentText(const std::string &Text) {
  std::string Literal = cStringLiteral(Text);
  return Literal.size() == Text.size() + 2 ? Text : Literal;
}

} // namespace

std::string bestHeaderGuard(const std::string &FileName) {
  return headerGuard(selectionStem(FileName), "best");
}

Expected<std::string> bestHeader(const ParameterValues &Values, const std::string &FileName,
                                 const std::string &CostText) {
  std::vector<std::string> Names;
  for (const NamedValue &V : Values)
    Names.push_back(V.Name);
  if (std::string Why = generatedNamesProblem(Names, "tuning parameter"); !Why.empty())
    return Error("best.h not written: " + Why);
  std::string Text = "// The best configuration atfc found for " + commentText(FileName) + ".\n";
  if (!CostText.empty())
    Text += "// Its cost: " + commentText(CostText) + ".\n";
  const std::string Guard = bestHeaderGuard(FileName);
  Text += "// Written by atfc tune; do not edit.\n#ifndef " + Guard + "\n#define " + Guard + "\n";
  // The values as ATF_SOURCE and the tuned source define them.
  for (const NamedValue &V : Values)
    Text += "#define " + V.Name + " " + preprocessorValue(V.Val) + "\n";
  return Text + "#endif\n";
}

Expected<WrittenOutputs> writeTuningOutputs(const TuningOutputFiles &Outputs,
                                            const nlohmann::ordered_json &Run) {
  const BestConfiguration &Best = Outputs.Best;
  nlohmann::ordered_json Json;
  Json["file"] = Outputs.FileName;
  nlohmann::ordered_json Params = nlohmann::ordered_json::object();
  for (const NamedValue &V : Best.Values)
    Params[V.Name] = valueJson(V.Val);
  Json["configuration"] = Params;
  Json["cost"] = Best.Costs;
  Json["objectives"] = objectivesJson(Outputs.Objectives, Best.Costs.size());
  Json["index"] = Best.Index;
  Json["measured_by_run"] = Outputs.MeasuredByRun;
  if (!Outputs.Fixed.empty())
    Json["fixed"] = Outputs.Fixed;
  Json["run"] = Run;
  const std::string Dir = Outputs.OutputDirectory + "/";
  WrittenOutputs Written{{Dir + "best.json"}, {}};
  // Every file through one descriptor of the directory (the run's, held
  // since it began), never by path.
  std::optional<OutputDirectory> Opened;
  if (!Outputs.Directory) {
    Expected<OutputDirectory> Open = OutputDirectory::open(Outputs.OutputDirectory, false);
    if (!Open)
      return Open.takeError();
    Opened.emplace(Open.take());
  }
  OutputDirectory &Held = Outputs.Directory ? *Outputs.Directory : *Opened;
  // Invalid UTF-8 in a name or value must not cost the whole file.
  if (Expected<void> Done = Held.writeFile(
          "best.json",
          Json.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n");
      !Done)
    return Done.takeError();
  Expected<std::string> Header =
      bestHeader(Best.Values, Outputs.FileName, formatNamedCost(Best.Costs, Outputs.Objectives));
  if (!Header) {
    Written.LeftOut = Header.error().message();
    return Written;
  }
  if (Expected<void> Done = Held.writeFile("best.h", *Header); !Done)
    return Done.takeError();
  Written.Files.push_back("best.h");
  if (!Outputs.CFamily)
    return Written;
  const std::string Tuned = tunedSourceName(Outputs.FileName);
  if (Expected<void> Done = Held.writeFile(
          Tuned, substituteConfiguration(Outputs.BlankedSource, Best.Values, Outputs.DefineLines));
      !Done)
    return Done.takeError();
  Written.Files.push_back(Tuned);
  // The same source without values: a program that picks its configuration
  // at run time (the selection header) loads it as it is and gives the
  // values as the tuner did (-D NAME=VALUE).
  const std::string Kernel = kernelSourceName(Outputs.FileName);
  if (Expected<void> Done = Held.writeFile(Kernel, Outputs.BlankedSource); !Done)
    return Done.takeError();
  Written.Files.push_back(Kernel);
  return Written;
}

} // namespace atfc
