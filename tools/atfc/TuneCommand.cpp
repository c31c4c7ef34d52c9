//===- tools/atfc/TuneCommand.cpp - atfc tune -----------------------------===//
//
// The pipeline end to end: the frontend checks the file, the emitter writes
// its tuner, the build caches it, and the tuner runs in tune mode with the
// file's directives blanked out of a copy of the source (the tuner never
// parses directives; it measures the copy). The tuner writes the outputs.
//
//===----------------------------------------------------------------------===//
#include "TuneCommand.h"

#include "MeasuredFiles.h"
#include "TunerPipeline.h"

#include "runtime/OutputLock.h"
#include "runtime/SafeFiles.h"
#include "runtime/TunerInvocation.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

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
  // One run per output directory, from before the tuner's build to the
  // tuner's end (it inherits the lock).
  if (std::string Error; !createPrivateDirectories(Output, Error)) {
    llvm::errs() << "atfc: error: " << Error << '\n';
    return 1;
  }
  std::string LockError;
  std::optional<OutputLock> Lock =
      OutputLock::acquire(Output, Options.Wait, /*Inheritable=*/true, LockError);
  if (!Lock) {
    llvm::errs() << "atfc: error: " << LockError << '\n';
    return 1;
  }
  setenv(kLockFdVariable, std::to_string(Lock->fd()).c_str(), 1);

  std::optional<PreparedTuner> Prepared = prepareTuner(Options.File, Emit, Output);
  if (!Prepared)
    return 1;

  // Every option travels as one value (runtime/TunerInvocation.h).
  TunerOptions Invocation;
  Invocation.Mode = TunerMode::Tune;
  Invocation.OutputDirectory = Output;
  Invocation.BlankedSource = Prepared->BlankedSource;
  Invocation.Threads = Options.Threads;
  Invocation.Technique = Options.Technique;
  Invocation.AbortCondition = Options.AbortCondition;
  Invocation.Seed = Options.Seed;
  Invocation.InputsKey = Prepared->InputsKey;
  Invocation.Fresh = Options.Fresh;
  Invocation.Resume = Options.Resume;
  Invocation.Verbose = Options.Verbose;
  Invocation.Arguments = Options.ProgramArgs;
  std::vector<std::string> Args = {Prepared->Binary};
  try {
    for (std::string &A : tunerCommandLine(Invocation))
      Args.push_back(std::move(A));
  } catch (const std::exception &) {
    llvm::errs() << "atfc: error: an option's text is not UTF-8\n";
    return 2;
  }
  return runTunerProcess(Prepared->Binary, Args, Output + "/work");
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
