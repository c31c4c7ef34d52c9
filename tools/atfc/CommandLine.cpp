//===- tools/atfc/CommandLine.cpp - A subcommand's options ----------------===//
#include "CommandLine.h"

#include "Support/Diagnostic.h"
#include "Support/Suggestions.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>

namespace atfc {
namespace {

bool looksLikeOption(const std::string &Word) {
  return Word.size() > 1 && Word[0] == '-' && !(Word[1] >= '0' && Word[1] <= '9') && Word[1] != '.';
}

} // namespace

std::optional<std::string> closestOption(const std::string &Word,
                                         const std::vector<std::string> &Known) {
  const std::string_view Close = closestSpelling(Word, Known);
  return Close.empty() ? std::nullopt : std::optional<std::string>(Close);
}

std::optional<std::string> unknownOptionMessage(std::span<const std::string> Args,
                                                const std::vector<std::string> &Known) {
  for (const std::string &Arg : Args) {
    if (Arg == "--")
      return std::nullopt;
    if (!looksLikeOption(Arg))
      continue;
    const std::string Name = Arg.substr(0, Arg.find('='));
    if (std::find(Known.begin(), Known.end(), Name) != Known.end())
      continue;
    std::string Message = "unknown option '" + Name + "'";
    if (std::optional<std::string> Close = closestOption(Name, Known))
      Message += "; did you mean '" + *Close + "'?";
    return Message + " (arguments of the tuned program that begin with '-' go after '--')";
  }
  return std::nullopt;
}

std::optional<int> parseSubcommandLine(CLI::App &App, const std::vector<std::string> &Args,
                                       std::vector<std::string> *AfterDashes) {
  std::vector<std::string> Words = Args;
  if (AfterDashes) {
    std::vector<std::string> Known;
    for (const CLI::Option *O : App.get_options()) {
      for (const std::string &L : O->get_lnames())
        Known.push_back("--" + L);
      for (const std::string &S : O->get_snames())
        Known.push_back("-" + S);
    }
    if (std::optional<std::string> Message = unknownOptionMessage(Words, Known)) {
      DiagnosticSink(std::cerr).error(*Message);
      return 2;
    }
    auto Dashes = std::find(Words.begin(), Words.end(), "--");
    if (Dashes != Words.end()) {
      AfterDashes->assign(Dashes + 1, Words.end());
      Words.erase(Dashes, Words.end());
    }
  }
  std::reverse(Words.begin(), Words.end()); // CLI11 takes them last first
  // Usage errors in the one format of every diagnostic (Support/Diagnostic.h).
  App.failure_message([](const CLI::App *, const CLI::Error &E) {
    return diagnosticLine(diagnosticAt(Severity::Error, {}, E.what()), ProgramName) + "\n" +
           diagnosticLine(diagnosticAt(Severity::Note, {}, "run with --help for more information"),
                          ProgramName) +
           "\n";
  });
  try {
    App.parse(Words);
  } catch (const CLI::ParseError &E) {
    return App.exit(E);
  }
  return std::nullopt;
}

} // namespace atfc
