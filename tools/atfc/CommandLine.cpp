//===- tools/atfc/CommandLine.cpp - A subcommand's options ----------------===//
#include "CommandLine.h"

#include "Invocation/CommandLine.h"

#include <iostream>

namespace atfc {

std::optional<int> parseSubcommandLine(CLI::App &App, const std::vector<std::string> &Args,
                                       std::vector<std::string> *AfterDashes) {
  std::optional<SubcommandExit> Exit = parseSubcommandOptions(App, Args, AfterDashes);
  if (!Exit)
    return std::nullopt;
  std::cout << Exit->Output << std::flush;
  std::cerr << Exit->Errors << std::flush;
  return Exit->Status;
}

} // namespace atfc
