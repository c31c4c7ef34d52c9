//===- DeviceBackends/DeviceBackend.cpp - Measuring OpenCL and CUDA kernels -----===//
//
// The tuner's side of the device backends: starting the worker process
// (System/Process.h), sending it requests with a time limit, and turning its
// death or silence into "crashed" / "timed out" before starting it afresh
// for the next configuration.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/DeviceBackend.h"

#include "Backends/UsefulLogLine.h"
#include "DeviceBackends/BuildAhead.h"
#include "DeviceBackends/DeviceProtocol.h"
#include "DeviceBackends/DeviceWorker.h"
#include "DeviceBackends/LaunchMemory.h"
#include "DeviceBackends/LaunchSizeCheck.h"
#include "KernelData/CheckServer.h"
#include "Support/NumberText.h"
#include "System/ChildProcess.h"
#include "System/Interruption.h"
#include "System/Process.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <sys/socket.h>
#include <unistd.h>

namespace atfc {

std::vector<std::string> kernelDefinitions(const ParameterValues &Values, bool StringsAsText) {
  std::vector<std::string> Definitions;
  for (const NamedValue &V : Values) {
    if (const bool *B = std::get_if<bool>(&V.Val))
      Definitions.push_back(V.Name + "=" + (*B ? "1" : "0"));
    else if (const std::string *S = std::get_if<std::string>(&V.Val); S && StringsAsText) {
      // A line break would end the #define line: it is white space there.
      std::string Text = *S;
      std::replace_if(
          Text.begin(), Text.end(), [](char C) { return C == '\n' || C == '\r'; }, ' ');
      Definitions.push_back(V.Name + "=" + Text);
    } else
      Definitions.push_back(V.Name + "=" + toSourceString(V.Val));
  }
  return Definitions;
}

Expected<std::unique_ptr<DeviceBackend>>
DeviceBackend::open(const DeviceSelection &Device, DeviceKernelSetup Setup,
                    std::vector<std::string> WorkerCommand) {
  if (WorkerCommand.empty())
    return Error("no command to start the device worker");
  std::unique_ptr<DeviceBackend> Backend(new DeviceBackend());
  if (Setup.Check) {
    Expected<std::vector<unsigned>> Checked = checkedBuffers(*Setup.Check, Setup.Arguments);
    if (!Checked)
      return Checked.takeError();
    Backend->Checked = *Checked;
    if (Setup.Check->Kind == CheckAgainst::GoldFile) {
      Expected<std::vector<std::vector<unsigned char>>> Gold =
          readGoldFile(Setup.Check->GoldFile, Setup.Arguments, *Checked);
      if (!Gold && Setup.Check->Line)
        return Error(SourceLocation{Setup.FileName, Setup.Check->Line, Setup.Check->Column},
                     Gold.error().message());
      if (!Gold)
        return Gold.takeError();
      Backend->ExpectedOutputs = Gold.take();
      Backend->HaveExpected = true;
    }
  }
  if (Setup.Check && Setup.Check->Kind == CheckAgainst::Script) {
    // Held from here on; scripts get its absolute path (ATF_WORK_DIR),
    // right in whatever directory they run.
    std::error_code Failure;
    const std::filesystem::path Absolute = std::filesystem::absolute(Setup.WorkDirectory, Failure);
    if (!Failure)
      Setup.WorkDirectory = Absolute.lexically_normal().string();
    Expected<HeldDirectory> Work = HeldDirectory::open(Setup.WorkDirectory, /*Create=*/true);
    if (!Work)
      return Work.takeError();
    Backend->Work = Work.take();
    if (Setup.Check->Server) {
      // Started once, in the work directory, with the environment of a
      // check script but the parameters (each request names them).
      std::vector<std::pair<std::string, std::string>> Variables;
      for (const NamedValue &V : Setup.Inputs)
        Variables.emplace_back(V.Name, toString(V.Val));
      Variables.emplace_back("ATF_FILE_DIR", Setup.FileDirectory);
      Variables.emplace_back("ATF_WORK_DIR", Backend->Work.path());
      // Python's answers reach atfc when written, not when a buffer fills.
      Variables.emplace_back("PYTHONUNBUFFERED", "1");
      Backend->Server =
          std::make_unique<CheckServer>(Setup.Check->Script, Backend->Work.path(),
                                        Backend->Work.fd(), environmentWith(Variables));
    }
  }
  Backend->Selection = Device;
  Backend->Setup = std::move(Setup);
  Backend->Command = std::move(WorkerCommand);
  if (Expected<void> Started = Backend->startWorker(); !Started)
    return Started.takeError();
  return Backend;
}

DeviceBackend::~DeviceBackend() {
  // A worker stuck in a kernel gets no say; the workers building ahead
  // end with the pool, their builds discarded; the check server gets its
  // end of input, then its group is killed.
  Ahead.reset();
  Server.reset();
  atfc::killWorker(Worker);
}

Expected<void> DeviceBackend::startWorker() {
  SetupMessage Message{Selection, Setup,
                       HaveExpected ? ExpectedOutputs : decltype(ExpectedOutputs){}};
  // Whatever the worker prints (pocl's "1 error generated.", OpenCL
  // printf) goes into the evaluation's log, so that the tuner's terminal
  // stays its own.
  Expected<WorkerProcess> Started = startWorkerWithSetup(
      Command, Message, WorkerOutput.fd() >= 0 ? WorkerOutput.fd() : STDERR_FILENO);
  if (!Started)
    return Started.takeError();
  Worker = std::move(*Started);
  Expected<SetupReplyMessage> Answer =
      readSetupReply(Worker, workerSetupTimeout(Setup.TimeoutSeconds));
  // What opening the device printed concerns no configuration: it is not
  // put into the first one's log, but it says why a worker never answered.
  std::string Opening;
  takeWorkerOutput(Opening);
  if (!Answer) {
    const std::string Line = usefulLogLine(Opening);
    return Error(Answer.error().location(),
                 Answer.error().message() + (Line.empty() ? "" : "; it printed: " + Line));
  }
  Limits = Answer->Limits;
  Description = Answer->Description;
  Toolchain = Answer->Toolchain;
  HostDevice = Answer->HostDevice;
  SharedBuildCache = Answer->SharedBuildCache;
  ComputeCapability = Answer->ComputeCapability;
  return success();
}

WorkerEnd DeviceBackend::reapWorker() { return atfc::reapWorker(Worker); }

void DeviceBackend::killWorker() { atfc::killWorker(Worker); }

void DeviceBackend::interrupt() {
  if (Ahead)
    Ahead->interrupt();
  std::lock_guard<std::mutex> Lock(InterruptMutex);
  if (CheckStop)
    CheckStop->raise();
  if (InFlight < 0)
    return;
  Interrupted = true;
  signalProcess(InFlight, SIGKILL);
}

void DeviceBackend::crashWorkerForTesting() {
  if (!Worker.running())
    return;
  WireWriter Out;
  Out.u8(static_cast<std::uint8_t>(DeviceRequest::CrashForTesting));
  writeFrame(Worker.Socket, Out.Bytes);
}

Measurement DeviceBackend::measureReference(const ParameterValues &Values,
                                            const LaunchSizes &Sizes) {
  return measureIn(true, Values, Sizes);
}

void DeviceBackend::setCompileAhead(unsigned Builders) {
  AheadBuilders = SharedBuildCache ? Builders : 0;
  Ahead.reset();
  if (AheadBuilders == 0)
    return;
  SetupMessage Message{Selection, Setup, {}};
  // A CUDA builder only runs NVRTC, for the measuring worker's GPU: the
  // GPU stays the measuring worker's alone.
  if (std::holds_alternative<CudaDeviceSelection>(Selection))
    Message.BuildOnlyComputeCapability = ComputeCapability;
  Ahead = std::make_unique<BuildAheadPool>(Command, std::move(Message), AheadBuilders,
                                           Setup.TimeoutSeconds);
}

namespace {

/// A configuration's values as a check server's request has them: numbers,
/// true and false, strings (a double that is no number, too: "nan").
std::vector<std::pair<std::string, std::string>> jsonValues(const ParameterValues &Values) {
  std::vector<std::pair<std::string, std::string>> Json;
  for (const NamedValue &V : Values) {
    const double *D = std::get_if<double>(&V.Val);
    if (const char *NonFinite = D ? nonFiniteName(*D) : nullptr)
      Json.emplace_back(V.Name, jsonString(NonFinite));
    else if (std::holds_alternative<std::string>(V.Val))
      Json.emplace_back(V.Name, jsonString(std::get<std::string>(V.Val)));
    else
      Json.emplace_back(V.Name, D ? toSourceString(V.Val) : toString(V.Val));
  }
  return Json;
}

} // namespace

unsigned DeviceBackend::builtAhead() const { return Ahead ? Ahead->builtAhead() : 0; }
unsigned DeviceBackend::discardedAhead() const { return Ahead ? Ahead->discarded() : 0; }
std::vector<pid_t> DeviceBackend::aheadProcesses() const {
  return Ahead ? Ahead->builderProcesses() : std::vector<pid_t>{};
}

void DeviceBackend::prepare(std::span<const UpcomingConfiguration> Upcoming) {
  if (!Ahead)
    return;
  std::vector<MeasureMessage> Messages;
  for (const UpcomingConfiguration &U : Upcoming) {
    // One refused for its sizes or memory never reaches a worker (measureIn).
    if (!launchProblem(U.Sizes))
      Messages.push_back(
          MeasureMessage{false, kernelDefinitions(U.Values, Setup.StringsAsText), U.Sizes});
  }
  Ahead->prepare(std::move(Messages));
}

std::optional<Measurement> DeviceBackend::launchProblem(const LaunchSizes &Sizes) const {
  const LaunchApi Api =
      std::holds_alternative<CudaDeviceSelection>(Selection) ? LaunchApi::Cuda : LaunchApi::OpenCL;
  if (std::optional<Measurement> Refused = launchSizeProblem(Sizes, Api))
    return Refused;
  return launchMemoryProblem(Setup.Arguments, Sizes, Limits);
}

Measurement DeviceBackend::measure(const ParameterValues &Values, const LaunchSizes &Sizes) {
  if (Ahead && !launchProblem(Sizes)) {
    // Built ahead, the kernel is in the implementation's cache: the
    // measuring worker's build finds it there.
    AheadOutcome Outcome =
        Ahead->take(MeasureMessage{false, kernelDefinitions(Values, Setup.StringsAsText), Sizes});
    if (Outcome.Interrupted)
      return Measurement::invalid(FailureKind::RunFailed, "interrupted",
                                  "the device worker was stopped");
    if (Outcome.Failure)
      return std::move(*Outcome.Failure);
  }
  return measureIn(false, Values, Sizes);
}

void DeviceBackend::takeWorkerOutput(std::string &Log) {
  // The end says why; a kernel that prints in a loop must not fill the log.
  const OutputTail Tail = WorkerOutput.take(8000);
  if (Tail.Text.empty())
    return;
  if (!Log.empty() && Log.back() != '\n')
    Log += '\n';
  Log += (Tail.Cut ? "..." : "") + Tail.Text;
}

Measurement DeviceBackend::measureIn(bool Reference, const ParameterValues &Values,
                                     const LaunchSizes &Sizes) {
  Measurement M = measureWithWorker(Reference, Values, Sizes);
  takeWorkerOutput(M.Log);
  return M;
}

Measurement DeviceBackend::measureWithWorker(bool Reference, const ParameterValues &Values,
                                             const LaunchSizes &Sizes) {
  // Before the worker: a configuration with a size of zero or below, or
  // that asks for more work-group memory than the device has, is invalid
  // with that reason.
  if (std::optional<Measurement> Refused = launchProblem(Sizes))
    return std::move(*Refused);
  if (!Worker.running()) {
    ++Restarts;
    if (Expected<void> Started = startWorker(); !Started)
      return Measurement::invalid(FailureKind::RunFailed, "the device worker failed to start",
                                  Started.error().message());
  }
  MeasureMessage Message{Reference, kernelDefinitions(Values, Setup.StringsAsText), Sizes};
  WireWriter Out;
  encode(Out, Message);
  {
    std::lock_guard<std::mutex> Lock(InterruptMutex);
    InFlight = Worker.pid();
    Interrupted = false;
  }
  std::vector<unsigned char> Reply;
  FrameRead Read = FrameRead::Closed;
  if (writeFrame(Worker.Socket, Out.Bytes))
    Read = readFrameWithin(Worker.Socket, Reply, Setup.TimeoutSeconds);
  bool WasInterrupted;
  {
    std::lock_guard<std::mutex> Lock(InterruptMutex);
    InFlight = -1;
    WasInterrupted = Interrupted;
  }
  if (WasInterrupted) {
    killWorker();
    return Measurement::invalid(FailureKind::RunFailed, "interrupted",
                                "the device worker was stopped");
  }
  if (Read == FrameRead::TimedOut) {
    killWorker();
    return Measurement::invalid(FailureKind::TimedOut, "timed out",
                                "killed the device worker after " +
                                    shortestText(Setup.TimeoutSeconds) + " s");
  }
  if (Read == FrameRead::Closed) {
    WorkerEnd End = reapWorker();
    // Killed by the stop of the whole job: says nothing of the configuration.
    if (Interruption::stopsThisProcess(End.Signal))
      return Measurement::invalid(FailureKind::RunFailed, "interrupted", std::move(End.Reason));
    return Measurement::invalid(FailureKind::Crashed, "crashed", std::move(End.Reason));
  }
  MeasureReplyMessage Answer;
  WireReader In(Reply);
  if (!decode(In, Answer)) {
    killWorker();
    return Measurement::invalid(FailureKind::Crashed, "crashed",
                                "the device worker sent a malformed reply");
  }
  if (Answer.WorkerEnds)
    reapWorker();
  if (Reference && Answer.Result.Valid) {
    ExpectedOutputs = std::move(Answer.Outputs);
    HaveExpected = true;
  } else if (Answer.Result.Valid && Setup.Check && Setup.Check->Kind == CheckAgainst::Script) {
    checkWithScript(Values, Answer);
  }
  return std::move(Answer.Result);
}

void DeviceBackend::checkWithScript(const ParameterValues &Values, MeasureReplyMessage &Answer) {
  // One directory per configuration, numbered like a script backend's,
  // made in the held work directory.
  HeldDirectory Directory;
  for (;;) {
    bool Exists = false;
    Expected<HeldDirectory> Made = Work.makeDirectory(std::to_string(NextCheckDirectory++), Exists);
    if (Made) {
      Directory = Made.take();
      break;
    }
    if (!Exists) {
      Answer.Result = Measurement::invalid(FailureKind::CheckFailed, "cannot check the results",
                                           Made.error().message());
      return;
    }
  }
  std::vector<std::pair<std::string, std::string>> Variables;
  for (const NamedValue &V : Setup.Inputs)
    Variables.emplace_back(V.Name, toString(V.Val));
  for (const NamedValue &V : Values)
    Variables.emplace_back(V.Name, toString(V.Val));
  Variables.emplace_back("ATF_FILE_DIR", Setup.FileDirectory);
  Variables.emplace_back("ATF_WORK_DIR", Directory.path());
  // interrupt() stops the script as it stops a worker.
  StopSignal Stop;
  {
    std::lock_guard<std::mutex> Lock(InterruptMutex);
    CheckStop = &Stop;
  }
  CheckScriptOutcome Check =
      Server
          ? Server->check(Setup.Arguments, Checked, Answer.Outputs, Directory.path(),
                          Directory.fd(), jsonValues(Values), Setup.TimeoutSeconds, &Stop)
          : runCheckScript(*Setup.Check, Setup.Arguments, Checked, Answer.Outputs, Directory.path(),
                           environmentWith(Variables), Setup.TimeoutSeconds, &Stop, Directory.fd());
  {
    std::lock_guard<std::mutex> Lock(InterruptMutex);
    CheckStop = nullptr;
  }
  if (Stop.raised()) {
    Answer.Result = Measurement::invalid(FailureKind::RunFailed, "interrupted",
                                         Server ? "the check server was stopped"
                                                : "the check script was stopped");
    return;
  }
  if (Check.Verdict == CheckVerdict::Right) {
    // A right result's files are of no further use.
    const std::string Name = Directory.path().substr(Work.path().size() + 1);
    Directory = HeldDirectory();
    (void)Work.remove(Name);
    return;
  }
  // The log keeps what the script printed (its tail), below where its
  // files are: a traceback is in `atfc results`, not only in the reason.
  std::string Log = std::string(Server ? "the check server's" : "the check script's") +
                    " files are in " + Directory.path();
  if (!Check.Output.empty())
    Log += "\n" + Check.Output;
  Measurement Invalid = Measurement::invalid(
      Check.Verdict == CheckVerdict::Wrong ? FailureKind::WrongResult : FailureKind::CheckFailed,
      std::move(Check.Reason), std::move(Log));
  Invalid.CompileSeconds = Answer.Result.CompileSeconds;
  Invalid.RunSeconds = Answer.Result.RunSeconds;
  Answer.Result = std::move(Invalid);
}

} // namespace atfc
