//===- Backends/ProcessBackend.cpp - Measuring with scripts ---------------===//
//
// A configuration's life: a directory is made, its source written, its
// environment built; the compile script runs (ahead, on a compile thread, if
// it was prepared); the run script runs; the cost is read; the directory is
// removed. Compile threads and measure() share a table of prepared
// configurations under one mutex; the scripts themselves run unlocked.
//
//===----------------------------------------------------------------------===//
#include "Backends/ProcessBackend.h"

#include "Backends/CostFile.h"
#include "Backends/SourceSubstitution.h"
#include "Support/NumberText.h"
#include "Support/PathInside.h"
#include "System/ChildProcess.h"
#include "System/HeldDirectory.h"
#include "System/WriteAll.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <filesystem>
#include <mutex>
#include <optional>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

extern char **environ;

namespace atfc {

namespace fs = std::filesystem;

namespace {

/// One configuration on its way through compile and run.
struct ConfigurationRun {
  /// Its values.
  ParameterValues Values;
  /// Its directory; empty until made.
  std::string Directory;
  /// Its name in the work directory, and the directory held open: its
  /// files are made and its scripts run relative to it.
  std::string Name;
  HeldDirectory Held;
  /// The scripts' environment; empty until the directory is made.
  std::vector<std::string> Environment;
  /// How far its compile is.
  enum class Stage { Queued, Compiling, Compiled } Progress = Stage::Queued;
  /// Dropped by a later prepare() while compiling: remove it when done.
  bool Discard = false;
  /// The compile's failure, if any (Valid stays false either way).
  std::optional<Measurement> CompileFailure;
  /// Seconds the compile script took.
  double CompileSeconds = 0;
};

bool sameConfiguration(const ParameterValues &A, const ParameterValues &B) {
  return A.size() == B.size() && std::equal(A.begin(), A.end(), B.begin(), [](auto &X, auto &Y) {
           return X.Name == Y.Name && X.Val == Y.Val;
         });
}

/// "1", "0.5", "2.5": seconds as a person writes them.
std::string secondsText(double Seconds) {
  char Buffer[32];
  std::snprintf(Buffer, sizeof Buffer, "%g", Seconds);
  return Buffer;
}

/// The invalid measurement for a child that did not exit with status 0.
Measurement failureOf(const ChildOutcome &Outcome, FailureKind Kind, double Timeout,
                      const char *Step) {
  switch (Outcome.End) {
  case ChildEnd::Exited:
    return Measurement::invalid(Kind, "exit status " + std::to_string(Outcome.Status),
                                Outcome.OutputTail);
  case ChildEnd::Signaled:
    return Measurement::invalid(Kind, "killed by signal " + std::to_string(Outcome.Status),
                                Outcome.OutputTail);
  case ChildEnd::TimedOut:
    return Measurement::invalid(FailureKind::TimedOut,
                                "timed out after " + secondsText(Timeout) + " s",
                                Outcome.OutputTail);
  case ChildEnd::Stopped:
    return Measurement::invalid(Kind, "interrupted", Outcome.OutputTail);
  case ChildEnd::NotStarted:
    break;
  }
  return Measurement::invalid(Kind, std::string("cannot start the ") + Step +
                                        " script: " + std::strerror(Outcome.Status));
}

bool succeeded(const ChildOutcome &Outcome) {
  return Outcome.End == ChildEnd::Exited && Outcome.Status == 0;
}

} // namespace

struct ProcessBackend::State {
  ProcessBackendOptions Options;
  /// The root of the configurations' directories, absolute.
  std::string Root;
  /// Root, held open from the start: every configuration's directory is
  /// made and removed relative to it (System/HeldDirectory.h).
  HeldDirectory RootDir;
  /// Whether Root is a temporary directory of ours.
  bool OwnsRoot = false;
  /// Why Root is unusable; empty if it is fine.
  std::string RootProblem;
  /// The tuner's environment when the backend was made.
  std::vector<std::string> BaseEnvironment;
  /// The source for non-C-family files, the same for every configuration.
  std::string SourceName;
  /// Numbers the configurations' directories.
  unsigned long long NextDirectory = 0;
  std::mutex DirectoryMutex;

  StopSignal Stop;

  // Compile ahead, under Mutex.
  std::mutex Mutex;
  /// Signals compile threads: the queue grew, or the backend is ending.
  std::condition_variable QueueChanged;
  /// Signals measure(): a compile finished.
  std::condition_variable CompileDone;
  /// Prepared configurations not yet claimed by measure().
  std::vector<std::shared_ptr<ConfigurationRun>> Prepared;
  /// Those of Prepared whose compile has not started, in order.
  std::deque<std::shared_ptr<ConfigurationRun>> Queue;
  bool Ending = false;
  std::vector<std::thread> CompileThreads;

  /// Makes Run's directory, writes its source and builds its environment;
  /// returns a failure or nothing.
  std::optional<Measurement> setUp(ConfigurationRun &Run);
  /// setUp() and the compile script.
  void compile(ConfigurationRun &Run);
  /// The run script and the cost.
  Measurement run(ConfigurationRun &Run);
  Measurement runOnce(ConfigurationRun &Run);
  /// Where Run's cost file is: the option, relative to Run's directory.
  fs::path costPathOf(const ConfigurationRun &Run) const;
  void compileThread();
  /// Removes Run's directory, relative to RootDir.
  void removeDirectory(ConfigurationRun &Run);
};

/// A configuration atfc could not set up: not the configuration's failure
/// (failedOutsideConfiguration), so a later run measures it again.
static Measurement couldNotSetUp(const std::string &Problem) {
  return Measurement::invalid(FailureKind::BuildFailed, std::string(kCouldNotSetUp) + Problem);
}

std::optional<Measurement> ProcessBackend::State::setUp(ConfigurationRun &Run) {
  if (!RootProblem.empty())
    return couldNotSetUp(RootProblem);
  for (;;) {
    unsigned long long Number;
    {
      std::lock_guard Lock(DirectoryMutex);
      Number = NextDirectory++;
    }
    const std::string Name = std::to_string(Number);
    bool Exists = false;
    Expected<HeldDirectory> Made = RootDir.makeDirectory(Name, Exists);
    if (Made) {
      Run.Name = Name;
      Run.Held = Made.take();
      Run.Directory = Run.Held.path();
      break;
    }
    if (!Exists) // another backend's directory: take the next number
      return couldNotSetUp(Made.error().message());
  }
  std::string SourcePath = Run.Directory + "/" + SourceName;
  Expected<void> Written = Run.Held.writeNewFile(
      SourceName, Options.CFamily ? substituteConfiguration(Options.BlankedSource, Run.Values,
                                                            Options.DefineLines)
                                  : Options.BlankedSource);
  if (!Written)
    return couldNotSetUp(Written.error().message());

  // Variables the backend sets replace the tuner's own of the same name.
  auto setHere = [&](std::string_view Name) {
    auto Named = [&](const NamedValue &V) { return V.Name == Name; };
    return Name == "ATF_SOURCE" || Name == "ATF_FILE_DIR" || Name == "ATF_WORK_DIR" ||
           std::any_of(Run.Values.begin(), Run.Values.end(), Named) ||
           std::any_of(Options.Inputs.begin(), Options.Inputs.end(), Named);
  };
  std::vector<std::string> &Environment = Run.Environment;
  Environment.reserve(BaseEnvironment.size() + Run.Values.size() + Options.Inputs.size() + 3);
  for (const std::string &Entry : BaseEnvironment)
    if (!setHere(std::string_view(Entry).substr(0, Entry.find('='))))
      Environment.push_back(Entry);
  auto Text = [this](const Value &V) {
    return Options.EnvironmentText ? Options.EnvironmentText(V) : toString(V);
  };
  for (const NamedValue &V : Options.Inputs)
    Environment.push_back(V.Name + "=" + Text(V.Val));
  for (const NamedValue &V : Run.Values)
    Environment.push_back(V.Name + "=" + Text(V.Val));
  Environment.push_back("ATF_SOURCE=" + SourcePath);
  Environment.push_back("ATF_FILE_DIR=" + Options.FileDirectory);
  Environment.push_back("ATF_WORK_DIR=" + Run.Directory);
  return std::nullopt;
}

void ProcessBackend::State::compile(ConfigurationRun &Run) {
  if (std::optional<Measurement> Failure = setUp(Run)) {
    Run.CompileFailure = std::move(Failure);
    return;
  }
  if (Options.CompileScript.empty())
    return;
  ChildOutcome Outcome = runChild({Options.CompileScript, Run.Directory, Run.Environment,
                                   Options.TimeoutSeconds, Run.Held.fd()},
                                  &Stop);
  Run.CompileSeconds = Outcome.Seconds;
  if (!succeeded(Outcome))
    Run.CompileFailure =
        failureOf(Outcome, FailureKind::BuildFailed, Options.TimeoutSeconds, "compile");
}

Measurement ProcessBackend::State::run(ConfigurationRun &Run) {
  const unsigned Repetitions = std::max(1u, Options.Repetitions);
  if (Options.Warmups == 0 && Repetitions == 1)
    return runOnce(Run);
  double Seconds = 0;
  std::vector<std::vector<double>> Costs; // per repetition
  // (In 64 bits: the sum of two unsigned counts wrapped, and no cost was
  // kept.)
  for (std::uint64_t I = 0; I < std::uint64_t{Options.Warmups} + Repetitions; ++I) {
    // The previous repetition's cost file is this configuration's own, not
    // one left by an earlier configuration: remove it without a note.
    if (I > 0 && !Options.CostFile.empty())
      unlink(costPathOf(Run).c_str());
    Measurement M = runOnce(Run);
    Seconds = wholeNanoseconds(Seconds + M.RunSeconds); // a sum of clock readings
    if (!M.Valid || Stop.raised()) {
      M.RunSeconds = Seconds;
      return M;
    }
    if (I >= Options.Warmups)
      Costs.push_back(std::move(M.Costs));
  }
  if (Costs.size() == 1) { // warm-ups, one measured run
    Measurement M = Measurement::valid(std::move(Costs.front()));
    M.RunSeconds = Seconds;
    return M;
  }
  // Per objective, the statistic; the log keeps every repetition's costs
  // in the order they ran.
  std::size_t Objectives = Costs.front().size();
  for (const std::vector<double> &C : Costs)
    if (C.size() != Objectives)
      return Measurement::invalid(FailureKind::BadCost,
                                  "the repetitions wrote different numbers of costs");
  std::vector<double> Cost(Objectives);
  const char *Statistic = statisticName(Options.Statistic);
  std::string Log = "costs of " + std::to_string(Costs.size()) + " repetitions:";
  for (std::size_t O = 0; O < Objectives; ++O) {
    std::vector<double> Column;
    for (const std::vector<double> &C : Costs)
      Column.push_back(C[O]);
    Cost[O] = summarize(Column, Options.Statistic);
    Log += O ? "; " : " ";
    for (std::size_t R = 0; R < Column.size(); ++R)
      Log += (R ? ", " : "") + shortestText(Column[R]);
    Log += std::string(" (") + Statistic + " " + shortestText(Cost[O]) + ")";
  }
  Measurement M = Measurement::valid(std::move(Cost));
  M.RunSeconds = Seconds;
  M.Log = std::move(Log);
  return M;
}

fs::path ProcessBackend::State::costPathOf(const ConfigurationRun &Run) const {
  const fs::path CostPath = Options.CostFile;
  // Relative to the held directory itself, never to a path into it that a
  // link swapped in for the work directory could lead elsewhere.
  return CostPath.is_relative()
             ? fs::path("/proc/self/fd/" + std::to_string(Run.Held.fd())) / CostPath
             : CostPath;
}

namespace {

/// What says that a file was written again: its identity, size and times.
struct FileStamp {
  dev_t Device;
  ino_t Inode;
  off_t Size;
  timespec Modified, Changed;

  static std::optional<FileStamp> of(const fs::path &Path) {
    struct stat S;
    if (::stat(Path.c_str(), &S) != 0)
      return std::nullopt;
    return FileStamp{S.st_dev, S.st_ino, S.st_size, S.st_mtim, S.st_ctim};
  }
  bool operator==(const FileStamp &O) const {
    auto Same = [](const timespec &A, const timespec &B) {
      return A.tv_sec == B.tv_sec && A.tv_nsec == B.tv_nsec;
    };
    return Device == O.Device && Inode == O.Inode && Size == O.Size && Same(Modified, O.Modified) &&
           Same(Changed, O.Changed);
  }
};

} // namespace

Measurement ProcessBackend::State::runOnce(ConfigurationRun &Run) {
  const fs::path CostPath = Options.CostFile.empty() ? fs::path() : costPathOf(Run);
  // Each configuration's cost must be its own: one left by an earlier
  // configuration would otherwise answer for a run that writes none. In
  // the configuration's directory the old file is removed; elsewhere (an
  // absolute path, "../cost") it may be the user's, or atfc's results
  // (a cost file "../../results.db" once deleted the run's database), so
  // it is kept and must have been written again.
  std::string Notes;
  std::optional<FileStamp> Before;
  if (!CostPath.empty() && staysInside(Options.CostFile)) {
    if (unlink(CostPath.c_str()) == 0)
      Notes = "note: removed " + (fs::path(Run.Directory) / Options.CostFile).string() +
              ", left by an earlier run, before this run\n";
  } else if (!CostPath.empty()) {
    Before = FileStamp::of(CostPath);
  }
  ChildOutcome Outcome = runChild(
      {Options.RunScript, Run.Directory, Run.Environment, Options.TimeoutSeconds, Run.Held.fd()},
      &Stop);
  Measurement Result;
  if (!succeeded(Outcome)) {
    Result = failureOf(Outcome, FailureKind::RunFailed, Options.TimeoutSeconds, "run");
  } else if (Options.CostFile.empty()) {
    Result = Measurement::valid({Outcome.Seconds});
  } else {
    std::string Text, Problem;
    std::vector<double> Costs;
    if (Before && FileStamp::of(CostPath) == *Before) {
      Problem = "was not written";
      Notes += "note: " + Options.CostFile +
               " lies outside the configuration's directory and holds what was there before "
               "this run; atfc does not remove such a file\n";
    }
    if (!Problem.empty() || !readCostFile(CostPath, Text, Problem) ||
        !parseCosts(Text, Costs, Problem))
      Result =
          Measurement::invalid(FailureKind::BadCost,
                               "cost file " + Options.CostFile + " " + Problem, Outcome.OutputTail);
    else
      Result = Measurement::valid(std::move(Costs));
  }
  Result.Log = Notes + Result.Log;
  Result.RunSeconds = Outcome.Seconds;
  return Result;
}

void ProcessBackend::State::removeDirectory(ConfigurationRun &Run) {
  if (Run.Name.empty())
    return;
  Run.Held = HeldDirectory();
  (void)RootDir.remove(Run.Name);
  Run.Name.clear();
}

void ProcessBackend::State::compileThread() {
  for (;;) {
    std::shared_ptr<ConfigurationRun> Run;
    {
      std::unique_lock Lock(Mutex);
      QueueChanged.wait(Lock, [&] { return Ending || !Queue.empty(); });
      if (Ending)
        return;
      Run = std::move(Queue.front());
      Queue.pop_front();
      Run->Progress = ConfigurationRun::Stage::Compiling;
    }
    compile(*Run);
    bool Discard;
    {
      std::lock_guard Lock(Mutex);
      Run->Progress = ConfigurationRun::Stage::Compiled;
      Discard = Run->Discard;
    }
    CompileDone.notify_all();
    if (Discard)
      removeDirectory(*Run);
    if (Stop.raised())
      return;
  }
}

ProcessBackend::ProcessBackend(ProcessBackendOptions Options) : S(std::make_unique<State>()) {
  S->Options = std::move(Options);
  S->SourceName = S->Options.SourceName.empty() ? "source" : S->Options.SourceName;
  for (char **Entry = environ; Entry && *Entry; ++Entry)
    S->BaseEnvironment.emplace_back(*Entry);
  adoptOrphanedDescendants();

  std::error_code Error;
  if (S->Options.WorkDirectory.empty()) {
    const char *Temp = std::getenv("TMPDIR");
    std::string Template = std::string(Temp && *Temp ? Temp : "/tmp") + "/atfc-XXXXXX";
    if (mkdtemp(Template.data())) {
      S->Root = Template;
      S->OwnsRoot = true;
      if (Expected<HeldDirectory> Held = HeldDirectory::open(S->Root, false))
        S->RootDir = Held.take();
      else
        S->RootProblem = Held.error().message();
    } else {
      S->RootProblem =
          "cannot make a temporary directory " + Template + ": " + std::strerror(errno);
    }
  } else {
    S->Root = fs::absolute(S->Options.WorkDirectory, Error).lexically_normal().string();
    while (S->Root.size() > 1 && S->Root.back() == '/')
      S->Root.pop_back();
    if (Error)
      S->RootProblem =
          "cannot make the work directory " + S->Options.WorkDirectory + ": " + Error.message();
    else if (Expected<HeldDirectory> Held = HeldDirectory::open(S->Root, /*Create=*/true))
      S->RootDir = Held.take();
    else
      S->RootProblem = "cannot make the work directory: " + Held.error().message();
  }
}

ProcessBackend::~ProcessBackend() {
  {
    std::lock_guard Lock(S->Mutex);
    S->Ending = true;
    S->Queue.clear();
  }
  S->Stop.raise();
  S->QueueChanged.notify_all();
  for (std::thread &Thread : S->CompileThreads)
    Thread.join();
  for (const auto &Run : S->Prepared)
    S->removeDirectory(*Run);
  // The temporary root: its entries by its held descriptor, then itself,
  // empty (rmdir of a link swapped in fails).
  if (S->OwnsRoot && S->RootDir.isOpen() && S->RootDir.removeEntries())
    rmdir(S->Root.c_str());
}

void ProcessBackend::prepare(std::span<const ParameterValues> Upcoming) {
  if (S->Options.CompileScript.empty() || S->Options.CompileAhead == 0 || S->Stop.raised())
    return;
  std::vector<std::shared_ptr<ConfigurationRun>> Unwanted;
  {
    std::lock_guard Lock(S->Mutex);
    auto Listed = [&](const ParameterValues &Values) {
      return std::any_of(Upcoming.begin(), Upcoming.end(),
                         [&](auto &U) { return sameConfiguration(U, Values); });
    };
    std::erase_if(S->Prepared, [&](const std::shared_ptr<ConfigurationRun> &Run) {
      if (Listed(Run->Values))
        return false;
      switch (Run->Progress) {
      case ConfigurationRun::Stage::Queued:
        std::erase(S->Queue, Run);
        break;
      case ConfigurationRun::Stage::Compiling:
        Run->Discard = true;
        break;
      case ConfigurationRun::Stage::Compiled:
        Unwanted.push_back(Run);
        break;
      }
      return true;
    });
    for (const ParameterValues &Values : Upcoming) {
      if (std::any_of(S->Prepared.begin(), S->Prepared.end(),
                      [&](auto &Run) { return sameConfiguration(Run->Values, Values); }))
        continue;
      auto Run = std::make_shared<ConfigurationRun>();
      Run->Values = Values;
      S->Prepared.push_back(Run);
      S->Queue.push_back(std::move(Run));
    }
    while (S->CompileThreads.size() < S->Options.CompileAhead)
      S->CompileThreads.emplace_back([State = S.get()] { State->compileThread(); });
  }
  S->QueueChanged.notify_all();
  for (const std::shared_ptr<ConfigurationRun> &Run : Unwanted)
    S->removeDirectory(*Run);
}

Measurement ProcessBackend::measure(const ParameterValues &Configuration) {
  if (S->Stop.raised())
    return Measurement::invalid(FailureKind::RunFailed, "interrupted");

  // A prepared configuration is claimed: taken out of the table, and
  // compiled here if no compile thread has started it yet.
  std::shared_ptr<ConfigurationRun> Run;
  bool Compiled = false;
  {
    std::unique_lock Lock(S->Mutex);
    auto Found = std::find_if(S->Prepared.begin(), S->Prepared.end(), [&](auto &Prepared) {
      return sameConfiguration(Prepared->Values, Configuration);
    });
    if (Found != S->Prepared.end()) {
      Run = std::move(*Found);
      S->Prepared.erase(Found);
      if (Run->Progress == ConfigurationRun::Stage::Queued) {
        std::erase(S->Queue, Run);
      } else {
        S->CompileDone.wait(Lock,
                            [&] { return Run->Progress == ConfigurationRun::Stage::Compiled; });
        Compiled = true;
      }
    }
  }
  if (!Run) {
    Run = std::make_shared<ConfigurationRun>();
    Run->Values = Configuration;
  }
  if (!Compiled)
    S->compile(*Run);

  Measurement Result;
  if (Run->CompileFailure)
    Result = std::move(*Run->CompileFailure);
  else
    Result = S->run(*Run);
  Result.CompileSeconds = Run->CompileSeconds;
  S->removeDirectory(*Run);
  return Result;
}

void ProcessBackend::interrupt() noexcept { S->Stop.raise(); }

bool ProcessBackend::interrupted() const noexcept { return S->Stop.raised(); }

} // namespace atfc
