//===- DeviceBackends/CudaDevice.cpp - A CUDA device, inside the worker ---------===//
//
// The CUDA side of the device worker. The driver (libcuda.so.1) is opened
// with dlopen (CudaLibraries.h), never linked, so that every binary starts on machines without
// an NVIDIA driver; only the handful of entry points needed are looked up.
// One primary context per worker; one module per configuration, compiled by
// NVRTC for the device's architecture, or found compiled in the kernel
// cache that the backend's workers share (KernelImageCache.h), where a
// builder, which only runs NVRTC, put it; launches timed with CUDA events.
// An error while a kernel runs (an illegal address) breaks the context for
// good, so it ends the worker and the configuration counts as crashed.
// Where the costs include energy, NVML's counter of the same GPU (found by
// its PCI bus id, as NVML numbers GPUs differently) is opened with it.
//
// Tested through CudaBackendTest.cpp (where a CUDA GPU is present).
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/CudaCompiler.h"
#include "DeviceBackends/CudaLibraries.h"
#include "DeviceBackends/KernelDevice.h"
#include "DeviceBackends/KernelImageCache.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>

namespace atfc {

namespace {

/// Seconds of an event time, which the driver gives as a float of
/// milliseconds: the decimal the float stands for (its shortest text, e.g.
/// 0.0123), divided by 1000, not the float's binary value (0.012299999594...).
double secondsOfMilliseconds(float Milliseconds) {
  char Text[32];
  double Decimal = Milliseconds;
  if (const auto [End, Failed] = std::to_chars(Text, Text + sizeof Text, Milliseconds);
      Failed == std::errc())
    std::from_chars(Text, End, Decimal);
  return Decimal / 1e3;
}

// The driver API's types and values, as the driver's ABI fixes them; the
// toolkit's cuda.h is not needed to build this file.
using CUresult = int;
using CUdevice = int;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUevent = struct CUevent_st *;
using CUstream = struct CUstream_st *;
using CUdeviceptr = std::uint64_t;
constexpr CUresult CudaSuccess = 0;
constexpr int AttrMaxThreadsPerBlock = 1;
constexpr int AttrMaxBlockDimX = 2;
constexpr int AttrMaxGridDimX = 5;
constexpr int AttrMaxSharedMemoryPerBlock = 8;
constexpr int AttrMaxSharedMemoryPerBlockOptin = 97;
constexpr int FuncAttrMaxDynamicSharedSizeBytes = 8;
/// The dynamic shared memory a launch may have without raising the
/// function's CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES.
constexpr std::int64_t DefaultDynamicSharedLimit = 48 * 1024;
constexpr int AttrComputeCapabilityMajor = 75;
constexpr int AttrComputeCapabilityMinor = 76;

/// Setup's kernel with Definitions for ComputeCapability: from Cache where it
/// holds it, else compiled by NVRTC and stored there. A failed build is
/// stored too, so that the measuring worker reports it without compiling.
CudaCompilation compileThroughCache(KernelImageCache *Cache, const DeviceKernelSetup &Setup,
                                    const std::vector<std::string> &Definitions,
                                    int ComputeCapability) {
  if (!Cache)
    return compileCudaKernel(Setup.Source, Setup.FileName, Setup.KernelName, Definitions,
                             ComputeCapability);
  const KernelImageKey Key = nvrtcImageKey(Setup, Definitions, ComputeCapability);
  if (std::optional<CudaCompilation> Found = Cache->find(Key))
    return std::move(*Found);
  CudaCompilation Compiled = compileCudaKernel(Setup.Source, Setup.FileName, Setup.KernelName,
                                               Definitions, ComputeCapability);
  // A store that fails (a full disk) costs only the measuring worker's
  // compiling it again.
  (void)Cache->store(Key, Compiled);
  return Compiled;
}

/// Opens Setup's kernel cache, when it names one.
Expected<std::optional<KernelImageCache>> openKernelCache(const DeviceKernelSetup &Setup) {
  if (Setup.KernelCacheDirectory.empty())
    return std::optional<KernelImageCache>();
  Expected<KernelImageCache> Cache = KernelImageCache::open(Setup.KernelCacheDirectory);
  if (!Cache)
    return Cache.takeError();
  return std::optional<KernelImageCache>(Cache.take());
}

/// The kernel that compares two buffers of Words 32-bit words on the GPU
/// and sets Differs[Index] where they differ (OpenCLInitialCopies.cpp has
/// its OpenCL twin): thread T takes words T, T + N, ... of N threads, so
/// that neighbours read neighbouring words; no branch in the loop.
constexpr const char *kBufferCompareCuda = R"(
extern "C" __global__ void atfc_buffers_differ(const unsigned *A, const unsigned *B,
                                               unsigned long long Words, unsigned *Differs,
                                               unsigned Index) {
  const unsigned long long N = (unsigned long long)gridDim.x * blockDim.x;
  unsigned Difference = 0;
  for (unsigned long long I = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; I < Words;
       I += N)
    Difference |= A[I] ^ B[I];
  if (Difference != 0)
    Differs[Index] = 1;
}
)";

/// A builder for compile-ahead: NVRTC and the cache, no driver.
class CudaBuilder final : public KernelDevice {
public:
  CudaBuilder(const DeviceKernelSetup &Setup, int ComputeCapability, KernelImageCache Cache)
      : Setup(Setup), ComputeCapability(ComputeCapability), Cache(std::move(Cache)) {}

  DeviceLimits limits() const override { return {}; }
  std::string description() const override {
    return "CUDA builder for sm_" + std::to_string(ComputeCapability);
  }
  bool sharedBuildCache() const override { return true; }
  DeviceStatus build(const std::vector<std::string> &Definitions) override {
    CudaCompilation Compiled = compileThroughCache(&Cache, Setup, Definitions, ComputeCapability);
    if (!Compiled.ok())
      return DeviceStatus::failed(FailureKind::BuildFailed, Compiled.Error, Compiled.Log);
    return {};
  }
  DeviceStatus writeBuffers(const std::vector<std::vector<unsigned char>> &) override {
    return launchesNothing();
  }
  DeviceStatus restoreBuffers(const std::vector<std::vector<unsigned char>> &, unsigned &,
                              unsigned &) override {
    return launchesNothing();
  }
  DeviceStatus launch(const LaunchSizes &, double &) override { return launchesNothing(); }
  DeviceStatus readBuffer(unsigned, std::vector<unsigned char> &) override {
    return launchesNothing();
  }

private:
  static DeviceStatus launchesNothing() {
    return DeviceStatus::failed(FailureKind::RunFailed, "a CUDA builder has no GPU",
                                "it only compiles kernels ahead");
  }

  const DeviceKernelSetup &Setup;
  int ComputeCapability;
  KernelImageCache Cache;
};

/// The driver entry points the backend uses.
struct CudaDriver {
  CUresult (*Init)(unsigned);
  CUresult (*DeviceGetCount)(int *);
  CUresult (*DeviceGet)(CUdevice *, int);
  CUresult (*DeviceGetName)(char *, int, CUdevice);
  CUresult (*DeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*PrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*CtxSetCurrent)(CUcontext);
  CUresult (*ModuleLoadData)(CUmodule *, const void *);
  CUresult (*ModuleUnload)(CUmodule);
  CUresult (*ModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*MemAlloc)(CUdeviceptr *, std::size_t);
  CUresult (*MemFree)(CUdeviceptr);
  CUresult (*MemcpyHtoD)(CUdeviceptr, const void *, std::size_t);
  CUresult (*MemcpyDtoH)(void *, CUdeviceptr, std::size_t);
  CUresult (*FuncSetAttribute)(CUfunction, int, int);
  CUresult (*LaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                           unsigned, CUstream, void **, void **);
  CUresult (*EventCreate)(CUevent *, unsigned);
  CUresult (*EventRecord)(CUevent, CUstream);
  CUresult (*EventSynchronize)(CUevent);
  CUresult (*EventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*CtxSynchronize)();
  CUresult (*GetErrorName)(CUresult, const char **);
  CUresult (*DeviceGetPCIBusId)(char *, int, CUdevice);
  /// Null where the driver lacks it: only the toolchain line shows it.
  CUresult (*DriverGetVersion)(int *) = nullptr;

  /// Opens the driver, or says why it cannot.
  Expected<void> open() {
    const CudaLibrary &Driver = cudaLibrary(CudaLibraryKind::Driver);
    if (!Driver.ok())
      return Error(Driver.Error);
    CudaSymbolTable Symbols(Driver);
    Symbols.find(Init, "cuInit");
    Symbols.find(DeviceGetCount, "cuDeviceGetCount");
    Symbols.find(DeviceGet, "cuDeviceGet");
    Symbols.find(DeviceGetName, "cuDeviceGetName");
    Symbols.find(DeviceGetAttribute, "cuDeviceGetAttribute");
    Symbols.find(PrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
    Symbols.find(CtxSetCurrent, "cuCtxSetCurrent");
    Symbols.find(ModuleLoadData, "cuModuleLoadData");
    Symbols.find(ModuleUnload, "cuModuleUnload");
    Symbols.find(ModuleGetFunction, "cuModuleGetFunction");
    Symbols.find(MemAlloc, "cuMemAlloc_v2");
    Symbols.find(MemFree, "cuMemFree_v2");
    Symbols.find(MemcpyHtoD, "cuMemcpyHtoD_v2");
    Symbols.find(MemcpyDtoH, "cuMemcpyDtoH_v2");
    Symbols.find(FuncSetAttribute, "cuFuncSetAttribute");
    Symbols.find(LaunchKernel, "cuLaunchKernel");
    Symbols.find(EventCreate, "cuEventCreate");
    Symbols.find(EventRecord, "cuEventRecord");
    Symbols.find(EventSynchronize, "cuEventSynchronize");
    Symbols.find(EventElapsedTime, "cuEventElapsedTime_v2", "cuEventElapsedTime");
    Symbols.find(CtxSynchronize, "cuCtxSynchronize");
    Symbols.find(GetErrorName, "cuGetErrorName");
    Symbols.find(DeviceGetPCIBusId, "cuDeviceGetPCIBusId");
    Symbols.findOptional(DriverGetVersion, "cuDriverGetVersion");
    if (Expected<void> Complete = Symbols.complete(); !Complete)
      return Complete.takeError();
    return success();
  }

  std::string error(CUresult Code) const {
    const char *Name = nullptr;
    if (GetErrorName && GetErrorName(Code, &Name) == CudaSuccess && Name)
      return Name;
    return "CUDA error " + std::to_string(Code);
  }
};

class CudaDevice final : public KernelDevice {
public:
  explicit CudaDevice(const DeviceKernelSetup &Setup) : Setup(Setup) {}

  ~CudaDevice() override {
    // The process ends soon after; the primary context keeps the rest.
    if (Module)
      Driver.ModuleUnload(Module);
    for (const std::vector<CUdeviceptr> *Memory : {&Buffers, &InitialCopies})
      for (CUdeviceptr Buffer : *Memory)
        if (Buffer)
          Driver.MemFree(Buffer);
    if (Differs)
      Driver.MemFree(Differs);
    if (CompareModule)
      Driver.ModuleUnload(CompareModule);
  }

  Expected<void> open(const CudaDeviceSelection &Selection,
                      const std::vector<std::vector<unsigned char>> &Contents) {
    if (Expected<void> Opened = Driver.open(); !Opened)
      return Opened;
    CUresult Err = Driver.Init(0);
    if (Err != CudaSuccess)
      return Error("the CUDA driver does not start: " + Driver.error(Err));
    int Count = 0;
    Driver.DeviceGetCount(&Count);
    if (Selection.Ordinal >= static_cast<unsigned>(Count)) {
      // Which there are: what the selection could have named.
      std::string Found = Count > 0 ? "; found:" : "";
      for (int D = 0; D < Count; ++D) {
        CUdevice Other = 0;
        char Name[256] = {};
        Driver.DeviceGet(&Other, D);
        Driver.DeviceGetName(Name, sizeof Name - 1, Other);
        Found += std::string(D == 0 ? "" : ",") + " device " + std::to_string(D) + " \"" + Name +
                 "\" (vendor \"NVIDIA\", type GPU)";
      }
      return Error(Selection.Directive, "no CUDA device " + std::to_string(Selection.Ordinal) +
                                            ": there are " + std::to_string(Count) + Found);
    }
    Driver.DeviceGet(&Device, static_cast<int>(Selection.Ordinal));
    if ((Err = Driver.PrimaryCtxRetain(&Context, Device)) != CudaSuccess ||
        (Err = Driver.CtxSetCurrent(Context)) != CudaSuccess)
      return Error("cannot create a CUDA context: " + Driver.error(Err));

    Initial = &Contents;
    Buffers.assign(Setup.Arguments.size(), 0);
    for (std::size_t I = 0; I < Setup.Arguments.size(); ++I) {
      if (!Setup.Arguments[I].isBuffer())
        continue;
      std::size_t Size = std::max<std::size_t>(1, Setup.Arguments[I].byteSize());
      if ((Err = Driver.MemAlloc(&Buffers[I], Size)) != CudaSuccess)
        return Error("cannot allocate input " + std::to_string(I + 1) + " (" +
                     describe(Setup.Arguments[I]) + "): " + Driver.error(Err));
    }
    if ((Err = Driver.EventCreate(&Start, 0)) != CudaSuccess ||
        (Err = Driver.EventCreate(&Stop, 0)) != CudaSuccess)
      return Error("cannot create CUDA events: " + Driver.error(Err));
    Expected<std::optional<KernelImageCache>> Opened = openKernelCache(Setup);
    if (!Opened)
      return Opened.takeError();
    Cache = Opened.take();

    auto Attribute = [&](int What) {
      int Value = 0;
      Driver.DeviceGetAttribute(&Value, What, Device);
      return static_cast<std::uint64_t>(Value);
    };
    for (int D = 0; D < 3; ++D) {
      Limits.MaxWorkItemSizes[D] = Attribute(AttrMaxBlockDimX + D);
      Limits.MaxGridSize[D] = Attribute(AttrMaxGridDimX + D);
    }
    Limits.MaxWorkGroupSize = Attribute(AttrMaxThreadsPerBlock);
    // The most a block may have: atfc raises a kernel's dynamic shared
    // memory past the 48 KiB default where a configuration asks for it.
    Limits.LocalMemorySize = std::max(Attribute(AttrMaxSharedMemoryPerBlock),
                                      Attribute(AttrMaxSharedMemoryPerBlockOptin));
    ComputeCapability = static_cast<int>(Attribute(AttrComputeCapabilityMajor) * 10 +
                                         Attribute(AttrComputeCapabilityMinor));
    char Name[256] = {};
    Driver.DeviceGetName(Name, sizeof Name - 1, Device);
    Description = std::string("CUDA: ") + Name + " (sm_" + std::to_string(ComputeCapability) + ")";
    const NvrtcStatus Nvrtc = nvrtcStatus();
    int Version = 0; // 1000 * major + 10 * minor
    if (Driver.DriverGetVersion)
      Driver.DriverGetVersion(&Version);
    Toolchain = "CUDA driver " + std::to_string(Version / 1000) + "." +
                std::to_string(Version % 1000 / 10) +
                (Nvrtc.ok() ? ", NVRTC " + Nvrtc.Version : std::string());
    keepInitialCopies(Contents);
    if (std::find(Setup.Costs.begin(), Setup.Costs.end(), KernelCost::Energy) != Setup.Costs.end())
      return openEnergyCounter();
    return success();
  }

  const EnergyCounter *energyCounter() const override { return Energy ? &*Energy : nullptr; }

  std::string toolchain() const override { return Toolchain; }
  bool sharedBuildCache() const override { return Cache.has_value(); }
  int computeCapability() const override { return ComputeCapability; }

  DeviceLimits limits() const override { return Limits; }
  std::string description() const override { return Description; }

  DeviceStatus build(const std::vector<std::string> &Definitions) override {
    if (Module) {
      Driver.ModuleUnload(Module);
      Module = nullptr;
    }
    CudaCompilation Compiled =
        compileThroughCache(Cache ? &*Cache : nullptr, Setup, Definitions, ComputeCapability);
    if (!Compiled.ok())
      return DeviceStatus::failed(FailureKind::BuildFailed, Compiled.Error, Compiled.Log);
    CUresult Err = Driver.ModuleLoadData(&Module, Compiled.Image.data());
    if (Err != CudaSuccess) {
      Module = nullptr;
      return DeviceStatus::failed(FailureKind::BuildFailed, "build failed",
                                  "cuModuleLoadData: " + Driver.error(Err));
    }
    Err = Driver.ModuleGetFunction(&Function, Module, Compiled.LoweredName.c_str());
    if (Err != CudaSuccess)
      return DeviceStatus::failed(FailureKind::BuildFailed, "build failed",
                                  "no kernel \"" + Setup.KernelName + "\" in " + Setup.FileName +
                                      ": " + Driver.error(Err));
    // cuLaunchKernel takes a pointer to each argument's value.
    Parameters.clear();
    for (std::size_t I = 0; I < Setup.Arguments.size(); ++I)
      Parameters.push_back(Setup.Arguments[I].isBuffer()
                               ? static_cast<void *>(&Buffers[I])
                               : const_cast<unsigned char *>((*Initial)[I].data()));
    return {};
  }

  DeviceStatus writeBuffers(const std::vector<std::vector<unsigned char>> &Contents) override {
    unsigned Written = 0, Unchanged = 0;
    return writeDiffering(Contents, std::vector<unsigned>(Buffers.size(), 1), Written, Unchanged);
  }

  DeviceStatus restoreBuffers(const std::vector<std::vector<unsigned char>> &Contents,
                              unsigned &Written, unsigned &Unchanged) override {
    std::vector<unsigned> Differ(Buffers.size(), 1);
    if (Compare) {
      std::vector<unsigned> Answers;
      if (CUresult Err = compareWithInitialCopies(Answers); Err != CudaSuccess)
        return broken(Err, "comparing the inputs with their initial contents");
      for (std::size_t I = 0; I < Buffers.size(); ++I)
        Differ[I] = InitialCopies[I] ? Answers[I] : 1;
    }
    return writeDiffering(Contents, Differ, Written, Unchanged);
  }

  DeviceStatus launch(const LaunchSizes &Sizes, double &Seconds) override {
    if (Sizes.Global.empty() || Sizes.Global.size() > 3 ||
        Sizes.Local.size() != Sizes.Global.size())
      return DeviceStatus::failed(FailureKind::RunFailed, "CUDA_ERROR_INVALID_VALUE",
                                  "grid and block need the same number of dimensions, 1 to 3 "
                                  "(grid " +
                                      std::to_string(Sizes.Global.size()) + ", block " +
                                      std::to_string(Sizes.Local.size()) + ")");
    unsigned Grid[3] = {1, 1, 1}, Block[3] = {1, 1, 1};
    for (std::size_t D = 0; D < Sizes.Global.size(); ++D) {
      if (Sizes.Global[D] > 0xffffffffu || Sizes.Local[D] > 0xffffffffu)
        return DeviceStatus::failed(FailureKind::RunFailed, "CUDA_ERROR_INVALID_VALUE",
                                    "a grid or block dimension exceeds 2^32 - 1");
      Grid[D] = static_cast<unsigned>(Sizes.Global[D]);
      Block[D] = static_cast<unsigned>(Sizes.Local[D]);
    }
    // CUDA refuses more than 48 KiB of dynamic shared memory unless the
    // function's limit is raised first (to at most the opt-in maximum).
    const std::int64_t Shared = Sizes.SharedMemoryBytes;
    if (Shared < 0 || Shared > 0x7fffffff)
      return DeviceStatus::failed(FailureKind::RunFailed, "CUDA_ERROR_INVALID_VALUE",
                                  "dynamic shared memory of " + std::to_string(Shared) + " bytes");
    if (Shared > DefaultDynamicSharedLimit) {
      CUresult Raised = Driver.FuncSetAttribute(Function, FuncAttrMaxDynamicSharedSizeBytes,
                                                static_cast<int>(Shared));
      if (Raised != CudaSuccess)
        return DeviceStatus::failed(FailureKind::RunFailed, Driver.error(Raised),
                                    "raising the kernel's dynamic shared memory to " +
                                        std::to_string(Shared) + " bytes");
    }
    CUresult Err = Driver.EventRecord(Start, nullptr);
    if (Err != CudaSuccess)
      return broken(Err, "recording the start event");
    Err = Driver.LaunchKernel(Function, Grid[0], Grid[1], Grid[2], Block[0], Block[1], Block[2],
                              static_cast<unsigned>(Shared), nullptr, Parameters.data(), nullptr);
    if (Err != CudaSuccess) {
      // A launch refused for its configuration leaves the context usable.
      Driver.CtxSynchronize();
      return DeviceStatus::failed(
          FailureKind::RunFailed, Driver.error(Err),
          "grid (" + std::to_string(Grid[0]) + ", " + std::to_string(Grid[1]) + ", " +
              std::to_string(Grid[2]) + "), block (" + std::to_string(Block[0]) + ", " +
              std::to_string(Block[1]) + ", " + std::to_string(Block[2]) + ")" +
              (Shared ? ", " + std::to_string(Shared) + " bytes of dynamic shared memory" : ""));
    }
    if ((Err = Driver.EventRecord(Stop, nullptr)) != CudaSuccess ||
        (Err = Driver.EventSynchronize(Stop)) != CudaSuccess)
      return broken(Err, "the kernel failed while running");
    float Milliseconds = 0;
    if ((Err = Driver.EventElapsedTime(&Milliseconds, Start, Stop)) != CudaSuccess)
      return broken(Err, "reading the kernel's time");
    Seconds = secondsOfMilliseconds(Milliseconds);
    return {};
  }

  DeviceStatus readBuffer(unsigned Index, std::vector<unsigned char> &Into) override {
    Into.resize(Setup.Arguments[Index].byteSize());
    if (Into.empty())
      return {};
    CUresult Err = Driver.MemcpyDtoH(Into.data(), Buffers[Index], Into.size());
    if (Err != CudaSuccess)
      return broken(Err, "reading input " + std::to_string(Index + 1));
    return {};
  }

private:
  /// Writes the buffers whose Differ is not 0, counting them and the others.
  DeviceStatus writeDiffering(const std::vector<std::vector<unsigned char>> &Contents,
                              const std::vector<unsigned> &Differ, unsigned &Written,
                              unsigned &Unchanged) {
    for (std::size_t I = 0; I < Buffers.size(); ++I) {
      if (!Buffers[I] || Contents[I].empty())
        continue;
      if (!Differ[I]) {
        ++Unchanged;
        continue;
      }
      CUresult Err = Driver.MemcpyHtoD(Buffers[I], Contents[I].data(), Contents[I].size());
      if (Err != CudaSuccess)
        return broken(Err, "writing input " + std::to_string(I + 1));
      ++Written;
    }
    return {};
  }

  Expected<void> openEnergyCounter() {
    Expected<NvmlFunctions> Nvml = loadNvml();
    if (!Nvml)
      return Error("the objective \"energy\" needs NVML: " + Nvml.error().message());
    char BusId[64] = {};
    if (CUresult Err = Driver.DeviceGetPCIBusId(BusId, sizeof BusId - 1, Device);
        Err != CudaSuccess)
      return Error("cannot read the GPU's PCI bus id: " + Driver.error(Err));
    Expected<EnergyCounter> Counter = EnergyCounter::open(*Nvml, BusId);
    if (!Counter)
      return Error("the objective \"energy\" cannot be measured: " + Counter.error().message());
    Energy.emplace(Counter.take());
    return success();
  }

  /// Keeps a copy of each large buffer's initial contents on the GPU, with
  /// the kernel that compares a buffer with it (KernelDevice.h), so that
  /// restoreBuffers writes only what a launch changed. The comparison is
  /// tried on this GPU first (a buffer as written, then with one word
  /// changed); where anything fails, no copies are kept and every buffer
  /// is written, as before.
  void keepInitialCopies(const std::vector<std::vector<unsigned char>> &Contents) {
    InitialCopies.assign(Buffers.size(), 0);
    std::size_t Tried = Buffers.size();
    for (std::size_t I = 0; I < Buffers.size(); ++I) {
      const std::vector<unsigned char> &Bytes = Contents[I];
      if (!Buffers[I] || Bytes.size() < kCompareBeforeWriteBytes || Bytes.size() % 4 != 0)
        continue;
      if (Driver.MemAlloc(&InitialCopies[I], Bytes.size()) != CudaSuccess) {
        InitialCopies[I] = 0;
        continue;
      }
      if (Driver.MemcpyHtoD(InitialCopies[I], Bytes.data(), Bytes.size()) != CudaSuccess)
        return dropInitialCopies();
      Tried = I;
    }
    if (Tried == Buffers.size())
      return;
    CudaCompilation Compiled = compileCudaKernel(kBufferCompareCuda, "atfc-buffers-differ.cu",
                                                 "atfc_buffers_differ", {}, ComputeCapability);
    if (!Compiled.ok() ||
        Driver.ModuleLoadData(&CompareModule, Compiled.Image.data()) != CudaSuccess ||
        Driver.ModuleGetFunction(&Compare, CompareModule, Compiled.LoweredName.c_str()) !=
            CudaSuccess ||
        Driver.MemAlloc(&Differs, sizeof(unsigned) * Buffers.size()) != CudaSuccess)
      return dropInitialCopies();
    // The trial: equal where the buffer holds its initial contents, and
    // different once one word (the last) is not.
    const std::vector<unsigned char> &Bytes = Contents[Tried];
    const std::size_t Last = Bytes.size() - sizeof(unsigned);
    unsigned Word;
    std::memcpy(&Word, Bytes.data() + Last, sizeof Word);
    Word = ~Word;
    std::vector<unsigned> Same, Changed;
    if (Driver.MemcpyHtoD(Buffers[Tried], Bytes.data(), Bytes.size()) != CudaSuccess ||
        compareWithInitialCopies(Same) != CudaSuccess || Same[Tried] != 0 ||
        Driver.MemcpyHtoD(Buffers[Tried] + Last, &Word, sizeof Word) != CudaSuccess ||
        compareWithInitialCopies(Changed) != CudaSuccess || Changed[Tried] != 1)
      return dropInitialCopies();
  }

  void dropInitialCopies() {
    for (CUdeviceptr &Copy : InitialCopies)
      if (Copy) {
        Driver.MemFree(Copy);
        Copy = 0;
      }
    Compare = nullptr;
  }

  /// Answers: whether each buffer with an initial copy differs from it (1)
  /// or not (0), the others 0. A failure is the driver's (a kernel's
  /// error before it is sticky).
  CUresult compareWithInitialCopies(std::vector<unsigned> &Answers) {
    Answers.assign(Buffers.size(), 0);
    CUresult Err = Driver.MemcpyHtoD(Differs, Answers.data(), sizeof(unsigned) * Answers.size());
    for (std::size_t I = 0; Err == CudaSuccess && I < Buffers.size(); ++I) {
      if (!InitialCopies[I])
        continue;
      unsigned long long Words = (*Initial)[I].size() / sizeof(unsigned);
      unsigned Index = static_cast<unsigned>(I);
      void *Arguments[] = {&Buffers[I], &InitialCopies[I], &Words, &Differs, &Index};
      Err = Driver.LaunchKernel(Compare, 1024, 1, 1, 256, 1, 1, 0, nullptr, Arguments, nullptr);
    }
    if (Err == CudaSuccess) // after the kernels, on the same (null) stream
      Err = Driver.MemcpyDtoH(Answers.data(), Differs, sizeof(unsigned) * Answers.size());
    return Err;
  }

  /// An error after a kernel ran: CUDA errors there are sticky, the context
  /// is lost, and the worker must be started afresh.
  DeviceStatus broken(CUresult Err, const std::string &While) {
    DeviceStatus Status =
        DeviceStatus::failed(FailureKind::Crashed, "crashed", While + ": " + Driver.error(Err));
    Status.Fatal = true;
    return Status;
  }

  const DeviceKernelSetup &Setup;
  const std::vector<std::vector<unsigned char>> *Initial = nullptr;
  CudaDriver Driver;
  CUdevice Device = 0;
  CUcontext Context = nullptr;
  CUmodule Module = nullptr;
  CUfunction Function = nullptr;
  CUevent Start = nullptr, Stop = nullptr;
  std::vector<CUdeviceptr> Buffers;
  /// Copies of the large buffers' initial contents, and what compares a
  /// buffer with its copy (keepInitialCopies); 0 or null where none.
  std::vector<CUdeviceptr> InitialCopies;
  CUmodule CompareModule = nullptr;
  CUfunction Compare = nullptr;
  /// One word per argument: whether its buffer differs from its copy.
  CUdeviceptr Differs = 0;
  std::vector<void *> Parameters;
  int ComputeCapability = 0;
  DeviceLimits Limits;
  std::string Description;
  std::string Toolchain;
  std::optional<EnergyCounter> Energy;
  /// The kernels the backend's workers share; none without a directory.
  std::optional<KernelImageCache> Cache;
};

} // namespace

std::vector<std::string> cudaDeviceLines() {
  CudaDriver Driver;
  if (Expected<void> Opened = Driver.open(); !Opened)
    return {"CUDA: " + Opened.error().message()};
  std::vector<std::string> Lines = {"CUDA: driver " + cudaLibrary(CudaLibraryKind::Driver).Path};
  if (CUresult Err = Driver.Init(0); Err != CudaSuccess)
    return {Lines[0], "CUDA: the driver does not start: " + Driver.error(Err)};
  int Count = 0;
  Driver.DeviceGetCount(&Count);
  for (int D = 0; D < Count; ++D) {
    CUdevice Device = 0;
    Driver.DeviceGet(&Device, D);
    char Name[256] = {};
    Driver.DeviceGetName(Name, sizeof Name - 1, Device);
    int Major = 0, Minor = 0;
    Driver.DeviceGetAttribute(&Major, AttrComputeCapabilityMajor, Device);
    Driver.DeviceGetAttribute(&Minor, AttrComputeCapabilityMinor, Device);
    Lines.push_back("CUDA: device " + std::to_string(D) + ": " + Name + " (sm_" +
                    std::to_string(Major * 10 + Minor) + ")");
  }
  if (Count == 0)
    Lines.push_back("CUDA: the driver sees no device");
  const CudaLibrary &Nvml = cudaLibrary(CudaLibraryKind::Nvml);
  Lines.push_back(Nvml.ok() ? "CUDA: NVML " + Nvml.Path + ": measures energy"
                            : "CUDA: " + Nvml.Error + " (no objective \"energy\")");
  return Lines;
}

Expected<std::unique_ptr<KernelDevice>>
openCudaDevice(const CudaDeviceSelection &Selection, const DeviceKernelSetup &Setup,
               const std::vector<std::vector<unsigned char>> &Contents) {
  // NVRTC first: a GPU node often has the driver but not the toolkit.
  if (NvrtcStatus Nvrtc = nvrtcStatus(); !Nvrtc.ok())
    return Error(Nvrtc.Error);
  auto Opened = std::make_unique<CudaDevice>(Setup);
  if (Expected<void> Open = Opened->open(Selection, Contents); !Open)
    return Open.takeError();
  return std::unique_ptr<KernelDevice>(std::move(Opened));
}

Expected<std::unique_ptr<KernelDevice>> openCudaBuilder(const DeviceKernelSetup &Setup,
                                                        int ComputeCapability) {
  if (NvrtcStatus Nvrtc = nvrtcStatus(); !Nvrtc.ok())
    return Error(Nvrtc.Error);
  if (Setup.KernelCacheDirectory.empty())
    return Error("a CUDA builder needs a kernel cache directory");
  Expected<KernelImageCache> Cache = KernelImageCache::open(Setup.KernelCacheDirectory);
  if (!Cache)
    return Cache.takeError();
  return std::unique_ptr<KernelDevice>(
      std::make_unique<CudaBuilder>(Setup, ComputeCapability, Cache.take()));
}

} // namespace atfc
