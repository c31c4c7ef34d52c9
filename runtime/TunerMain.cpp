//===- runtime/TunerMain.cpp - The main program of a generated tuner ------===//
#include "runtime/TunerMain.h"

#include "runtime/SpaceReport.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <exception>
#include <iostream>
#include <new>
#include <vector>

namespace atfc {
namespace {

/// The program's name for the usage line: argv[0] without its directory.
std::string programName(int Argc, const char *const *Argv) {
  if (Argc < 1 || !Argv[0] || !*Argv[0])
    return "tuner";
  const std::string Path = Argv[0];
  return Path.substr(Path.find_last_of('/') + 1);
}

} // namespace

TunerMain::TunerMain(int Argc, const char *const *Argv, std::string TheFileName)
    : FileName(std::move(TheFileName)) {
  std::vector<std::string> Args;
  for (int I = 1; I < Argc; ++I)
    Args.emplace_back(Argv[I]);
  ParsedCommandLine Parsed = parseTunerCommandLine(Args);
  if (!Parsed.ok()) {
    std::cerr << "tuner: error: " << Parsed.Error << '\n';
    std::exit(kUsageExitCode);
  }
  Options = std::move(Parsed.Options);
  if (Options.Help) {
    std::cout << tunerUsage(programName(Argc, Argv), FileName);
    std::exit(std::cout.flush() ? 0 : kFailureExitCode);
  }
}

TunerMain::TunerMain(TunerOptions TheOptions, std::string TheFileName)
    : Options(std::move(TheOptions)), FileName(std::move(TheFileName)) {}

void TunerMain::exitWithInputError(const std::string &Message) const {
  std::cerr << FileName << ": error: " << Message << '\n';
  std::exit(kUsageExitCode);
}

int TunerMain::run(const SpaceGenerator &Generate) const {
  return run(Generate, std::cout, std::cerr);
}

int TunerMain::run(const SpaceGenerator &Generate, std::ostream &Out, std::ostream &Err) const {
  ChainOfTrees Space;
  try {
    Space = Generate(GenerationOptions{Options.Threads});
  } catch (const std::bad_alloc &) {
    Err << FileName << ": error: generating the search space ran out of memory\n";
    return kFailureExitCode;
  } catch (const std::exception &E) {
    Err << FileName << ": error: generating the search space failed: " << E.what() << '\n';
    return kFailureExitCode;
  }

  switch (Options.Mode) {
  case TunerMode::Space:
    if (Options.Json) {
      // Invalid UTF-8 in a name or value must not cost the whole report.
      Out << spaceReportJson(Space, FileName, Options.List)
                 .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
          << '\n';
    } else {
      writeSpaceReport(Out, Space, FileName);
      if (Options.List > 0) {
        Out << '\n';
        writeConfigurationList(Out, Space, Options.List);
      }
    }
    break;
  }

  if (!Out.flush()) {
    Err << FileName << ": error: cannot write the report to the output\n";
    return kFailureExitCode;
  }
  return 0;
}

} // namespace atfc
