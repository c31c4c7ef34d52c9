//===- DeviceBackends/WorkerProcess.cpp - Starting a device worker --------===//
#include "DeviceBackends/WorkerProcess.h"

#include "DeviceBackends/DeviceProtocol.h"
#include "DeviceBackends/DeviceWorker.h"
#include "System/Process.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>

namespace atfc {
namespace {

std::string describeStatus(int Status) {
  if (const int Signal = terminatingSignal(Status))
    return "the device worker died of " + describeSignal(Signal);
  return "the device worker exited with status " + std::to_string(exitCodeOf(Status));
}

} // namespace

double workerSetupTimeout(double ConfigurationTimeout) {
  if (ConfigurationTimeout <= 0)
    return 0;
  return std::max(2 * ConfigurationTimeout, 60.0);
}

Expected<WorkerProcess> spawnWorker(const std::vector<std::string> &Command, int OutputFd) {
  if (Command.empty())
    return Error("no command to start the device worker");
  int Ends[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, Ends) != 0)
    return Error(std::string("cannot create the worker's socket: ") + std::strerror(errno));
  ProcessSpec Spec;
  Spec.Argv = Command;
  Spec.ExtraFds = {{Ends[1], DeviceWorkerReadFd}, {Ends[1], DeviceWorkerWriteFd}};
  Spec.OutputFd = Spec.ErrorFd = OutputFd;
  Spec.NullOutput = OutputFd < 0;
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
  return WorkerProcess{std::move(Child), Ends[0]};
}

Expected<WorkerProcess> startWorkerWithSetup(const std::vector<std::string> &Command,
                                             const SetupMessage &Setup, int OutputFd) {
  Expected<WorkerProcess> Worker = spawnWorker(Command, OutputFd);
  if (!Worker)
    return Worker;
  WireWriter Out;
  encode(Out, Setup);
  // A worker that died at once shows when its reply is read.
  writeFrame(Worker->Socket, Out.Bytes);
  return Worker;
}

Expected<SetupReplyMessage> readSetupReply(WorkerProcess &Worker, double Seconds) {
  std::vector<unsigned char> Reply;
  const FrameRead Read = readFrameWithin(Worker.Socket, Reply, Seconds);
  if (Read == FrameRead::TimedOut) {
    killWorker(Worker);
    return Error("the device worker did not open the device within " +
                 std::to_string(static_cast<int>(Seconds)) + " s");
  }
  if (Read == FrameRead::Closed)
    return Error("the device worker ended while opening the device: " + reapWorker(Worker).Reason);
  SetupReplyMessage Answer;
  WireReader In(Reply);
  if (!decode(In, Answer)) {
    killWorker(Worker);
    return Error("the device worker sent a malformed reply");
  }
  if (!Answer.Error.empty()) {
    killWorker(Worker);
    return Error(Answer.ErrorLocation, Answer.Error);
  }
  return Answer;
}

WorkerEnd reapWorker(WorkerProcess &Worker) {
  close(Worker.Socket);
  Worker.Socket = -1;
  if (!Worker.Child)
    return {describeStatus(0)};
  // The connection closed, so the worker is dying or dead; a worker that
  // closed its end but lives on is killed.
  if (!Worker.Child.waitForExit(deadlineAfter(2.0)))
    Worker.Child.signal(SIGKILL);
  const int Status = Worker.Child.reap();
  return {describeStatus(Status), terminatingSignal(Status)};
}

void killWorker(WorkerProcess &Worker) {
  if (!Worker.Child)
    return;
  Worker.Child.signal(SIGKILL);
  Worker.Child.reap();
  close(Worker.Socket);
  Worker.Socket = -1;
}

} // namespace atfc
