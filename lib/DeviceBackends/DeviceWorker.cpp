//===- DeviceBackends/DeviceWorker.cpp - The process that runs device code ------===//
//
// The worker's request loop and the measuring of one configuration: build,
// warm-ups, timed repetitions (each launch sees the arguments' initial
// contents), median and spread, and the result check.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/DeviceWorker.h"

#include "DeviceBackends/DeviceProtocol.h"
#include "DeviceBackends/KernelDevice.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <optional>
#include <sys/prctl.h>

namespace atfc {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point Start) {
  return std::chrono::duration<double>(Clock::now() - Start).count();
}

/// What the worker knows between requests.
struct WorkerState {
  SetupMessage Setup;
  /// Each argument's initial contents.
  std::vector<std::vector<unsigned char>> Contents;
  /// The checked buffers' argument indices.
  std::vector<unsigned> Checked;
  /// The checked buffers as last read back: kept, so that reading them
  /// again allocates and clears nothing (an SGEMM's is 64 MiB).
  std::vector<std::vector<unsigned char>> Outputs;
  std::unique_ptr<KernelDevice> Device;
};

Measurement failed(const DeviceStatus &Status) {
  return Measurement::invalid(Status.Failure, Status.Reason, Status.Log);
}

std::string formatSeconds(double Seconds) {
  char Text[32];
  std::snprintf(Text, sizeof Text, "%.6g", Seconds);
  return Text;
}

/// The joules per launch of the built kernel, over a window of launches
/// back to back from the initial contents (as Kernel Tuner's continuous
/// NVML observer does): no buffer is written between them, so that the
/// window holds the kernel alone. Status says why a launch failed.
Expected<EnergyWindow> measureLaunchEnergy(WorkerState &State, const LaunchSizes &Sizes,
                                           unsigned Launches, DeviceStatus &Status) {
  KernelDevice &Device = *State.Device;
  const EnergyCounter *Counter = Device.energyCounter();
  if (!Counter)
    return Error("this device has no energy counter (energy is measured for CUDA kernels)");
  Status = Device.writeBuffers(State.Contents);
  if (!Status.ok())
    return Error(Status.Reason);
  auto Launch = [&] {
    double Seconds = 0;
    Status = Device.launch(Sizes, Seconds);
    return Status.ok();
  };
  return measureEnergy(*Counter, Launch, Launches, kEnergyWindowSeconds, kEnergyWindowLimitSeconds);
}

/// Measures one configuration; Fatal is set when the device broke.
MeasureReplyMessage measure(WorkerState &State, const MeasureMessage &Request) {
  MeasureReplyMessage Reply;
  const DeviceKernelSetup &Setup = State.Setup.Setup;
  KernelDevice &Device = *State.Device;
  auto Fail = [&](const DeviceStatus &Status) {
    Reply.Result = failed(Status);
    Reply.WorkerEnds = Status.Fatal;
    return Reply;
  };

  Clock::time_point Start = Clock::now();
  DeviceStatus Status = Device.build(Request.Definitions);
  double CompileSeconds = secondsSince(Start);
  if (!Status.ok()) {
    Fail(Status);
    Reply.Result.CompileSeconds = CompileSeconds;
    return Reply;
  }

  Start = Clock::now();
  unsigned Repetitions = std::max(1u, Setup.Repetitions);
  std::vector<double> Times;
  // Every launch starts from the initial contents; the buffers a launch
  // left unchanged need no writing (restoreBuffers), which the log counts.
  unsigned Written = 0, Unchanged = 0;
  // (In 64 bits: the sum of two unsigned counts wrapped, and no time was
  // kept.)
  for (std::uint64_t Run = 0; Run < std::uint64_t{Setup.Warmups} + Repetitions; ++Run) {
    double Seconds = 0;
    Status = Device.restoreBuffers(State.Contents, Written, Unchanged);
    if (Status.ok())
      Status = Device.launch(Request.Sizes, Seconds);
    if (!Status.ok()) {
      Fail(Status);
      Reply.Result.CompileSeconds = CompileSeconds;
      Reply.Result.RunSeconds = secondsSince(Start);
      return Reply;
    }
    if (Run >= Setup.Warmups)
      Times.push_back(Seconds);
  }
  double RunSeconds = secondsSince(Start);

  if (Setup.Check) {
    std::vector<std::vector<unsigned char>> &Outputs = State.Outputs;
    Outputs.resize(State.Checked.size());
    for (std::size_t B = 0; B < State.Checked.size(); ++B) {
      Status = Device.readBuffer(State.Checked[B], Outputs[B]);
      if (!Status.ok())
        return Fail(Status);
    }
    if (Request.Reference || Setup.Check->Kind == CheckAgainst::Script) {
      // A script checks them in the tuner, which starts no process here.
      Reply.Outputs = std::move(Outputs);
    } else if (State.Setup.Expected.size() != Outputs.size()) {
      Reply.Result =
          Measurement::invalid(FailureKind::WrongResult, "no expected results",
                               "the reference configuration was not measured, or it failed");
      return Reply;
    } else {
      std::string Mismatch =
          compareOutputs(Setup.Arguments, State.Checked, Outputs, State.Setup.Expected,
                         Setup.Check->Tolerance, Setup.Check->Relative);
      if (!Mismatch.empty()) {
        Reply.Result = Measurement::invalid(FailureKind::WrongResult, Mismatch);
        Reply.Result.CompileSeconds = CompileSeconds;
        Reply.Result.RunSeconds = RunSeconds;
        return Reply;
      }
    }
  }

  // The log keeps every run's time, in the order they ran.
  const double Time = summarize(Times, Setup.Statistic);
  std::string Log = "kernel times (s) of " + std::to_string(Times.size()) + " runs:";
  for (std::size_t R = 0; R < Times.size(); ++R)
    Log += (R ? ", " : " ") + formatSeconds(Times[R]);
  Log += std::string(" (") + statisticName(Setup.Statistic) + " " + formatSeconds(Time) + ")";
  if (Unchanged != 0)
    Log += "; buffers written before the launches " + std::to_string(Written) +
           ", found unchanged on the device " + std::to_string(Unchanged);
  std::optional<EnergyWindow> Energy;
  if (std::find(Setup.Costs.begin(), Setup.Costs.end(), KernelCost::Energy) != Setup.Costs.end()) {
    Expected<EnergyWindow> Measured =
        measureLaunchEnergy(State, Request.Sizes, Repetitions, Status);
    if (!Status.ok() || !Measured) {
      if (Status.ok())
        Status = DeviceStatus::failed(FailureKind::RunFailed, "energy not measured",
                                      Measured.error().message());
      Fail(Status);
      Reply.Result.CompileSeconds = CompileSeconds;
      Reply.Result.RunSeconds = secondsSince(Start);
      return Reply;
    }
    Energy = *Measured;
    Log += "; energy (J) per launch: " + formatSeconds(Energy->JoulesPerLaunch) + ", " +
           std::to_string(Energy->Millijoules) + " mJ over " + std::to_string(Energy->Launches) +
           " launches in " + formatSeconds(Energy->Seconds) + " s";
  }
  std::vector<double> Costs;
  for (KernelCost C : Setup.Costs)
    Costs.push_back(C == KernelCost::Energy ? Energy->JoulesPerLaunch : Time);
  Reply.Result = Measurement::valid(std::move(Costs));
  Reply.Result.Log = std::move(Log);
  Reply.Result.CompileSeconds = CompileSeconds;
  Reply.Result.RunSeconds = RunSeconds;
  // The tuner keeps a copy too, for a worker started afresh.
  if (Request.Reference)
    State.Setup.Expected = Reply.Outputs;
  return Reply;
}

/// Builds a configuration ahead, for a worker that measures it later: the
/// build, then one launch, as implementations that compile for the local
/// size at the first launch (pocl) do so then. What they compile goes into
/// their cache, which the measuring worker shares. A CUDA builder only
/// compiles: NVRTC's image is whole, and the GPU is the measuring
/// worker's. Valid without a cost when built; a failed build is the
/// configuration's (it would fail alike when measured); a failed launch is
/// left to the measurement to report.
MeasureReplyMessage buildAhead(WorkerState &State, const MeasureMessage &Request) {
  MeasureReplyMessage Reply;
  KernelDevice &Device = *State.Device;
  const Clock::time_point Start = Clock::now();
  DeviceStatus Status = Device.build(Request.Definitions);
  const double CompileSeconds = secondsSince(Start);
  if (!Status.ok()) {
    Reply.Result = failed(Status);
    Reply.Result.CompileSeconds = CompileSeconds;
    Reply.WorkerEnds = Status.Fatal;
    return Reply;
  }
  Reply.Result = Measurement::valid({});
  Reply.Result.CompileSeconds = CompileSeconds;
  if (State.Setup.BuildOnlyComputeCapability > 0)
    return Reply;
  double Seconds = 0;
  Status = Device.writeBuffers(State.Contents);
  if (Status.ok())
    Status = Device.launch(Request.Sizes, Seconds);
  Reply.WorkerEnds = Status.Fatal;
  return Reply;
}

/// Opens the device of a Setup request.
SetupReplyMessage setUp(WorkerState &State) {
  SetupReplyMessage Reply;
  const DeviceKernelSetup &Setup = State.Setup.Setup;
  State.Contents.clear();
  if (State.Setup.BuildOnlyComputeCapability > 0) {
    // A builder launches nothing: no contents, no driver.
    Expected<std::unique_ptr<KernelDevice>> Builder =
        openCudaBuilder(Setup, State.Setup.BuildOnlyComputeCapability);
    if (!Builder) {
      Reply.Error = Builder.error().message();
      return Reply;
    }
    State.Device = Builder.take();
    Reply.Description = State.Device->description();
    Reply.SharedBuildCache = true;
    Reply.ComputeCapability = State.Setup.BuildOnlyComputeCapability;
    return Reply;
  }
  for (unsigned I = 0; I < Setup.Arguments.size(); ++I) {
    Expected<std::vector<unsigned char>> Contents = loadContents(Setup.Arguments[I], I, Setup.Seed);
    if (!Contents) {
      Reply.Error = Contents.error().message();
      return Reply;
    }
    State.Contents.push_back(Contents.take());
  }
  if (Setup.Check) {
    Expected<std::vector<unsigned>> Checked = checkedBuffers(*Setup.Check, Setup.Arguments);
    if (!Checked) {
      Reply.Error = Checked.error().message();
      return Reply;
    }
    State.Checked = Checked.take();
  }
  const auto *CL = std::get_if<OpenCLDeviceSelection>(&State.Setup.Device);
  Expected<std::unique_ptr<KernelDevice>> Opened =
      CL ? openOpenCLDevice(*CL, Setup, State.Contents)
         : openCudaDevice(std::get<CudaDeviceSelection>(State.Setup.Device), Setup, State.Contents);
  if (!Opened) {
    Reply.Error = Opened.error().message();
    Reply.ErrorLocation = Opened.error().location();
    return Reply;
  }
  State.Device = Opened.take();
  Reply.Limits = State.Device->limits();
  Reply.Description = State.Device->description();
  Reply.Toolchain = State.Device->toolchain();
  Reply.HostDevice = State.Device->hostDevice();
  Reply.SharedBuildCache = State.Device->sharedBuildCache();
  Reply.ComputeCapability = State.Device->computeCapability();
  return Reply;
}

} // namespace

int runDeviceWorker(int ReadFd, int WriteFd) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  WorkerState State;
  std::vector<unsigned char> Request;
  while (readFrame(ReadFd, Request)) {
    if (Request.empty())
      return 2;
    auto Kind = static_cast<DeviceRequest>(Request[0]);
    std::vector<unsigned char> Body(Request.begin() + 1, Request.end());
    WireReader In(Body);
    WireWriter Out;
    switch (Kind) {
    case DeviceRequest::Setup: {
      State = WorkerState();
      if (!decode(In, State.Setup))
        return 2;
      encode(Out, setUp(State));
      if (!writeFrame(WriteFd, Out.Bytes))
        return 0;
      break;
    }
    case DeviceRequest::Measure:
    case DeviceRequest::Prepare: {
      MeasureMessage Message;
      if (!decode(In, Message))
        return 2;
      Message.Ahead = Kind == DeviceRequest::Prepare;
      MeasureReplyMessage Reply;
      if (!State.Device)
        Reply.Result =
            Measurement::invalid(FailureKind::RunFailed, "no device", "the worker was not set up");
      else
        Reply = Message.Ahead ? buildAhead(State, Message) : measure(State, Message);
      encode(Out, Reply);
      if (!writeFrame(WriteFd, Out.Bytes))
        return 0;
      if (Reply.WorkerEnds)
        return 1;
      break;
    }
    case DeviceRequest::CrashForTesting:
      // The default action, not a sanitizer's handler: die as a kernel's
      // bad write would.
      std::signal(SIGSEGV, SIG_DFL);
      std::raise(SIGSEGV);
      return 1;
    default:
      return 2;
    }
  }
  return 0;
}

} // namespace atfc
