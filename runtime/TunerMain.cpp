//===- runtime/TunerMain.cpp - The main program of a generated tuner ------===//
#include "runtime/TunerMain.h"

#include "DeviceBackends/DeviceInventory.h"
#include "DeviceBackends/DeviceWorker.h"
#include "Invocation/DeviceLimitOptions.h"
#include "Ranks/MeasuringRank.h"
#include "Ranks/RankedMeasurer.h"
#include "Replay/ReplayExperiment.h"
#include "SearchSpace/StoreEstimate.h"
#include "Support/Diagnostic.h"
#include "Support/NumberText.h"
#include "System/ExecutableInUse.h"
#include "System/Interruption.h"
#include "System/LineAtomicOutput.h"
#include "System/OutputDirectory.h"
#include "System/OutputLock.h"
#include "System/RegularFiles.h"
#include "System/SlowStepNotice.h"
#include "System/TerminalText.h"
#include "Tuning/SpaceReport.h"
#include "runtime/ArithmeticTrap.h"
#include "runtime/KernelData.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <new>
#include <optional>
#include <sstream>
#include <sys/prctl.h>
#include <tuple>
#include <unistd.h>
#include <vector>

namespace atfc {
namespace {

/// DIR/ranks/RANK, a measuring rank's own output directory, made through
/// System/OutputDirectory.h: no link is followed on the way.
Expected<void> makeRankDirectory(const std::string &Directory, unsigned Rank) {
  Expected<OutputDirectory> Dir = OutputDirectory::open(Directory, /*Create=*/true);
  if (!Dir)
    return Dir.takeError();
  if (Expected<void> Made = Dir->makeDirectory("ranks"); !Made)
    return Made;
  Expected<OutputDirectory> Ranks = OutputDirectory::open(Dir->pathOf("ranks"), false);
  if (!Ranks)
    return Ranks.takeError();
  return Ranks->makeDirectory(std::to_string(Rank));
}

/// The program's name for the usage line: argv[0] without its directory.
std::string programName(int Argc, const char *const *Argv) {
  if (Argc < 1 || !Argv[0] || !*Argv[0])
    return "tuner";
  const std::string Path = Argv[0];
  return Path.substr(Path.find_last_of('/') + 1);
}

/// Reads the regular file at Path into Text; false when it cannot.
bool readFile(const std::string &Path, std::string &Text) {
  Expected<std::string> Bytes = readRegularFile(Path);
  if (!Bytes)
    return false;
  Text = std::move(*Bytes);
  return true;
}

/// What identifies this tuner: its executable's name, which atfc derives
/// from a hash of the program, the compiler and the libraries.
std::string tunerIdentity() {
  std::error_code EC;
  const std::filesystem::path Self = std::filesystem::read_symlink("/proc/self/exe", EC);
  return EC ? std::string("tuner") : Self.filename().string();
}

/// A tuner started by atfc (which names itself in ATFC_PARENT_PID) ends
/// with it: SIGTERM when atfc dies, which stops the run as Ctrl-C does,
/// and an exit at once when atfc died before this process could ask.
void dieWithParent() {
  const char *Variable = std::getenv(kParentPidVariable);
  if (!Variable || !*Variable)
    return;
  const std::string Parent = Variable;
  unsetenv(kParentPidVariable); // not for the tuner's own children
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (std::to_string(getppid()) != Parent) {
    DiagnosticSink(std::cerr).error("atfc (pid " + Parent + ") is gone; stopping");
    std::_Exit(kFailureExitCode);
  }
}

/// What a signal during generation does, from the Interruption's watcher.
[[noreturn]] void exitGenerating(const std::string &FileName, int Signal) {
  const std::string Line =
      escapeControlBytes(FileName) + ": interrupted while generating the search space\n";
  [[maybe_unused]] ssize_t Written = ::write(STDERR_FILENO, Line.data(), Line.size());
  std::_Exit(128 + Signal);
}

/// Why space mode wanted the device, and how to plan without it: the
/// limits the file names that --device-limit did not give.
std::string deviceOnlyForLimits(const std::vector<std::string> &Missing) {
  std::string Names, Options;
  for (const std::string &Name : Missing) {
    Names += (Names.empty() ? "" : ", ") + Name;
    Options += " --device-limit " + Name + "=VALUE";
  }
  return "; atfc space opens the device only to read the device limits the file names (" + Names +
         "): give them with" + Options + " to plan without the device";
}

} // namespace

std::string TunerMain::outputDirectory() const {
  return Options.OutputDirectory.empty() ? FileName + ".atf" : Options.OutputDirectory;
}

TunerMain::TunerMain(int Argc, const char *const *Argv, std::string TheFileName)
    : FileName(std::move(TheFileName)) {
  // The device worker is this program started again: it serves the tuner
  // over its pipes and never returns to main().
  if (Argc >= 2 && Argv[1] == kDeviceWorkerFlag)
    std::exit(runDeviceWorker(DeviceWorkerReadFd, DeviceWorkerWriteFd));
  // Under mpirun (--ranks) stdout and stderr are forwarded separately: a
  // message must reach them as whole lines.
  makeStandardOutputLineAtomic();
  makeStandardOutputTerminalSafe();
  dieWithParent();
  // The output directory's cache never evicts a tuner while it runs.
  markOwnExecutableInUse();
  const std::vector<std::string> Args(Argv + std::min(Argc, 1), Argv + Argc);
  Expected<TunerOptions> Parsed = parseTunerCommandLine(Args);
  if (!Parsed) {
    DiagnosticSink(std::cerr).error(Parsed.error().message());
    std::exit(kUsageExitCode);
  }
  Options = Parsed.take();
  if (Options.Help) {
    std::cout << tunerUsage(programName(Argc, Argv), FileName);
    std::exit(std::cout.flush() ? 0 : kFailureExitCode);
  }
  // Before the inputs are read: it needs no arguments of the tuned program.
  if (Options.Mode == TunerMode::Devices) {
    for (const std::string &Line : deviceInventory())
      std::cout << Line << '\n';
    std::exit(std::cout.flush() ? 0 : kFailureExitCode);
  }
}

TunerMain::TunerMain(TunerOptions TheOptions, std::string TheFileName)
    : Options(std::move(TheOptions)), FileName(std::move(TheFileName)) {}

void TunerMain::exitWithInputError(const std::string &Message, unsigned Line,
                                   unsigned Column) const {
  DiagnosticSink(std::cerr).error(SourceLocation{FileName, Line, Column}, Message);
  std::exit(kUsageExitCode);
}

int TunerMain::run(const SpaceGenerator &Generate, const TuningSetup &Setup) const {
  return run(Generate, Setup, std::cout, std::cerr);
}

int TunerMain::run(const SpaceGenerator &Generate, const TuningSetup &Setup, std::ostream &Out,
                   std::ostream &Err) const {
  // A tuner's process is its run's: a signal between its steps is kept for
  // the next (Interruption.h), never the default action.
  Interruption::keepSignals();
  DiagnosticSink Diags(Err);
  if (Setup.BadCount.Line != 0) {
    Diags.error(SourceLocation{FileName, Setup.BadCount.Line, Setup.BadCount.Column},
                Setup.BadCountReason);
    return kFailureExitCode;
  }
  // --device-limit: space mode's, for a kernel's file; with every limit the
  // file names given, the device is not opened at all.
  const bool KernelFile = Setup.Kind != MeasurementKind::Process;
  const std::string Backend = Setup.Kind == MeasurementKind::CUDA ? "cuda" : "ocl";
  if (!Options.DeviceLimits.empty()) {
    std::string Refusal;
    if (Options.Mode != TunerMode::Space)
      Refusal = "--device-limit is for space mode (atfc space): tuning and replay read the "
                "device's own limits";
    else if (!KernelFile)
      Refusal = "--device-limit is for a file that tunes a CUDA or OpenCL kernel";
    else if (Expected<DeviceLimits> Given =
                 applyDeviceLimits(DeviceLimits{}, Backend, Options.DeviceLimits);
             !Given)
      Refusal = Given.error().message();
    if (!Refusal.empty()) {
      Diags.error(SourceLocation{FileName}, Refusal);
      return kUsageExitCode;
    }
  }
  std::string Blanked;
  if (!Options.BlankedSource.empty() && !readFile(Options.BlankedSource, Blanked)) {
    Diags.error(SourceLocation{FileName}, "cannot read " + atfc::quoted(Options.BlankedSource));
    return kFailureExitCode;
  }
  // A run over ranks (Ranks/RankProtocol.h): rank 0 searches, every rank
  // measures.
  std::optional<RankRole> Role;
  if (Options.Mode == TunerMode::Tune) {
    Expected<std::optional<RankRole>> Taken = takeRankRole();
    if (!Taken) {
      Diags.error(SourceLocation{FileName}, Taken.error().message());
      return kFailureExitCode;
    }
    Role = Taken.take();
  }
  const bool MeasuringRank = Role && !Role->Searching;
  // One run per output directory: the lock atfc handed down, or our own
  // (a measuring rank writes nothing there but its work directory).
  std::optional<OutputLock> Lock;
  if (Options.Mode == TunerMode::Tune && !MeasuringRank) {
    Lock = OutputLock::inherited();
    // The user's directory, closed to others (System/OutputDirectory.h).
    Expected<OutputDirectory> Dir = OutputDirectory::open(outputDirectory(), /*Create=*/true);
    std::string Failure = Dir ? "" : Dir.error().message();
    if (Dir && Dir->holds(FileName)) // atfc says so first; a tuner started by hand
      Failure = "the output directory '" + outputDirectory() +
                "' holds the source file: choose another --output";
    if (!Lock && Failure.empty()) {
      Expected<OutputLock> Acquired =
          OutputLock::acquire(outputDirectory(), /*Wait=*/false, /*Inheritable=*/false);
      if (Acquired)
        Lock = Acquired.take();
      else
        Failure = Acquired.error().message();
    }
    if (!Lock || !Failure.empty()) {
      Diags.error(SourceLocation{FileName}, Failure);
      return kFailureExitCode;
    }
  }
  const std::vector<std::string> MissingLimits =
      missingDeviceLimits(Setup.NamedDeviceLimits, Options.DeviceLimits);
  const bool LimitsGiven = Options.Mode == TunerMode::Space && MissingLimits.empty();
  // The measurer first: a device's limits must be known before generation.
  std::unique_ptr<ConfigurationMeasurer> Measurer;
  const TuningSetup RankSetup = MeasuringRank ? setupOfRank(Setup, *Role) : TuningSetup{};
  if (Role && Role->Searching) {
    Expected<std::unique_ptr<ConfigurationMeasurer>> Connected = connectRanks(*Role, Diags);
    if (!Connected) {
      Diags.error(SourceLocation{FileName}, Connected.error().message());
      return kFailureExitCode;
    }
    Measurer = Connected.take();
  } else if (Options.Mode == TunerMode::Tune ||
             (Setup.Kind != MeasurementKind::Process && Setup.NamesDeviceLimits && !LimitsGiven)) {
    if (Setup.Check)
      for (auto [Value, Written, Clause] :
           {std::tuple{Setup.Check->Tolerance, &Setup.CheckToleranceText, "tolerance"},
            std::tuple{Setup.Check->Relative, &Setup.CheckRelativeText, "relative"}})
        if (!(Value >= 0)) { // NaN too
          std::ostringstream Message;
          Message << "the check's " << Clause << " '" << Written->Text << "' is " << Value
                  << "; it must be 0 or more";
          Diags.error(SourceLocation{FileName, Written->Line, Written->Column}, Message.str());
          return kFailureExitCode;
        }
    MeasurerContext Context;
    Context.FileName = FileName;
    Context.BlankedSource = Blanked;
    // Ranks may share the output directory's file system: one work
    // directory each.
    Context.OutputDirectory = MeasuringRank
                                  ? outputDirectory() + "/ranks/" + std::to_string(Role->Rank)
                                  : outputDirectory();
    // Made one level at a time, each refused as a link or someone else's.
    if (MeasuringRank) {
      Expected<void> Made = makeRankDirectory(outputDirectory(), Role->Rank);
      if (!Made) {
        refuseToMeasure(*Role, Made.error().message());
        Diags.error(SourceLocation{FileName}, Made.error().message());
        return kFailureExitCode;
      }
    }
    Context.Inputs = Setup.Inputs;
    Context.WorkerCommand = {"/proc/self/exe", std::string(kDeviceWorkerFlag)};
    Context.CompileAhead = Options.CompileAhead;
    Context.InputsKey = Options.InputsKey;
    Expected<std::unique_ptr<ConfigurationMeasurer>> Made =
        makeMeasurer(MeasuringRank ? RankSetup : Setup, Context);
    if (!Made) {
      if (MeasuringRank) {
        refuseToMeasure(*Role, whyRankCannotMeasure(Setup, *Role, Made.error().message()));
        // Rank 0's searching tuner says why, once for the run: the other
        // ranks' launchers start their tuner again, which would say it too.
        if (Role->Rank != 0)
          return kFailureExitCode;
      }
      // A kernel's data and check files are reported at their directive.
      if (Made.error().location().hasFile())
        Diags.report(Made.error().diagnostic());
      else
        Diags.error(SourceLocation{FileName},
                    Made.error().message() + (Options.Mode == TunerMode::Space
                                                  ? deviceOnlyForLimits(MissingLimits)
                                                  : ""));
      return kFailureExitCode;
    }
    Measurer = Made.take();
  }

  // Read before generating: a limit that is not a size is the user's error,
  // said as the generation's failure as before.
  const Expected<std::uint64_t> MemoryLimit = storeMemoryLimit();
  if (!MemoryLimit) {
    Diags.error(SourceLocation{FileName},
                "generating the search space failed: " + MemoryLimit.error().message());
    return kFailureExitCode;
  }
  // The run's device limits, which ranges and constraints may name: the
  // device's (rank 0's for a run over ranks); zero without a device.
  // Space mode's --device-limit values over them.
  DeviceLimits Limits = Measurer ? Measurer->deviceLimits() : DeviceLimits{};
  if (Options.Mode == TunerMode::Space && KernelFile)
    if (Expected<DeviceLimits> Given = applyDeviceLimits(Limits, Backend, Options.DeviceLimits))
      Limits = *Given; // an error was reported above
  GenerationOptions Generation;
  Generation.Threads = Options.Threads;
  Generation.MemoryLimit = *MemoryLimit;
  ChainOfTrees Space;
  // Space mode's --repetitions: the times of further generations of the
  // same space, whose median compares with the engine's benchmark.
  std::vector<double> Repeated;
  try {
    // Generation cannot stop half-way: a signal ends the tuner at once,
    // with a word and 128 + the signal (no run exists yet).
    std::optional<Interruption> StopGenerating;
    StopGenerating.emplace([&] { exitGenerating(FileName, StopGenerating->signal()); });
    const SlowStepNotice Notice(FileName + ": generating the search space");
    const ArithmeticTrapReport Traps(FileName);
    Expected<ChainOfTrees> Generated = Generate(Generation, Limits);
    for (unsigned R = 0; Generated && Options.Mode == TunerMode::Space && R < Options.Repetitions;
         ++R) {
      Expected<ChainOfTrees> Again = Generate(Generation, Limits);
      if (!Again)
        Generated = Again.takeError();
      else
        Repeated.push_back(Again->generationSeconds());
    }
    if (!Generated) {
      // A range that cannot be built is reported where it is written.
      const Error &E = Generated.error();
      if (E.location().hasFile())
        Diags.report(E.diagnostic());
      else
        Diags.error(SourceLocation{FileName}, "generating the search space failed: " + E.message());
      return kFailureExitCode;
    }
    Space = Generated.take();
  } catch (const SpaceTooLarge &E) {
    Diags.error(SourceLocation{FileName}, E.what());
    return kFailureExitCode;
  } catch (const std::bad_alloc &) {
    Diags.error(SourceLocation{FileName}, "generating the search space ran out of memory");
    return kFailureExitCode;
  } catch (const std::exception &E) { // a constraint's, or a generator's, own exception
    Diags.error(SourceLocation{FileName},
                std::string("generating the search space failed: ") + E.what());
    return kFailureExitCode;
  } catch (...) { // a constraint or a generator may throw anything
    Diags.error(SourceLocation{FileName}, "generating the search space failed: a constraint or a "
                                          "generator threw an exception that is not a "
                                          "std::exception");
    return kFailureExitCode;
  }
  if (Measurer)
    Measurer->spaceReady(Space);
  // A signal since generation ended was kept (Interruption.h): a tuning run
  // starts interrupted; anything else stops here, as the signal would have.
  if (Interruption::pending() != 0 && Options.Mode != TunerMode::Tune) {
    Err << FileName << ": interrupted\n";
    return 128 + Interruption::pending();
  }

  switch (Options.Mode) {
  case TunerMode::Devices: // answered by the constructor, like --help
    break;
  case TunerMode::Space:
    if (Options.Json) {
      // Invalid UTF-8 in a name or value must not cost the whole report.
      Out << spaceReportJson(Space, FileName, Options.List, Repeated, Setup.TypeNames)
                 .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
          << '\n';
    } else {
      writeSpaceReport(Out, Space, FileName, Repeated, Setup.TypeNames);
      if (Options.List > 0) {
        Out << '\n';
        writeConfigurationList(Out, Space, Options.List);
      }
    }
    break;
  case TunerMode::Replay: {
    Expected<ReplayOptions> Replay = parseReplayOptions(Options.ReplayArguments);
    if (!Replay) {
      Diags.error(SourceLocation{FileName}, Replay.error().message());
      return kUsageExitCode;
    }
    const int Status = runReplay(Space, *Replay, Out, Err);
    Out.flush();
    return Status;
  }
  case TunerMode::Tune: {
    if (MeasuringRank)
      return serveMeasurements(*Role, *Measurer);
    TuningRunOptions Run;
    Run.Given = Options;
    Run.FileName = FileName;
    Run.OutputDirectory = outputDirectory();
    Run.BlankedSource = std::move(Blanked);
    // A --fix tuner's results join the whole space's key.
    Run.TunerIdentity = Options.SpaceIdentity.empty() ? tunerIdentity() : Options.SpaceIdentity;
    Run.Progress = isatty(STDERR_FILENO) && &Err == &std::cerr;
    if (!Options.ResumeHint.empty())
      Run.ResumeHint = Options.ResumeHint;
    // Zero, negative or NaN would time every configuration out at once (or
    // never, NaN); a huge one means no limit (System/Process.h saturates).
    if (Setup.Timeout.Line != 0 && !(Setup.TimeoutSeconds > 0)) {
      Diags.error(SourceLocation{FileName, Setup.Timeout.Line, Setup.Timeout.Column},
                  "the timeout must be a positive duration, not " +
                      shortestText(Setup.TimeoutSeconds) + " s");
      return kFailureExitCode;
    }
    LoopSetup Loop = Setup;
    Loop.DataKey = [&Setup, this] { return kernelDataKey(Setup.Arguments, Setup.Check, FileName); };
    const int Status = runTuning(Space, Loop, Run, *Measurer, Out, Err);
    Out.flush();
    return Status;
  }
  }

  if (!Out.flush()) {
    Diags.error(SourceLocation{FileName}, "cannot write the report to the output");
    return kFailureExitCode;
  }
  return 0;
}

} // namespace atfc
