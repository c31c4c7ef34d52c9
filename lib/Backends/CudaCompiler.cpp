//===- Backends/CudaCompiler.cpp - Compiling a CUDA kernel with NVRTC -----===//
//
// NVRTC's program, options, name lowering and log. Without the CUDA
// toolkit every compile fails with a clear message.
//
//===----------------------------------------------------------------------===//
#include "Backends/CudaCompiler.h"

#ifdef ATF_HAVE_CUDA
#include <nvrtc.h>
#endif

namespace atfc {

#ifndef ATF_HAVE_CUDA

bool haveNvrtc() { return false; }

CudaCompilation compileCudaKernel(const std::string &, const std::string &, const std::string &,
                                  const std::vector<std::string> &, int) {
  CudaCompilation Result;
  Result.Error = "this tuner was built without the CUDA toolkit (NVRTC)";
  return Result;
}

#else

bool haveNvrtc() { return true; }

namespace {

std::string programLog(nvrtcProgram Program) {
  std::size_t Size = 0;
  nvrtcGetProgramLogSize(Program, &Size);
  std::string Log(Size, '\0');
  if (Size)
    nvrtcGetProgramLog(Program, Log.data());
  while (!Log.empty() && (Log.back() == '\0' || Log.back() == '\n'))
    Log.pop_back();
  return Log;
}

} // namespace

CudaCompilation compileCudaKernel(const std::string &Source, const std::string &FileName,
                                  const std::string &KernelName,
                                  const std::vector<std::string> &Definitions,
                                  int ComputeCapability) {
  CudaCompilation Result;
  nvrtcProgram Program = nullptr;
  nvrtcResult Err =
      nvrtcCreateProgram(&Program, Source.c_str(), FileName.c_str(), 0, nullptr, nullptr);
  if (Err != NVRTC_SUCCESS) {
    Result.Error = "build failed";
    Result.Log = nvrtcGetErrorString(Err);
    return Result;
  }
  // The name expression finds the kernel whether or not it is extern "C".
  bool Lowering = nvrtcAddNameExpression(Program, KernelName.c_str()) == NVRTC_SUCCESS;

  std::vector<std::string> Options;
  for (const std::string &Definition : Definitions)
    Options.push_back("-D" + Definition);
  Options.push_back("-I" ATF_CUDA_INCLUDE_DIR);
  if (ComputeCapability > 0)
    Options.push_back("--gpu-architecture=sm_" + std::to_string(ComputeCapability));
  std::vector<const char *> Argv;
  for (const std::string &Option : Options)
    Argv.push_back(Option.c_str());
  Err = nvrtcCompileProgram(Program, static_cast<int>(Argv.size()), Argv.data());
  Result.Log = programLog(Program);
  if (Err != NVRTC_SUCCESS) {
    Result.Error = "build failed";
    if (Result.Log.empty())
      Result.Log = nvrtcGetErrorString(Err);
    nvrtcDestroyProgram(&Program);
    return Result;
  }

  const char *Lowered = nullptr;
  if (Lowering && nvrtcGetLoweredName(Program, KernelName.c_str(), &Lowered) == NVRTC_SUCCESS &&
      Lowered)
    Result.LoweredName = Lowered;
  else
    Result.LoweredName = KernelName;

  std::size_t Size = 0;
  if (ComputeCapability > 0) {
    Result.IsCubin = true;
    nvrtcGetCUBINSize(Program, &Size);
    Result.Image.resize(Size);
    nvrtcGetCUBIN(Program, Result.Image.data());
  } else {
    nvrtcGetPTXSize(Program, &Size);
    Result.Image.resize(Size);
    nvrtcGetPTX(Program, Result.Image.data());
  }
  nvrtcDestroyProgram(&Program);
  return Result;
}

#endif

} // namespace atfc
