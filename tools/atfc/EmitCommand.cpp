//===- tools/atfc/EmitCommand.cpp - atfc emit -----------------------------===//
//
// `atfc emit FILE [-o OUT]`: the tuner program atfc generates for FILE, on
// stdout or into OUT, for reading or for building by hand.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Subcommands.h"

#include "Driver/TunerPipeline.h"
#include "Support/Diagnostic.h"
#include "System/SafeFiles.h"

#include <CLI/CLI.hpp>

#include <iostream>

namespace atfc {

int emitMain(const SubcommandArgs &Args) {
  std::string File;
  std::string Out;
  CLI::App App(summaryOf("emit"), "atfc emit");
  App.add_option("FILE", File, "The annotated source file")->required();
  App.add_option("-o,--output", Out, "Write the program to this file instead of stdout")
      ->type_name("PATH");
  if (std::optional<int> Exit = parseSubcommandLine(App, Args))
    return *Exit;
  DiagnosticSink Diags(std::cerr);
  std::optional<FrontendResult> Result = analyzeFile(File, Diags);
  if (!Result)
    return 1;
  std::optional<std::string> Tuner = emitTunerProgram(*Result, Diags);
  if (!Tuner)
    return 1;
  if (Out.empty() || Out == "-") {
    standardOutput() << *Tuner;
    return 0;
  }
  // A fresh file renamed onto Out: a link planted there is replaced, never
  // written through (System/SafeFiles.h).
  if (Expected<void> Written = writeFileReplacing(Out, *Tuner); !Written) {
    DiagnosticSink(std::cerr).error(Written.error().message());
    return 1;
  }
  return 0;
}

} // namespace atfc
