//===- tools/atfc/TuneCommand.cpp - atfc tune -----------------------------===//
//
// The pipeline end to end: the frontend checks the file, the emitter writes
// its tuner, the build caches it, and the tuner runs in tune mode with the
// file's directives blanked out of a copy of the source (the tuner never
// parses directives; it measures the copy). The tuner writes the outputs.
//
//===----------------------------------------------------------------------===//
#include "TuneCommand.h"

#include "TunerPipeline.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace atfc {

int runTuneCommand(const TuneOptions &Options) {
  EmitOptions Emit;
  for (const std::string &Fix : Options.Fixed) {
    const std::size_t Equals = Fix.find('=');
    if (Equals == std::string::npos || Equals == 0 || Equals + 1 == Fix.size()) {
      llvm::errs() << "atfc: error: --fix needs NAME=VALUE, not '" << Fix << "'\n";
      return 2;
    }
    Emit.Fixed.push_back({Fix.substr(0, Equals), Fix.substr(Equals + 1)});
  }

  const std::string Output =
      Options.OutputDirectory.empty() ? Options.File + ".atf" : Options.OutputDirectory;
  std::optional<PreparedTuner> Prepared = prepareTuner(Options.File, Emit, Output);
  if (!Prepared)
    return 1;
  const std::string &Tuner = Prepared->Binary, &Blanked = Prepared->BlankedSource;

  std::vector<std::string> Args = {
      Tuner,       "--tune", "--output",  Output,
      "--blanked", Blanked,  "--threads", std::to_string(Options.Threads)};
  if (!Options.Technique.empty())
    Args.insert(Args.end(), {"--technique", Options.Technique});
  if (!Options.AbortCondition.empty())
    Args.insert(Args.end(), {"--abort-condition", Options.AbortCondition});
  if (Options.Seed)
    Args.insert(Args.end(), {"--seed", std::to_string(*Options.Seed)});
  if (Options.Resume)
    Args.push_back("--resume");
  if (Options.Verbose)
    Args.push_back("--verbose");
  Args.push_back("--");
  Args.insert(Args.end(), Options.ProgramArgs.begin(), Options.ProgramArgs.end());
  return runTunerProcess(Tuner, Args);
}

int runBuildCommand(const std::string &File, const std::string &OutputDirectory) {
  std::optional<PreparedTuner> Prepared =
      prepareTuner(File, {}, OutputDirectory.empty() ? File + ".atf" : OutputDirectory);
  if (!Prepared)
    return 1;
  llvm::outs() << Prepared->Binary << '\n';
  return 0;
}

} // namespace atfc
