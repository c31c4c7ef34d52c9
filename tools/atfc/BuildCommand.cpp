//===- tools/atfc/BuildCommand.cpp - atfc build ---------------------------===//
//
// `atfc build FILE [-o DIR]`: the tuner of FILE and the blanked source it
// measures, in DIR (default FILE.atf); prints the tuner's path. The tuner
// runs anywhere its libraries are, e.g. on a GPU node that has no atfc
// (`TUNER --tune --blanked PATH -- ARGS`).
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Subcommands.h"

#include "Driver/TunerPipeline.h"

#include <CLI/CLI.hpp>

#include "llvm/Support/raw_ostream.h"

#include <iostream>

namespace atfc {

int buildMain(const SubcommandArgs &Args) {
  std::string File;
  std::string Out;
  CLI::App App(summaryOf("build"), "atfc build");
  App.add_option("FILE", File, "The annotated source file")->required();
  App.add_option("-o,--output", Out, "Directory for the tuner (default: FILE.atf)")
      ->type_name("DIR");
  if (std::optional<int> Exit = parseSubcommandLine(App, Args))
    return *Exit;
  DiagnosticSink Diags(std::cerr);
  std::optional<FrontendResult> Analyzed = analyzeFile(File, Diags);
  if (!Analyzed)
    return 1;
  std::optional<PreparedTuner> Prepared =
      prepareTuner(*Analyzed, {}, Out.empty() ? File + ".atf" : Out, Diags, std::cerr);
  if (!Prepared)
    return failedBuildStatus();
  standardOutput() << Prepared->Binary << '\n';
  return 0;
}

} // namespace atfc
