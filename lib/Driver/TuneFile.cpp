//===- Driver/TuneFile.cpp - atfc tune, end to end -------------------------===//
//
// The pipeline end to end: the frontend checks the file, the emitter writes
// its tuner, the build caches it, and the tuner runs in tune mode with the
// file's directives blanked out of a copy of the source (the tuner never
// parses directives; it measures the copy). The tuner writes the outputs.
//
//===----------------------------------------------------------------------===//
#include "Driver/TuneFile.h"

#include "Driver/InputSets.h"
#include "Driver/RankLaunch.h"
#include "Driver/SelectionFiles.h"
#include "Driver/TunerPipeline.h"
#include "Driver/TunerProcess.h"

#include "CodeGen/TunerEmitter.h"
#include "Directives/DirectiveScanner.h"
#include "Invocation/TunerInvocation.h"
#include "Results/RunOutputNames.h"
#include "Support/Diagnostic.h"
#include "System/Interruption.h"
#include "System/OutputDirectory.h"
#include "System/OutputLock.h"
#include "System/Process.h"
#include "Wisdom/Wisdom.h"

#include "llvm/Support/FileSystem.h"

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ostream>
#include <pthread.h>
#include <sstream>
#include <thread>

namespace atfc {
namespace {

/// `--ranks N`: the job's rank 0 tunes as a run alone does, but ends as
/// atfc-ranks; the selection files are written here, after the job, by the
/// code a run alone uses.
int tuneOverRanks(const TuneOptions &Options, DiagnosticSink &Diags, std::ostream &Log,
                  llvm::raw_ostream &Out) {
  // Rank 0 says what the file's analysis says; its inputs are all we need.
  // It runs beside the job (after it, it added 0.2-0.4 s to the job's end),
  // with every signal blocked: the stopping ones are for this thread, which
  // passes them on to mpiexec.
  std::ostringstream Said;
  DiagnosticSink Quiet(Said);
  std::optional<FrontendResult> Analyzed;
  sigset_t All, Previous;
  sigfillset(&All);
  pthread_sigmask(SIG_BLOCK, &All, &Previous);
  std::thread Analysis([&] { Analyzed = analyzeFile(Options.File, Quiet); });
  pthread_sigmask(SIG_SETMASK, &Previous, nullptr);
  const int Status = launchRanks(Options.Ranks, Options.CommandLine, Options.Devices, Diags);
  Analysis.join();
  if (Status != 0)
    return Status;
  if (!Analyzed)
    return 1;
  const std::string Output =
      Options.Tuner.OutputDirectory.empty() ? Options.File + ".atf" : Options.Tuner.OutputDirectory;
  // As a run alone writes them: under the output directory's lock.
  Expected<OutputLock> Lock =
      OutputLock::acquire(Output, Options.Wait, /*Inheritable=*/false,
                          [&Log](const std::string &Line) { Log << Line << '\n'; });
  if (!Lock) {
    Diags.report(Lock.error().diagnostic());
    return 1;
  }
  return finishTuningRun(Status, /*InputSets=*/false, Output, Options.File,
                         positionalInputsOf(*Analyzed), parameterConstraintsOf(*Analyzed),
                         Options.Prefix, Diags, Out);
}

} // namespace

int tuneFile(const TuneOptions &Options, DiagnosticSink &Diags, std::ostream &Log,
             llvm::raw_ostream &Out) {
  // Over MPI ranks (RankLaunch.h): --ranks starts the job; in a job, rank 0
  // builds and searches, the others only measure.
  const std::optional<MpiJob> Job = mpiJobOfEnvironment();
  if (Options.Ranks > 1 && !Job)
    return tuneOverRanks(Options, Diags, Log, Out);
  const bool Ranked = Job && Job->Size > 1;
  if (Job && Job->Rank == 0 && Options.Ranks > 1 && Options.Ranks != Job->Size)
    Diags.note("tuning on the MPI job's " + std::to_string(Job->Size) + " ranks; --ranks " +
               std::to_string(Options.Ranks) + " applies only outside a job");
  if (Ranked && Job->Rank != 0)
    return execRankLauncher({}, Options.Devices, 0, Diags);
  // Rank 0's failure ends every rank with its status.
  auto Fail = [&](int Status) {
    return Ranked ? execRankLauncher({}, Options.Devices, Status, Diags) : Status;
  };

  EmitOptions Emit;
  for (const std::string &Fix : Options.Tuner.Fixed) {
    const std::size_t Equals = Fix.find('=');
    if (Equals == std::string::npos || Equals == 0 || Equals + 1 == Fix.size()) {
      Diags.error(std::string("--fix needs NAME=VALUE, not '") + Fix + "'");
      return Fail(2);
    }
    Emit.Fixed.push_back({Fix.substr(0, Equals), Fix.substr(Equals + 1)});
  }

  std::vector<std::vector<std::string>> Sets;
  for (const std::string &Text : Options.InputSets) {
    Expected<std::vector<std::string>> Words = splitInputWords(Text);
    if (!Words) {
      Diags.error("--inputs: " + Words.error().message());
      return Fail(2);
    }
    Sets.push_back(Words.take());
  }
  if (!Sets.empty() && !Options.Tuner.Arguments.empty()) {
    Diags.error("give the program's arguments either after '--' or as --inputs sets, not both");
    return Fail(2);
  }
  if (!Options.Prefix.empty() && !isCIdentifier(Options.Prefix)) {
    Diags.error(std::string("--prefix '") + Options.Prefix + "' is not a C identifier");
    return Fail(2);
  }
  if (!Sets.empty() && Ranked) {
    Diags.error(
        "--inputs tunes one set after another; over MPI ranks, tune each set with its own command");
    return Fail(2);
  }
  if (!Sets.empty() && Options.Tuner.Resume) {
    Diags.error("--resume continues one run; it cannot be used with --inputs");
    return Fail(2);
  }

  // A file that does not analyse makes no output directory.
  std::optional<FrontendResult> Analyzed = analyzeFile(Options.File, Diags);
  if (!Analyzed)
    return Fail(1);
  // Nor does one whose tuner cannot be written (a --fix value refused).
  if (EmittedTuner Tuner = emitTuner(*Analyzed, Emit); !Tuner.Errors.empty()) {
    Diags.report(Tuner.Errors);
    return Fail(1);
  }
  const std::string Output =
      Options.Tuner.OutputDirectory.empty() ? Options.File + ".atf" : Options.Tuner.OutputDirectory;
  // The directory is the user's, and what atfc and the tuner write there is
  // atfc's, before anything is written into it (System/OutputDirectory.h).
  Expected<OutputDirectory> Dir = openOutputDirectory(Options.File, Output);
  if (!Dir) {
    Diags.report(Dir.error().diagnostic());
    return Fail(1);
  }
  const std::string Stem = Options.Prefix.empty() ? selectionStem(Options.File) : Options.Prefix;
  std::vector<std::string> Names =
      runOutputNames(Options.File, sourceLanguageForPath(Options.File) == SourceLanguage::CFamily);
  // The tuner's own files are named by its program's hash and claimed when
  // it is built.
  for (const std::string &Name : {std::string("lock"), std::string("blanked-source"),
                                  Stem + "_select.h", Stem + "_wisdom.json"})
    Names.push_back(Name);
  if (Expected<void> Claimed = Dir->claimAll(Names); !Claimed) {
    // At the file, as the tuner says it (a name of the file's own can be
    // one no file may have: a line break in it).
    Diags.error(SourceLocation{Options.File}, Claimed.error().message());
    return Fail(1);
  }
  // One run per output directory, from before the tuner's build to the
  // tuner's end (it inherits the lock).
  Expected<OutputLock> Lock =
      OutputLock::acquire(Output, Options.Wait, /*Inheritable=*/true,
                          [&Log](const std::string &Line) { Log << Line << '\n'; });
  if (!Lock) {
    Diags.report(Lock.error().diagnostic());
    return Fail(1);
  }
  setenv(kLockFdVariable, std::to_string(Lock->fd()).c_str(), 1);

  std::optional<PreparedTuner> Prepared = prepareTuner(*Analyzed, Emit, Output, Diags, Log);
  if (!Prepared)
    return Fail(failedBuildStatus());
  if (Options.Tuner.Verbose && (!Prepared->DependedFiles.empty() || !Prepared->Variables.empty())) {
    std::string Covered;
    for (const std::string &Path : Prepared->DependedFiles)
      Covered += (Covered.empty() ? "" : ", ") + Path;
    for (const std::string &Name : Prepared->Variables)
      Covered += (Covered.empty() ? "$" : ", $") + Name;
    Out << Options.File << ": the results key also covers " << Covered << "\n";
  }

  // Every option travels as one value (Invocation/TunerInvocation.h).
  auto RunOnce = [&](const std::vector<std::string> &Arguments,
                     const std::vector<PriorData> &Priors) {
    TunerOptions Invocation = Options.Tuner;
    Invocation.Mode = TunerMode::Tune;
    Invocation.OutputDirectory = Output;
    Invocation.BlankedSource = Prepared->BlankedSource;
    Invocation.InputsKey = Prepared->InputsKey;
    Invocation.DependedFiles = Prepared->DependedFiles;
    // A set's run goes on by the same command, which answers what it
    // measured from results.db; --inputs refuses --resume.
    if (!Sets.empty())
      Invocation.ResumeHint = "go on with the same command: what was measured is answered from " +
                              Output + "/results.db";
    Invocation.SpaceIdentity = Prepared->SpaceIdentity;
    Invocation.Priors = Priors;
    Invocation.Arguments = Arguments;
    std::vector<std::string> Args = {Prepared->Binary};
    try {
      for (std::string &A : tunerCommandLine(Invocation))
        Args.push_back(std::move(A));
    } catch (const std::exception &) {
      Diags.error("an option's text is not UTF-8");
      return Fail(2);
    }
    if (Ranked) { // rank 0 becomes the launcher: one run
      // A signal kept since the build ends every rank, as it ends a run
      // alone before its tuner starts (the exec would lose it).
      if (const int Kept = Interruption::pending()) {
        Diags.error("interrupted by " + describeSignal(Kept) + " before the tuner started");
        return execRankLauncher({}, Options.Devices, 128 + Kept, Diags);
      }
      return execRankLauncher(Args, Options.Devices, 0, Diags);
    }
    return runTunerProcess(Prepared->Binary, Args, Diags, Output + "/work");
  };
  const TunerOptions &Tuner = Options.Tuner;
  const int Status =
      Sets.empty() ? RunOnce(Tuner.Arguments, Tuner.Priors)
                   : tuneInputSets(Sets, Prepared->Inputs, Output, Tuner.Priors, RunOnce, Out);
  // The selection header and wisdom cover every set tuned into Output.
  return finishTuningRun(Status, !Sets.empty(), Output, Options.File, Prepared->Inputs,
                         Prepared->Constraints, Options.Prefix, Diags, Out);
}

} // namespace atfc
