//===- tools/atfc/CheckCommand.cpp - atfc check ---------------------------===//
//
// `atfc check FILE`: the directives' diagnostics on stderr, like a
// compiler's, and a summary of the parameters, their groups and the
// search on stdout when there is no error; exit status 1 on any error.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Subcommands.h"

#include "Driver/TunerPipeline.h"

#include <CLI/CLI.hpp>

#include "llvm/Support/raw_ostream.h"

#include <iostream>

namespace atfc {

int checkMain(const SubcommandArgs &Args) {
  std::string File;
  CLI::App App(summaryOf("check"), "atfc check");
  App.add_option("FILE", File, "The annotated source file")->required();
  if (std::optional<int> Exit = parseSubcommandLine(App, Args))
    return *Exit;
  DiagnosticSink Diags(std::cerr);
  std::optional<FrontendResult> Result = analyzeFile(File, Diags);
  if (!Result)
    return 1;
  printSummary(standardOutput(), *Result);
  return 0;
}

} // namespace atfc
