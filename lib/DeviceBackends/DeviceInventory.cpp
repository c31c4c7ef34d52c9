//===- DeviceBackends/DeviceInventory.cpp - What this machine can measure on ----===//
#include "DeviceBackends/DeviceInventory.h"

#include "DeviceBackends/CudaCompiler.h"
#include "DeviceBackends/KernelDevice.h"

namespace atfc {

namespace {

/// NVRTC's line: where it is and whether it compiles, or why it is absent.
std::string nvrtcLine() {
  NvrtcStatus Status = nvrtcStatus();
  if (!Status.ok())
    return "CUDA: " + Status.Error;
  std::string Line = "CUDA: NVRTC " + Status.Version + " (" + Status.Path + ")";
  CudaCompilation Probe =
      compileCudaKernel("extern \"C\" __global__ void probe(float *x) { x[threadIdx.x] *= SCALE; }",
                        "probe.cu", "probe", {"SCALE=2.0f"}, 0);
  if (!Probe.ok())
    return Line + ": cannot compile a kernel: " + Probe.Error + ": " + Probe.Log;
  return Line + ": compiles kernels";
}

} // namespace

std::vector<std::string> deviceInventory() {
  std::vector<std::string> Lines = openCLDeviceLines();
  Lines.push_back(nvrtcLine());
  for (std::string &Line : cudaDeviceLines())
    Lines.push_back(std::move(Line));
  return Lines;
}

} // namespace atfc
