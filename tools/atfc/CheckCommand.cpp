//===- tools/atfc/CheckCommand.cpp - atfc check ---------------------------===//
//
// `atfc check FILE`: the directives' diagnostics on stderr, like a
// compiler's, and a summary of the parameters, their groups and the
// search on stdout when there is no error; exit status 1 on any error.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Invocation/CommandLine.h"
#include "Subcommands.h"

#include "Driver/TunerPipeline.h"

#include <CLI/CLI.hpp>

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <iostream>

namespace atfc {

int checkMain(const SubcommandArgs &Args) {
  std::string File;
  CLI::App App(summaryOf("check"), "atfc check");
  App.add_option("FILE", File, "The annotated source file")->required();
  std::size_t ErrorLimit = DiagnosticSink::kDefaultErrorLimit;
  addCountOption(
      App, "--error-limit", 0, 1000000000, [&](std::uint64_t N) { ErrorLimit = N; },
      "Show at most N errors and N warnings (default 20; 0: all)");
  if (std::optional<int> Exit = parseSubcommandLine(App, Args))
    return *Exit;
  DiagnosticSink Diags(std::cerr);
  Diags.setErrorLimit(ErrorLimit);
  std::optional<FrontendResult> Result = analyzeFile(File, Diags);
  if (!Result)
    return 1;
  printSummary(standardOutput(), *Result);
  return 0;
}

} // namespace atfc
