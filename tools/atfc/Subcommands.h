//===- tools/atfc/Subcommands.h - atfc's subcommands ------------*- C++ -*-===//
//
// atfc is one dispatch table: each subcommand is a function xxxMain() in
// its own file, xxxCommand.cpp, which parses the subcommand's options and
// hands the work to the libraries (the file-to-tuner pipeline is
// lib/Driver). Args are the words after the subcommand's name.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TOOLS_ATFC_SUBCOMMANDS_H
#define ATFC_TOOLS_ATFC_SUBCOMMANDS_H

#include "llvm/Support/raw_ostream.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace atfc {

using SubcommandArgs = std::vector<std::string>;

int analyzeMain(const SubcommandArgs &Args);
int buildMain(const SubcommandArgs &Args);
int checkMain(const SubcommandArgs &Args);
int emitMain(const SubcommandArgs &Args);
int replayMain(const SubcommandArgs &Args);
int reportMain(const SubcommandArgs &Args);
int resultsMain(const SubcommandArgs &Args);
int spaceMain(const SubcommandArgs &Args);
int tuneMain(const SubcommandArgs &Args);
int wisdomMain(const SubcommandArgs &Args);

struct Subcommand {
  std::string_view Name;
  /// One line for `atfc --help` and the subcommand's own --help.
  std::string_view Summary;
  int (*Main)(const SubcommandArgs &Args);
};

/// Standard output for LLVM's streams: std::cout, whose buffer escapes
/// control bytes (System/TerminalText.h); llvm::outs() would write to the
/// terminal past it.
llvm::raw_ostream &standardOutput();

/// Every subcommand, in the order of the pipeline.
std::span<const Subcommand> subcommands();

/// The summary of the subcommand Name (one of subcommands()).
std::string summaryOf(std::string_view Name);

} // namespace atfc

#endif
