//===- DeviceBackends/CudaCompiler.cpp - Compiling a CUDA kernel with NVRTC -----===//
//
// NVRTC's program, options, name lowering and log. NVRTC is opened at run
// time (CudaLibraries.h) and only the entry points below are looked up, so
// no CUDA header or library is needed to build this file; their types and
// the success value are fixed by NVRTC's stable C ABI.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/CudaCompiler.h"
#include "DeviceBackends/CudaLibraries.h"

#include <cstddef>
#include <mutex>

namespace atfc {

namespace {

using nvrtcResult = int;
using nvrtcProgram = struct NvrtcProgramState *;
constexpr nvrtcResult NvrtcSuccess = 0;

/// The NVRTC entry points the backend uses.
struct Nvrtc {
  nvrtcResult (*Version)(int *, int *);
  const char *(*GetErrorString)(nvrtcResult);
  nvrtcResult (*CreateProgram)(nvrtcProgram *, const char *, const char *, int, const char *const *,
                               const char *const *);
  nvrtcResult (*DestroyProgram)(nvrtcProgram *);
  nvrtcResult (*CompileProgram)(nvrtcProgram, int, const char *const *);
  nvrtcResult (*GetProgramLogSize)(nvrtcProgram, std::size_t *);
  nvrtcResult (*GetProgramLog)(nvrtcProgram, char *);
  nvrtcResult (*AddNameExpression)(nvrtcProgram, const char *);
  nvrtcResult (*GetLoweredName)(nvrtcProgram, const char *, const char **);
  nvrtcResult (*GetPTXSize)(nvrtcProgram, std::size_t *);
  nvrtcResult (*GetPTX)(nvrtcProgram, char *);
  nvrtcResult (*GetCUBINSize)(nvrtcProgram, std::size_t *);
  nvrtcResult (*GetCUBIN)(nvrtcProgram, char *);

  std::string Path;
  std::string IncludeDirectory;
  int Major = 0, Minor = 0;
  /// Why NVRTC cannot be used; empty when it can.
  std::string Error;

  void open() {
    const CudaLibrary &Library = cudaLibrary(CudaLibraryKind::Nvrtc);
    if (!Library.ok()) {
      Error = Library.Error;
      return;
    }
    Path = Library.Path;
    CudaSymbolTable Symbols(Library);
    Symbols.find(Version, "nvrtcVersion");
    Symbols.find(GetErrorString, "nvrtcGetErrorString");
    Symbols.find(CreateProgram, "nvrtcCreateProgram");
    Symbols.find(DestroyProgram, "nvrtcDestroyProgram");
    Symbols.find(CompileProgram, "nvrtcCompileProgram");
    Symbols.find(GetProgramLogSize, "nvrtcGetProgramLogSize");
    Symbols.find(GetProgramLog, "nvrtcGetProgramLog");
    Symbols.find(AddNameExpression, "nvrtcAddNameExpression");
    Symbols.find(GetLoweredName, "nvrtcGetLoweredName");
    Symbols.find(GetPTXSize, "nvrtcGetPTXSize");
    Symbols.find(GetPTX, "nvrtcGetPTX");
    Symbols.find(GetCUBINSize, "nvrtcGetCUBINSize");
    Symbols.find(GetCUBIN, "nvrtcGetCUBIN");
    if (Expected<void> Complete = Symbols.complete("NVRTC 11.2 or newer is needed"); !Complete) {
      Error = Complete.error().message();
      return;
    }
    Version(&Major, &Minor);
    IncludeDirectory = cudaIncludeDirectoryOf(Path);
  }
};

const Nvrtc &nvrtc() {
  static std::once_flag Once;
  static Nvrtc Library;
  std::call_once(Once, [] { Library.open(); });
  return Library;
}

std::string programLog(const Nvrtc &N, nvrtcProgram Program) {
  std::size_t Size = 0;
  N.GetProgramLogSize(Program, &Size);
  std::string Log(Size, '\0');
  if (Size)
    N.GetProgramLog(Program, Log.data());
  while (!Log.empty() && (Log.back() == '\0' || Log.back() == '\n'))
    Log.pop_back();
  return Log;
}

} // namespace

NvrtcStatus nvrtcStatus() {
  const Nvrtc &N = nvrtc();
  NvrtcStatus Status;
  Status.Error = N.Error;
  Status.Path = N.Path;
  Status.Version = std::to_string(N.Major) + "." + std::to_string(N.Minor);
  Status.IncludeDirectory = N.IncludeDirectory;
  return Status;
}

CudaCompilation compileCudaKernel(const std::string &Source, const std::string &FileName,
                                  const std::string &KernelName,
                                  const std::vector<std::string> &Definitions,
                                  int ComputeCapability) {
  CudaCompilation Result;
  const Nvrtc &N = nvrtc();
  if (!N.Error.empty()) {
    Result.Error = N.Error;
    return Result;
  }
  nvrtcProgram Program = nullptr;
  nvrtcResult Err =
      N.CreateProgram(&Program, Source.c_str(), FileName.c_str(), 0, nullptr, nullptr);
  if (Err != NvrtcSuccess) {
    Result.Error = "build failed";
    Result.Log = N.GetErrorString(Err);
    return Result;
  }
  // The name expression finds the kernel whether or not it is extern "C".
  bool Lowering = N.AddNameExpression(Program, KernelName.c_str()) == NvrtcSuccess;

  std::vector<std::string> Options;
  for (const std::string &Definition : Definitions)
    Options.push_back("-D" + Definition);
  if (!N.IncludeDirectory.empty())
    Options.push_back("-I" + N.IncludeDirectory);
  if (ComputeCapability > 0)
    Options.push_back("--gpu-architecture=sm_" + std::to_string(ComputeCapability));
  std::vector<const char *> Argv;
  for (const std::string &Option : Options)
    Argv.push_back(Option.c_str());
  Err = N.CompileProgram(Program, static_cast<int>(Argv.size()), Argv.data());
  Result.Log = programLog(N, Program);
  if (Err != NvrtcSuccess) {
    Result.Error = "build failed";
    if (Result.Log.empty())
      Result.Log = N.GetErrorString(Err);
    N.DestroyProgram(&Program);
    return Result;
  }

  const char *Lowered = nullptr;
  if (Lowering && N.GetLoweredName(Program, KernelName.c_str(), &Lowered) == NvrtcSuccess &&
      Lowered)
    Result.LoweredName = Lowered;
  else
    Result.LoweredName = KernelName;

  std::size_t Size = 0;
  if (ComputeCapability > 0) {
    Result.IsCubin = true;
    N.GetCUBINSize(Program, &Size);
    Result.Image.resize(Size);
    N.GetCUBIN(Program, Result.Image.data());
  } else {
    N.GetPTXSize(Program, &Size);
    Result.Image.resize(Size);
    N.GetPTX(Program, Result.Image.data());
  }
  N.DestroyProgram(&Program);
  return Result;
}

} // namespace atfc
