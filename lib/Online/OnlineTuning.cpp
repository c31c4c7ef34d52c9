//===- Online/OnlineTuning.cpp - The tuning loop for a program ------------===//
//
// The steps of runTuning (TuningRun.h), kept apart so that a program can
// run them whole or one evaluation at a time.
//
//===----------------------------------------------------------------------===//
#include "Online/OnlineTuning.h"

#include "System/Interruption.h"
#include "System/RemovedAtForcedExit.h"
#include "Tuning/KnownConfigurations.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <sstream>
#include <unistd.h>

namespace atfc::online {

namespace {

/// The temporary directories of this process's runs, removed at exit()
/// too: a program that called std::exit during a run (from its cost
/// function, say) left them in $TMPDIR. Never destroyed (exit() runs the
/// handler after static destructors may have begun).
struct TemporaryDirectories {
  std::mutex Lock;
  /// Each with its mark, for a second Ctrl-C, which ends the program
  /// with no atexit function run.
  std::map<std::string, std::unique_ptr<RemovedAtForcedExit>> Alive;
  /// Only their maker removes them: a child that fork() made and that
  /// exits must not remove its parent's.
  pid_t Maker = ::getpid();
};

TemporaryDirectories &temporaryDirectories() {
  static TemporaryDirectories *Directories = [] {
    auto *Made = new TemporaryDirectories;
    std::atexit([] {
      TemporaryDirectories &D = temporaryDirectories();
      std::lock_guard<std::mutex> Hold(D.Lock);
      if (D.Maker != ::getpid())
        return;
      for (const auto &[Path, Mark] : D.Alive) {
        std::error_code Ignored;
        std::filesystem::remove_all(Path, Ignored);
      }
      D.Alive.clear();
    });
    return Made;
  }();
  return *Directories;
}

/// A fresh private directory under $TMPDIR (else /tmp).
Expected<std::string> temporaryDirectory() {
  const char *Temp = std::getenv("TMPDIR");
  std::string Template = std::string(Temp && *Temp ? Temp : "/tmp") + "/atfc-online-XXXXXX";
  TemporaryDirectories &D = temporaryDirectories();
  std::lock_guard<std::mutex> Hold(D.Lock);
  if (D.Maker != ::getpid()) { // a forked child's own runs
    D.Alive.clear();
    D.Maker = ::getpid();
  }
  if (mkdtemp(Template.data()) == nullptr)
    return Error("cannot make a temporary directory " + Template + ": " + std::strerror(errno));
  D.Alive.emplace(Template, std::make_unique<RemovedAtForcedExit>(Template));
  return Template;
}

} // namespace

OnlineTuning::OnlineTuning(const ChainOfTrees &Space, OnlineSetup Given,
                           ConfigurationMeasurer &Measurer, std::ostream &Out, std::ostream &Err)
    : Space(Space), Setup(std::move(Given)), Measurer(Measurer),
      Discard(Setup.Silent ? std::make_unique<std::ostringstream>() : nullptr),
      Reporter(Setup.Silent ? *Discard : Out, Setup.Silent ? *Discard : Err, false,
               Setup.Verbose && !Setup.Silent) {}

OnlineTuning::~OnlineTuning() {
  // (Only a tuning that began is concluded: open() may fail between
  // opening the session and beginning it, a technique refused, say.)
  if (Begun && !Finished)
    (void)finish();
  Session.reset();
  if (Temporary) {
    std::error_code Ignored;
    std::filesystem::remove_all(Options.OutputDirectory, Ignored);
    TemporaryDirectories &D = temporaryDirectories();
    std::lock_guard<std::mutex> Hold(D.Lock);
    D.Alive.erase(Options.OutputDirectory);
  }
}

Expected<std::unique_ptr<OnlineTuning>> OnlineTuning::open(const ChainOfTrees &Space,
                                                           OnlineSetup Setup,
                                                           ConfigurationMeasurer &Measurer,
                                                           std::ostream &Out, std::ostream &Err) {
  std::unique_ptr<OnlineTuning> T(new OnlineTuning(Space, std::move(Setup), Measurer, Out, Err));
  T->Options.FileName = T->Setup.ProgramName;
  T->Options.TunerIdentity = "online:" + T->Setup.ProgramName;
  if (!T->Setup.ProgramCode.empty())
    T->Options.TunerIdentity += "\ncode:" + T->Setup.ProgramCode;
  if (T->Setup.ResultsDirectory.empty()) {
    Expected<std::string> Directory = temporaryDirectory();
    if (!Directory)
      return Directory.takeError();
    T->Options.OutputDirectory = *Directory;
    T->Options.TemporaryOutput = true;
    T->Temporary = true;
  } else {
    T->Options.OutputDirectory = T->Setup.ResultsDirectory;
    // A program has no --resume: the next run under the same results
    // directory and program name answers what this one measured.
    T->Options.ResumeHint =
        "run again with the same results directory: what was measured is reused";
  }
  T->Options.Given.Verbose = T->Setup.Verbose;
  Expected<std::unique_ptr<TuningSession>> Opened =
      TuningSession::open(Space, T->Setup.Loop, T->Options, Measurer, T->Reporter);
  if (!Opened)
    return Opened.takeError();
  T->Session = Opened.take();
  if (Expected<void> Chosen = T->Session->chooseSearch(); !Chosen)
    return Chosen.takeError();
  if (Expected<void> Began = T->Session->begin(T->Reporter); !Began)
    return Began.takeError();
  T->Begun = true;
  return T;
}

Expected<TuningOutcome> OnlineTuning::run() {
  // Held until the outcome is written: the signal that stops the loop
  // reaches the program's own handler only then (Interruption.h).
  const Interruption UntilWritten({});
  Expected<TuningLoopEnd> End = runTuningLoop(*Session, Measurer, Reporter);
  if (!End)
    return End.takeError();
  Finished = true;
  Interrupted = End->Interrupted;
  return concludeTuning(*Session, *End, Reporter);
}

std::optional<Configuration> OnlineTuning::next() {
  if (Awaited)
    return Awaited;
  // One whose values were measured before is answered here, never handed
  // out to be measured again (TuningSession::answerFromSameValues).
  for (;;) {
    std::vector<Configuration> Batch = Session->exploration().next(1);
    if (Batch.empty())
      return std::nullopt;
    if (Session->answerFromSameValues(Batch.front(), namedValuesOf(Space, Batch.front()), Reporter))
      continue;
    Awaited = Batch.front();
    return Awaited;
  }
}

Expected<void> OnlineTuning::report(const Configuration &C, const Measurement &M, double Seconds) {
  if (!Awaited || !(*Awaited == C))
    return Error("a cost was reported for a configuration that the tuner did not hand out "
                 "last");
  Awaited.reset();
  return Session->record(C, namedValuesOf(Space, C), M, Seconds);
}

Expected<void> OnlineTuning::finish() {
  if (Finished)
    return success();
  Finished = true;
  // Program-guided steps end with the program's tuning: the run is marked
  // finished, with its time (it stayed `running`, 0 s, in results.db).
  if (Expected<void> Done = Session->finish(/*Interrupted=*/false); !Done)
    return Done.takeError();
  if (Expected<TuningOutcome> Outcome = concludeTuning(*Session, TuningLoopEnd{}, Reporter);
      !Outcome)
    return Outcome.takeError();
  return success();
}

} // namespace atfc::online
