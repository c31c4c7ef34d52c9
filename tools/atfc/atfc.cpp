//===- tools/atfc/atfc.cpp - The atfc command line ------------------------===//
//
// The dispatch table: `atfc SUBCOMMAND ARGS...` runs SUBCOMMAND's xxxMain()
// (Subcommands.h) with ARGS; `atfc --help` lists them, `atfc --version`
// says which atfc and Clang this is.
//
//===----------------------------------------------------------------------===//
#include "Subcommands.h"

#include "Support/Diagnostic.h"
#include "Support/Suggestions.h"
#include "System/TerminalText.h"

#include <fmt/core.h>

#include <cstdio>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

namespace {

void printHelp() {
  fmt::print("atfc: a directive-based, source-to-source auto-tuner.\n"
             "Annotate a source file with #atf:: directives, then run `atfc tune FILE`.\n\n"
             "Usage: atfc [OPTIONS] SUBCOMMAND [ARGS...]\n\n"
             "Options:\n"
             "  -h,--help     Print this help message and exit\n"
             "  --version     Print atfc's version and exit\n\n"
             "Subcommands (`atfc SUBCOMMAND --help` for each one's options):\n");
  for (const atfc::Subcommand &S : atfc::subcommands())
    fmt::print("  {:<9} {}\n", S.Name, S.Summary);
}

int usageError(const std::string &Message) {
  atfc::DiagnosticSink Diags(std::cerr);
  Diags.error(Message);
  Diags.note("run with --help for more information");
  return 2;
}

} // namespace

int main(int Argc, char **Argv) {
  // Whatever atfc prints may hold a file's name or a recorded value.
  atfc::makeStandardOutputTerminalSafe();
  if (Argc < 2)
    return usageError("a subcommand is required");
  const std::string_view First = Argv[1];
  if (First == "-h" || First == "--help") {
    printHelp();
    return 0;
  }
  if (First == "--version") {
    fmt::print("atfc {} (Clang/LLVM {})\n", ATF_VERSION, ATF_LLVM_VERSION);
    return 0;
  }
  const atfc::SubcommandArgs Args(Argv + 2, Argv + Argc);
  std::vector<std::string> Names;
  for (const atfc::Subcommand &S : atfc::subcommands()) {
    if (S.Name == First)
      return S.Main(Args);
    Names.emplace_back(S.Name);
  }
  std::string Message = "unknown subcommand '" + std::string(First) + "'";
  if (const std::string_view Close = atfc::closestSpelling(First, Names); !Close.empty())
    Message += "; did you mean '" + std::string(Close) + "'?";
  return usageError(Message);
}
