//===- DeviceBackends/WorkerProcess.h - Starting a device worker -*- C++ -*-===//
//
// A device worker process seen from the tuner: started through
// System/Process.h with a socket to it, sent its Setup, killed and reaped.
// The measuring worker of a DeviceBackend and the workers that build ahead
// (BuildAhead.h) start alike.
//
// Tested through OpenCLBackendTest.cpp and BuildAheadTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DEVICEBACKENDS_WORKERPROCESS_H
#define ATFC_DEVICEBACKENDS_WORKERPROCESS_H

#include "Support/Error.h"
#include "System/Process.h"

#include <string>
#include <sys/types.h>
#include <vector>

namespace atfc {

// DeviceProtocol.h, which includes DeviceBackend.h, which holds a
// WorkerProcess.
struct SetupMessage;
struct SetupReplyMessage;

/// A started worker and the tuner's end of its socket.
struct WorkerProcess {
  Process Child;
  int Socket = -1;
  bool running() const { return static_cast<bool>(Child); }
  /// Its process id; -1 while none runs.
  pid_t pid() const { return Child.pid(); }
};

/// How long starting a worker and opening its device may take, for a
/// configuration timeout of ConfigurationTimeout seconds (0: none): device
/// set-up (an OpenCL implementation compiling its built-ins, a CUDA
/// context) can take seconds even when kernels are fast.
double workerSetupTimeout(double ConfigurationTimeout);

/// Starts Command (which calls runDeviceWorker) in its own process group,
/// whatever it prints (the OpenCL implementation's compiler, the device
/// code's printf) going to OutputFd, or nowhere when OutputFd is -1.
Expected<WorkerProcess> spawnWorker(const std::vector<std::string> &Command, int OutputFd);

/// Starts a worker and sends it Setup without waiting for the reply, which
/// is the first frame it sends (readSetupReply).
Expected<WorkerProcess> startWorkerWithSetup(const std::vector<std::string> &Command,
                                             const SetupMessage &Setup, int OutputFd);

/// Reads the Setup reply of Worker within Seconds (0: no limit); an Error
/// that says why the device did not open. Worker is ended on an error.
Expected<SetupReplyMessage> readSetupReply(WorkerProcess &Worker, double Seconds);

/// How a worker that closed its end ended.
struct WorkerEnd {
  /// Why: "the device worker died of signal 11 (Segmentation fault)".
  std::string Reason;
  /// The signal that killed it, or 0 (a batch system's cancel signals the
  /// worker too, often before the tuner: Interruption::stopsThisProcess).
  int Signal = 0;
};

/// Reaps a worker that closed its end (killing it if it lives on after
/// two seconds).
WorkerEnd reapWorker(WorkerProcess &Worker);

/// Kills the worker with SIGKILL and reaps it; nothing when none runs.
void killWorker(WorkerProcess &Worker);

} // namespace atfc

#endif
