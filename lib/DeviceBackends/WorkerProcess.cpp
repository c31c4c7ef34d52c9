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
#include <sys/wait.h>
#include <unistd.h>

namespace atfc {
namespace {

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
  // Waited for and killed by pid, as the worker's death shows on the socket.
  return WorkerProcess{Child.release(), Ends[0]};
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
    return Error("the device worker ended while opening the device: " + reapWorker(Worker));
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

std::string reapWorker(WorkerProcess &Worker) {
  close(Worker.Socket);
  Worker.Socket = -1;
  int Status = 0;
  pid_t Reaped;
  // The connection closed, so the worker is dying or dead; a worker that
  // closed its end but lives on is killed.
  for (int Try = 0; (Reaped = waitpid(Worker.Pid, &Status, WNOHANG)) == 0 && Try < 200; ++Try)
    usleep(10000);
  if (Reaped == 0) {
    kill(Worker.Pid, SIGKILL);
    waitpid(Worker.Pid, &Status, 0);
  }
  Worker.Pid = -1;
  return describeStatus(Status);
}

void killWorker(WorkerProcess &Worker) {
  if (Worker.Pid < 0)
    return;
  kill(Worker.Pid, SIGKILL);
  int Status = 0;
  while (waitpid(Worker.Pid, &Status, 0) < 0 && errno == EINTR) {
  }
  close(Worker.Socket);
  Worker.Socket = -1;
  Worker.Pid = -1;
}

} // namespace atfc
