//===- DeviceBackendBench.cpp - Tuner overhead of the device backends -----===//
//
// Measures what the OpenCL backend costs per configuration beyond the
// kernel's build and launches: the round trip to the worker process,
// encoding, and argument writes. Also the price of a worker restart after a
// crash. Runs on the first OpenCL device (pocl here). The program is its own
// worker: started with --atf-device-worker it serves the backend, exactly
// as a generated tuner does.
//
// Usage: device-backend-bench [configurations [elements]]
//   (default 200 configurations of 65,536 elements a buffer; a GPU
//   kernel's 16,777,216, a 64 MiB result checked, shows the check's cost)
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/DeviceBackend.h"
#include "DeviceBackends/DeviceWorker.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace atfc;

namespace {

const char *Source = R"(
__kernel void saxpy(const int N, const float a, __global const float *x, __global float *y) {
  for (int w = 0; w < WPT; ++w) {
    const int i = get_global_id(0) * WPT + w;
    if (i < N)
      y[i] = a * x[i] + y[i];
  }
}
)";

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

double secondsSince(std::chrono::steady_clock::time_point Start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc == 2 && std::strcmp(Argv[1], DeviceWorkerFlag) == 0)
    return runDeviceWorker(DeviceWorkerReadFd, DeviceWorkerWriteFd);
  const int Configurations = Argc > 1 ? std::atoi(Argv[1]) : 200;
  const std::uint64_t N = Argc > 2 ? std::strtoull(Argv[2], nullptr, 10) : 1 << 16;

  DeviceKernelSetup Setup;
  Setup.Source = Source;
  Setup.KernelName = "saxpy";
  Setup.FileName = "saxpy.cl";
  Setup.Arguments = {KernelArgument::scalar<std::int32_t>(static_cast<std::int32_t>(N)),
                     KernelArgument::randomScalar<float>(), KernelArgument::buffer<float>(N),
                     KernelArgument::buffer<float>(N)};
  Setup.Warmups = 0;
  Setup.Repetitions = 1;
  CheckSetup Check;
  Check.Kind = CheckAgainst::ReferenceConfiguration;
  Setup.Check = Check;

  auto Start = std::chrono::steady_clock::now();
  Expected<std::unique_ptr<DeviceBackend>> Opened =
      DeviceBackend::open(OpenCLDeviceSelection{}, Setup, {"/proc/self/exe", DeviceWorkerFlag});
  if (!Opened) {
    std::fprintf(stderr, "device-backend-bench: %s\n", Opened.error().message().c_str());
    return 1;
  }
  double OpenSeconds = secondsSince(Start);
  DeviceBackend &Backend = **Opened;
  std::printf("device: %s\n", Backend.deviceDescription().c_str());
  std::printf("buffers: 2 x %llu floats, 1 launch per configuration, reference check\n",
              static_cast<unsigned long long>(N));
  Backend.measureReference({{"WPT", Value(std::int64_t(1))}}, {{N}, {64}});

  std::vector<double> Wall, Compile, Run, Overhead;
  for (int I = 0; I < Configurations; ++I) {
    std::int64_t WPT = std::int64_t(1) << (I % 4);
    auto T = std::chrono::steady_clock::now();
    Measurement M =
        Backend.measure({{"WPT", Value(WPT)}}, {{N / std::uint64_t(WPT)}, {std::uint64_t(64)}});
    double Seconds = secondsSince(T);
    if (!M.Valid) {
      std::fprintf(stderr, "device-backend-bench: %s: %s\n", M.Reason.c_str(), M.Log.c_str());
      return 1;
    }
    Wall.push_back(Seconds);
    Compile.push_back(M.CompileSeconds);
    Run.push_back(M.RunSeconds);
    Overhead.push_back(Seconds - M.CompileSeconds - M.RunSeconds);
  }

  std::vector<double> Restart;
  for (int I = 0; I < 5; ++I) {
    Backend.crashWorkerForTesting();
    Backend.measure({{"WPT", Value(std::int64_t(1))}}, {{N}, {64}}); // "crashed"
    auto T = std::chrono::steady_clock::now();
    Backend.measure({{"WPT", Value(std::int64_t(1))}}, {{N}, {64}});
    Restart.push_back(secondsSince(T));
  }

  std::printf("\n%-44s %12s\n", "per configuration (median)", "ms");
  std::printf("%-44s %12.3f\n", "measure() wall time", 1e3 * median(Wall));
  std::printf("%-44s %12.3f\n", "  kernel build (in the worker)", 1e3 * median(Compile));
  std::printf("%-44s %12.3f\n", "  writes + launch + wait (in the worker)", 1e3 * median(Run));
  std::printf("%-44s %12.3f\n", "  overhead: the rest (protocol, check)", 1e3 * median(Overhead));
  std::printf("%-44s %12.3f\n", "open(): start worker + open device", 1e3 * OpenSeconds);
  std::printf("%-44s %12.3f\n", "configuration after a crash (restart)", 1e3 * median(Restart));
  std::printf("(%d configurations, %u restarts)\n", Configurations, Backend.workerRestarts());
  return 0;
}
