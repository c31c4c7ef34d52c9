//===- DeviceBackends/DeviceBackend.cpp - Measuring OpenCL and CUDA kernels -----===//
//
// The tuner's side of the device backends: starting the worker process
// (System/Process.h), sending it requests with a time limit, and turning its
// death or silence into "crashed" / "timed out" before starting it afresh
// for the next configuration.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/DeviceBackend.h"

#include "DeviceBackends/DeviceProtocol.h"
#include "DeviceBackends/DeviceWorker.h"
#include "DeviceBackends/LaunchMemory.h"
#include "System/ChildProcess.h"
#include "System/Process.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace atfc {

std::vector<std::string> kernelDefinitions(const ParameterValues &Values) {
  std::vector<std::string> Definitions;
  for (const NamedValue &V : Values) {
    if (const bool *B = std::get_if<bool>(&V.Val))
      Definitions.push_back(V.Name + "=" + (*B ? "1" : "0"));
    else
      Definitions.push_back(V.Name + "=" + toSourceString(V.Val));
  }
  return Definitions;
}

namespace {

/// How long starting a worker and opening its device may take: device
/// set-up (an OpenCL implementation compiling its built-ins, a CUDA context)
/// can take seconds even when kernels are fast.
double setupTimeout(double ConfigurationTimeout) {
  if (ConfigurationTimeout <= 0)
    return 0;
  return std::max(2 * ConfigurationTimeout, 60.0);
}

std::string describeStatus(int Status) {
  if (WIFSIGNALED(Status)) {
    int Signal = WTERMSIG(Status);
    const char *Name = strsignal(Signal);
    return "the device worker died of signal " + std::to_string(Signal) + " (" +
           (Name ? Name : "?") + ")";
  }
  if (WIFEXITED(Status))
    return "the device worker exited with status " + std::to_string(WEXITSTATUS(Status));
  return "the device worker ended";
}

} // namespace

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
  Backend->Selection = Device;
  Backend->Setup = std::move(Setup);
  Backend->Command = std::move(WorkerCommand);
  if (Expected<void> Started = Backend->startWorker(); !Started)
    return Started.takeError();
  return Backend;
}

DeviceBackend::~DeviceBackend() {
  if (Worker < 0)
    return;
  // Closing the connection ends the worker's loop; a worker stuck in a
  // kernel gets no say.
  close(Socket);
  Socket = -1;
  kill(Worker, SIGKILL);
  int Status = 0;
  while (waitpid(Worker, &Status, 0) < 0 && errno == EINTR) {
  }
  Worker = -1;
}

Expected<void> DeviceBackend::startWorker() {
  int Ends[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, Ends) != 0)
    return Error(std::string("cannot create the worker's socket: ") + std::strerror(errno));
  ProcessSpec Spec;
  Spec.Argv = Command;
  Spec.ExtraFds = {{Ends[1], DeviceWorkerReadFd}, {Ends[1], DeviceWorkerWriteFd}};
  // Whatever the device code prints (OpenCL printf) goes to stderr, so that
  // the tuner's stdout stays its own.
  Spec.OutputFd = STDERR_FILENO;
  // The worker gets its own process group, so that Ctrl-C reaches only the
  // tuner, which then ends the worker itself (it would otherwise record the
  // configuration in flight as crashed); it dies with the tuner anyway
  // (runDeviceWorker). Signals the tuner blocks or ignores are reset, so
  // that a crash is a crash.
  Spec.OwnGroup = true;
  Spec.EmptySignalMask = Spec.DefaultSignals = true;
  Process Child;
  const int Spawned = startProcess(Spec, Child);
  close(Ends[1]);
  if (Spawned != 0) {
    close(Ends[0]);
    return Error("cannot start the device worker " + Command[0] + ": " + std::strerror(Spawned));
  }
  // Waited for and killed by pid, as the worker's death shows on the socket.
  Worker = Child.release();
  Socket = Ends[0];

  SetupMessage Message{Selection, Setup,
                       HaveExpected ? ExpectedOutputs : decltype(ExpectedOutputs){}};
  WireWriter Out;
  encode(Out, Message);
  std::vector<unsigned char> Reply;
  FrameRead Read = FrameRead::Closed;
  if (writeFrame(Socket, Out.Bytes))
    Read = readFrameWithin(Socket, Reply, setupTimeout(Setup.TimeoutSeconds));
  if (Read == FrameRead::TimedOut) {
    killWorker();
    return Error("the device worker did not open the device within " +
                 std::to_string(static_cast<int>(setupTimeout(Setup.TimeoutSeconds))) + " s");
  }
  if (Read == FrameRead::Closed)
    return Error("the device worker ended while opening the device: " + reapWorker());
  SetupReplyMessage Answer;
  WireReader In(Reply);
  if (!decode(In, Answer)) {
    killWorker();
    return Error("the device worker sent a malformed reply");
  }
  if (!Answer.Error.empty()) {
    killWorker();
    return Error(Answer.ErrorLocation, Answer.Error);
  }
  Limits = Answer.Limits;
  Description = Answer.Description;
  Toolchain = Answer.Toolchain;
  return success();
}

std::string DeviceBackend::reapWorker() {
  close(Socket);
  Socket = -1;
  int Status = 0;
  pid_t Reaped;
  // The connection closed, so the worker is dying or dead; a worker that
  // closed its end but lives on is killed.
  for (int Try = 0; (Reaped = waitpid(Worker, &Status, WNOHANG)) == 0 && Try < 200; ++Try)
    usleep(10000);
  if (Reaped == 0) {
    kill(Worker, SIGKILL);
    waitpid(Worker, &Status, 0);
  }
  Worker = -1;
  return describeStatus(Status);
}

void DeviceBackend::killWorker() {
  if (Worker < 0)
    return;
  kill(Worker, SIGKILL);
  int Status = 0;
  while (waitpid(Worker, &Status, 0) < 0 && errno == EINTR) {
  }
  close(Socket);
  Socket = -1;
  Worker = -1;
}

void DeviceBackend::interrupt() {
  std::lock_guard<std::mutex> Lock(InterruptMutex);
  if (CheckStop)
    CheckStop->raise();
  if (InFlight < 0)
    return;
  Interrupted = true;
  kill(InFlight, SIGKILL);
}

void DeviceBackend::crashWorkerForTesting() {
  if (Worker < 0)
    return;
  WireWriter Out;
  Out.u8(static_cast<std::uint8_t>(DeviceRequest::CrashForTesting));
  writeFrame(Socket, Out.Bytes);
}

Measurement DeviceBackend::measureReference(const ParameterValues &Values,
                                            const LaunchSizes &Sizes) {
  return measureIn(true, Values, Sizes);
}

Measurement DeviceBackend::measure(const ParameterValues &Values, const LaunchSizes &Sizes) {
  return measureIn(false, Values, Sizes);
}

Measurement DeviceBackend::measureIn(bool Reference, const ParameterValues &Values,
                                     const LaunchSizes &Sizes) {
  // Before the worker: a configuration that asks for more work-group
  // memory than the device has is invalid with that reason.
  if (std::optional<Measurement> Refused = launchMemoryProblem(Setup.Arguments, Sizes, Limits))
    return std::move(*Refused);
  if (Worker < 0) {
    ++Restarts;
    if (Expected<void> Started = startWorker(); !Started)
      return Measurement::invalid(FailureKind::RunFailed, "the device worker failed to start",
                                  Started.error().message());
  }
  MeasureMessage Message{Reference, kernelDefinitions(Values), Sizes};
  WireWriter Out;
  encode(Out, Message);
  {
    std::lock_guard<std::mutex> Lock(InterruptMutex);
    InFlight = Worker;
    Interrupted = false;
  }
  std::vector<unsigned char> Reply;
  FrameRead Read = FrameRead::Closed;
  if (writeFrame(Socket, Out.Bytes))
    Read = readFrameWithin(Socket, Reply, Setup.TimeoutSeconds);
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
                                    std::to_string(Setup.TimeoutSeconds) + " s");
  }
  if (Read == FrameRead::Closed)
    return Measurement::invalid(FailureKind::Crashed, "crashed", reapWorker());
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
  // One directory per configuration, numbered like a script backend's.
  std::error_code Failure;
  std::filesystem::create_directories(Setup.WorkDirectory, Failure);
  std::string Directory;
  for (;;) {
    Directory = Setup.WorkDirectory + "/" + std::to_string(NextCheckDirectory++);
    if (::mkdir(Directory.c_str(), 0755) == 0)
      break;
    if (errno != EEXIST) {
      Answer.Result =
          Measurement::invalid(FailureKind::WrongResult, "cannot check the results",
                               "cannot make " + Directory + ": " + std::strerror(errno));
      return;
    }
  }
  std::vector<std::pair<std::string, std::string>> Variables;
  for (const NamedValue &V : Setup.Inputs)
    Variables.emplace_back(V.Name, toString(V.Val));
  for (const NamedValue &V : Values)
    Variables.emplace_back(V.Name, toString(V.Val));
  Variables.emplace_back("ATF_FILE_DIR", Setup.FileDirectory);
  Variables.emplace_back("ATF_WORK_DIR", Directory);
  // interrupt() stops the script as it stops a worker.
  StopSignal Stop;
  {
    std::lock_guard<std::mutex> Lock(InterruptMutex);
    CheckStop = &Stop;
  }
  const std::string Wrong =
      runCheckScript(*Setup.Check, Setup.Arguments, Checked, Answer.Outputs, Directory,
                     environmentWith(Variables), Setup.TimeoutSeconds, &Stop);
  {
    std::lock_guard<std::mutex> Lock(InterruptMutex);
    CheckStop = nullptr;
  }
  if (Stop.raised()) {
    Answer.Result =
        Measurement::invalid(FailureKind::RunFailed, "interrupted", "the check script was stopped");
    return;
  }
  if (Wrong.empty()) {
    // A right result's files are of no further use.
    std::filesystem::remove_all(Directory, Failure);
    return;
  }
  Measurement Invalid = Measurement::invalid(FailureKind::WrongResult, Wrong,
                                             "the check script's files are in " + Directory);
  Invalid.CompileSeconds = Answer.Result.CompileSeconds;
  Invalid.RunSeconds = Answer.Result.RunSeconds;
  Answer.Result = std::move(Invalid);
}

} // namespace atfc
