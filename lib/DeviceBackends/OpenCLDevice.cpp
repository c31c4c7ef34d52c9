//===- DeviceBackends/OpenCLDevice.cpp - An OpenCL device, inside the worker ----===//
//
// The OpenCL side of the device worker through the ICD loader: choosing the
// device, one context and profiling queue for the worker's life, one program
// per configuration built with `-D NAME=VALUE`, launches timed by profiling
// events, buffers written again where a launch changed them
// (OpenCLInitialCopies.h), and OpenCL error codes as their names for the
// user.
//
// Tested through OpenCLBackendTest.cpp.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/KernelDevice.h"
#include "DeviceBackends/KernelSignatureCheck.h"
#include "DeviceBackends/LaunchSizeCheck.h"
#include "DeviceBackends/OpenCLInitialCopies.h"
#include "Support/CStringLiteral.h"

#include <CL/cl.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace atfc {

namespace {

const char *errorName(cl_int Code) {
  switch (Code) {
#define ATF_CL_ERROR(Name)                                                                         \
  case Name:                                                                                       \
    return #Name;
    ATF_CL_ERROR(CL_DEVICE_NOT_FOUND)
    ATF_CL_ERROR(CL_DEVICE_NOT_AVAILABLE)
    ATF_CL_ERROR(CL_COMPILER_NOT_AVAILABLE)
    ATF_CL_ERROR(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    ATF_CL_ERROR(CL_OUT_OF_RESOURCES)
    ATF_CL_ERROR(CL_OUT_OF_HOST_MEMORY)
    ATF_CL_ERROR(CL_PROFILING_INFO_NOT_AVAILABLE)
    ATF_CL_ERROR(CL_BUILD_PROGRAM_FAILURE)
    ATF_CL_ERROR(CL_MISALIGNED_SUB_BUFFER_OFFSET)
    ATF_CL_ERROR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    ATF_CL_ERROR(CL_INVALID_VALUE)
    ATF_CL_ERROR(CL_INVALID_DEVICE_TYPE)
    ATF_CL_ERROR(CL_INVALID_PLATFORM)
    ATF_CL_ERROR(CL_INVALID_DEVICE)
    ATF_CL_ERROR(CL_INVALID_CONTEXT)
    ATF_CL_ERROR(CL_INVALID_QUEUE_PROPERTIES)
    ATF_CL_ERROR(CL_INVALID_COMMAND_QUEUE)
    ATF_CL_ERROR(CL_INVALID_MEM_OBJECT)
    ATF_CL_ERROR(CL_INVALID_BUILD_OPTIONS)
    ATF_CL_ERROR(CL_INVALID_PROGRAM)
    ATF_CL_ERROR(CL_INVALID_PROGRAM_EXECUTABLE)
    ATF_CL_ERROR(CL_INVALID_KERNEL_NAME)
    ATF_CL_ERROR(CL_INVALID_KERNEL_DEFINITION)
    ATF_CL_ERROR(CL_INVALID_KERNEL)
    ATF_CL_ERROR(CL_INVALID_ARG_INDEX)
    ATF_CL_ERROR(CL_INVALID_ARG_VALUE)
    ATF_CL_ERROR(CL_INVALID_ARG_SIZE)
    ATF_CL_ERROR(CL_INVALID_KERNEL_ARGS)
    ATF_CL_ERROR(CL_INVALID_WORK_DIMENSION)
    ATF_CL_ERROR(CL_INVALID_WORK_GROUP_SIZE)
    ATF_CL_ERROR(CL_INVALID_WORK_ITEM_SIZE)
    ATF_CL_ERROR(CL_INVALID_GLOBAL_OFFSET)
    ATF_CL_ERROR(CL_INVALID_EVENT_WAIT_LIST)
    ATF_CL_ERROR(CL_INVALID_EVENT)
    ATF_CL_ERROR(CL_INVALID_OPERATION)
    ATF_CL_ERROR(CL_INVALID_BUFFER_SIZE)
    ATF_CL_ERROR(CL_INVALID_GLOBAL_WORK_SIZE)
#undef ATF_CL_ERROR
  default:
    return nullptr;
  }
}

std::string clError(cl_int Code) {
  const char *Name = errorName(Code);
  return Name ? Name : "OpenCL error " + std::to_string(Code);
}

std::string lower(std::string Text) {
  for (char &C : Text)
    C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return Text;
}

/// A text property of an OpenCL object by its clGet*Info function ("" when
/// the query fails), cut at its terminating NUL.
template <class Handle, class Name>
std::string infoText(cl_int(CL_API_CALL *GetInfo)(Handle, Name, std::size_t, void *, std::size_t *),
                     Handle Object, Name What) {
  std::size_t Size = 0;
  if (GetInfo(Object, What, 0, nullptr, &Size) != CL_SUCCESS || Size == 0)
    return "";
  std::string Text(Size, '\0');
  GetInfo(Object, What, Size, Text.data(), nullptr);
  Text.resize(Text.find('\0') == std::string::npos ? Size : Text.find('\0'));
  return Text;
}

std::string platformInfo(cl_platform_id Platform, cl_platform_info What) {
  return infoText(clGetPlatformInfo, Platform, What);
}

std::string deviceInfo(cl_device_id Device, cl_device_info What) {
  return infoText(clGetDeviceInfo, Device, What);
}

std::vector<cl_device_id> devicesOf(cl_platform_id Platform, cl_device_type Type) {
  cl_uint Count = 0;
  if (clGetDeviceIDs(Platform, Type, 0, nullptr, &Count) != CL_SUCCESS || Count == 0)
    return {};
  std::vector<cl_device_id> Devices(Count);
  clGetDeviceIDs(Platform, Type, Count, Devices.data(), nullptr);
  return Devices;
}

/// "; found: platform 0 "NAME" (vendor "V"): device 0 "NAME" (vendor "V",
/// CPU), ...", or that there is none: what a selection could have named.
std::string devicesFound(const std::vector<cl_platform_id> &Platforms) {
  std::string Out = "; found:";
  for (std::size_t P = 0; P < Platforms.size(); ++P) {
    Out += std::string(P == 0 ? "" : ";") + " platform " + std::to_string(P) + " \"" +
           platformInfo(Platforms[P], CL_PLATFORM_NAME) + "\" (vendor \"" +
           platformInfo(Platforms[P], CL_PLATFORM_VENDOR) + "\"):";
    const std::vector<cl_device_id> Devices = devicesOf(Platforms[P], CL_DEVICE_TYPE_ALL);
    if (Devices.empty())
      Out += " no device";
    for (std::size_t D = 0; D < Devices.size(); ++D) {
      cl_device_type Type = 0;
      clGetDeviceInfo(Devices[D], CL_DEVICE_TYPE, sizeof Type, &Type, nullptr);
      Out += std::string(D == 0 ? "" : ",") + " device " + std::to_string(D) + " \"" +
             deviceInfo(Devices[D], CL_DEVICE_NAME) + "\" (vendor \"" +
             deviceInfo(Devices[D], CL_DEVICE_VENDOR) + "\", type " +
             ((Type & CL_DEVICE_TYPE_GPU)           ? "GPU"
              : (Type & CL_DEVICE_TYPE_CPU)         ? "CPU"
              : (Type & CL_DEVICE_TYPE_ACCELERATOR) ? "ACCELERATOR"
                                                    : "other") +
             ")";
    }
  }
  return Out;
}

/// The device Selection names, or why there is none (and which there are).
Expected<cl_device_id> chooseDevice(const OpenCLDeviceSelection &Selection) {
  cl_uint Count = 0;
  if (clGetPlatformIDs(0, nullptr, &Count) != CL_SUCCESS || Count == 0) {
    return Error("no OpenCL platform is installed");
  }
  std::vector<cl_platform_id> Platforms(Count);
  clGetPlatformIDs(Count, Platforms.data(), nullptr);

  if (Selection.PlatformId) {
    if (*Selection.PlatformId >= Platforms.size()) {
      return Error(Selection.Directive,
                   "no OpenCL platform " + std::to_string(*Selection.PlatformId) + ": there are " +
                       std::to_string(Platforms.size()) + devicesFound(Platforms));
    }
    std::vector<cl_device_id> Devices =
        devicesOf(Platforms[*Selection.PlatformId], CL_DEVICE_TYPE_ALL);
    if (Selection.DeviceId >= Devices.size()) {
      return Error(Selection.Directive,
                   "no OpenCL device " + std::to_string(Selection.DeviceId) + " on platform " +
                       std::to_string(*Selection.PlatformId) + ": it has " +
                       std::to_string(Devices.size()) + devicesFound(Platforms));
    }
    return Devices[Selection.DeviceId];
  }

  cl_device_type Type = CL_DEVICE_TYPE_ALL;
  std::string TypeName = lower(Selection.Type);
  if (TypeName == "cpu")
    Type = CL_DEVICE_TYPE_CPU;
  else if (TypeName == "gpu")
    Type = CL_DEVICE_TYPE_GPU;
  else if (TypeName == "accelerator")
    Type = CL_DEVICE_TYPE_ACCELERATOR;
  else if (!TypeName.empty() && TypeName != "all")
    return Error("unknown OpenCL device type \"" + Selection.Type +
                 "\"; use CPU, GPU or ACCELERATOR");
  std::string Vendor = lower(Selection.Vendor);
  std::vector<cl_device_id> Matching;
  for (cl_platform_id Platform : Platforms) {
    std::string PlatformVendor = lower(platformInfo(Platform, CL_PLATFORM_VENDOR));
    for (cl_device_id Device : devicesOf(Platform, Type))
      if (PlatformVendor.find(Vendor) != std::string::npos ||
          lower(deviceInfo(Device, CL_DEVICE_VENDOR)).find(Vendor) != std::string::npos)
        Matching.push_back(Device);
  }
  if (Selection.Index >= Matching.size()) {
    return Error(Selection.Directive,
                 "no OpenCL device " + std::to_string(Selection.Index) + " with vendor \"" +
                     Selection.Vendor + "\" and type \"" + Selection.Type +
                     "\": " + std::to_string(Matching.size()) + " match" + devicesFound(Platforms));
  }
  return Matching[Selection.Index];
}

/// Whether the space-separated Extensions name Wanted.
bool hasExtension(const std::string &Extensions, const std::string &Wanted) {
  std::size_t Begin = 0;
  while (Begin < Extensions.size()) {
    const std::size_t End = std::min(Extensions.find(' ', Begin), Extensions.size());
    if (Extensions.compare(Begin, End - Begin, Wanted) == 0)
      return true;
    Begin = End + 1;
  }
  return false;
}

/// The parameters of Kernel as the device describes them (none when it
/// does not say how many); a parameter's type stays empty where the device
/// keeps no argument information.
std::optional<std::vector<DeclaredParameter>> declaredParameters(cl_kernel Kernel) {
  cl_uint Count = 0;
  if (clGetKernelInfo(Kernel, CL_KERNEL_NUM_ARGS, sizeof Count, &Count, nullptr) != CL_SUCCESS)
    return std::nullopt;
  std::vector<DeclaredParameter> Parameters(Count);
  for (cl_uint I = 0; I < Count; ++I) {
    DeclaredParameter &P = Parameters[I];
    cl_kernel_arg_address_qualifier Space = CL_KERNEL_ARG_ADDRESS_PRIVATE;
    if (clGetKernelArgInfo(Kernel, I, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof Space, &Space,
                           nullptr) != CL_SUCCESS)
      continue;
    P.Space = Space == CL_KERNEL_ARG_ADDRESS_GLOBAL     ? KernelAddressSpace::Global
              : Space == CL_KERNEL_ARG_ADDRESS_CONSTANT ? KernelAddressSpace::Constant
              : Space == CL_KERNEL_ARG_ADDRESS_LOCAL    ? KernelAddressSpace::Local
                                                        : KernelAddressSpace::Private;
    auto Text = [&](cl_kernel_arg_info What) {
      std::size_t Size = 0;
      if (clGetKernelArgInfo(Kernel, I, What, 0, nullptr, &Size) != CL_SUCCESS || Size == 0)
        return std::string();
      std::string Value(Size, '\0');
      clGetKernelArgInfo(Kernel, I, What, Size, Value.data(), nullptr);
      return Value.substr(0, Value.find('\0'));
    };
    P.TypeName = Text(CL_KERNEL_ARG_TYPE_NAME);
    P.Name = Text(CL_KERNEL_ARG_NAME);
  }
  return Parameters;
}

/// Keeps the last part of a long build log: the errors are at its end.
std::string logTail(const std::string &Log) {
  constexpr std::size_t Keep = 8000;
  return Log.size() <= Keep ? Log : "..." + Log.substr(Log.size() - Keep);
}

class OpenCLDevice final : public KernelDevice {
public:
  OpenCLDevice(cl_device_id Device, const DeviceKernelSetup &Setup)
      : Device(Device), Setup(Setup) {}

  ~OpenCLDevice() override {
    releaseProgram();
    Copies.reset(); // before the context
    for (cl_mem Buffer : Buffers)
      if (Buffer)
        clReleaseMemObject(Buffer);
    if (Queue)
      clReleaseCommandQueue(Queue);
    if (Context)
      clReleaseContext(Context);
  }

  Expected<void> open(const std::vector<std::vector<unsigned char>> &Contents) {
    cl_int Err = CL_SUCCESS;
    Context = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Err);
    if (Err != CL_SUCCESS)
      return Error("cannot create an OpenCL context: " + clError(Err));
    Queue = clCreateCommandQueue(Context, Device, CL_QUEUE_PROFILING_ENABLE, &Err);
    if (Err != CL_SUCCESS)
      return Error("cannot create an OpenCL command queue: " + clError(Err));
    Initial = &Contents;
    Buffers.assign(Setup.Arguments.size(), nullptr);
    cl_ulong MaxAllocation = 0;
    clGetDeviceInfo(Device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof MaxAllocation, &MaxAllocation,
                    nullptr);
    for (std::size_t I = 0; I < Setup.Arguments.size(); ++I) {
      if (!Setup.Arguments[I].isBuffer())
        continue;
      // Checked before it is made: the device names its own limit.
      const std::uint64_t Bytes = Setup.Arguments[I].byteSize();
      if (MaxAllocation > 0 && Bytes > MaxAllocation)
        return Error("cannot allocate input " + std::to_string(I + 1) + " (" +
                     describe(Setup.Arguments[I]) + "): it needs " + std::to_string(Bytes) +
                     " bytes, more than the device allocates for one buffer (" +
                     std::to_string(MaxAllocation) + " bytes, CL_DEVICE_MAX_MEM_ALLOC_SIZE)");
      // A zero-sized buffer is not allowed; keep one byte for it.
      std::size_t Size = std::max<std::size_t>(1, Bytes);
      Buffers[I] = clCreateBuffer(Context, CL_MEM_READ_WRITE, Size, nullptr, &Err);
      if (Err != CL_SUCCESS)
        return Error("cannot allocate input " + std::to_string(I + 1) + " (" +
                     describe(Setup.Arguments[I]) + "): " + clError(Err));
    }

    cl_ulong LocalMemory = 0;
    std::size_t WorkGroup = 0;
    std::size_t WorkItems[3] = {0, 0, 0};
    clGetDeviceInfo(Device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof LocalMemory, &LocalMemory, nullptr);
    clGetDeviceInfo(Device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof WorkGroup, &WorkGroup, nullptr);
    clGetDeviceInfo(Device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof WorkItems, WorkItems, nullptr);
    Limits.LocalMemorySize = LocalMemory;
    Limits.MaxWorkGroupSize = WorkGroup;
    for (int D = 0; D < 3; ++D)
      Limits.MaxWorkItemSizes[D] = WorkItems[D];

    cl_device_type Type = 0;
    clGetDeviceInfo(Device, CL_DEVICE_TYPE, sizeof Type, &Type, nullptr);
    Host = (Type & CL_DEVICE_TYPE_CPU) != 0;
    clGetDeviceInfo(Device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof ComputeUnits, &ComputeUnits,
                    nullptr);
    Copies = std::make_unique<OpenCLInitialCopies>(Context, Device, Queue, Buffers, Contents, Host,
                                                   ComputeUnits);
    cl_platform_id Platform = nullptr;
    clGetDeviceInfo(Device, CL_DEVICE_PLATFORM, sizeof Platform, &Platform, nullptr);
    Description = platformInfo(Platform, CL_PLATFORM_NAME) + ": " +
                  deviceInfo(Device, CL_DEVICE_NAME) + " (" +
                  deviceInfo(Device, CL_DEVICE_VERSION) + ")";
    // Without the extension no configuration could build: say so once,
    // before tuning, rather than as every configuration's build failure.
    const bool NeedsHalf =
        std::any_of(Setup.Arguments.begin(), Setup.Arguments.end(),
                    [](const KernelArgument &A) { return A.Type == ElementType::Half; });
    if (NeedsHalf && !hasExtension(deviceInfo(Device, CL_DEVICE_EXTENSIONS), "cl_khr_fp16"))
      return Error("the kernel takes half arguments, but the OpenCL device " + Description +
                   " does not support half precision: cl_khr_fp16 is not among its extensions; "
                   "choose a device that has it (#atf::ocl::device_info) or use float");
    Toolchain = platformInfo(Platform, CL_PLATFORM_VERSION) + ", driver " +
                deviceInfo(Device, CL_DRIVER_VERSION);
    return success();
  }

  std::string toolchain() const override { return Toolchain; }
  bool hostDevice() const override { return Host; }
  // OpenCL implementations keep built programs in a cache on disk (pocl:
  // POCL_CACHE_DIR, with the kernels compiled per local size at their
  // first launch; NVIDIA: its compute cache), keyed by source and options.
  bool sharedBuildCache() const override { return true; }

  DeviceLimits limits() const override { return Limits; }
  std::string description() const override { return Description; }

  DeviceStatus build(const std::vector<std::string> &Definitions) override {
    releaseProgram();
    // The parameters are #define lines, not "-D" options: implementations
    // split options at white space and take quotes away (pocl: -D S="a b"
    // arrives as the tokens a b), so no string value would reach the
    // kernel as its literal. The #line directive then names the user's
    // file in build messages without moving any line.
    std::string Source;
    std::string Defined;
    for (const std::string &Definition : Definitions) {
      const std::size_t Equals = Definition.find('=');
      Source +=
          "#define " + Definition.substr(0, Equals) + ' ' + Definition.substr(Equals + 1) + '\n';
      Defined += (Defined.empty() ? "" : " ") + Definition;
    }
    Source += "#line 1 " + cStringLiteral(Setup.FileName) + "\n" + Setup.Source;
    const char *Text = Source.c_str();
    cl_int Err = CL_SUCCESS;
    Program = clCreateProgramWithSource(Context, 1, &Text, nullptr, &Err);
    if (Err != CL_SUCCESS)
      return DeviceStatus::failed(FailureKind::BuildFailed, "build failed", clError(Err));
    // The parameters' types, for kernelSignatureMismatch.
    const std::string Directory = fileDirectory(Setup.FileName);
    const bool Carried = optionCarries(Directory);
    const std::string Options = "-cl-kernel-arg-info" + (Carried ? " -I" + Directory : "");
    Err = clBuildProgram(Program, 1, &Device, Options.c_str(), nullptr, nullptr);
    if (Err != CL_SUCCESS) {
      std::size_t Size = 0;
      clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &Size);
      std::string Log(Size, '\0');
      clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_LOG, Size, Log.data(), nullptr);
      while (!Log.empty() && (Log.back() == '\0' || Log.back() == '\n'))
        Log.pop_back();
      if (!Carried && !Directory.empty() && Log.find("file not found") != std::string::npos)
        Log += "\nnote: headers beside " + Setup.FileName +
               " are looked for in the current directory only: an OpenCL build option "
               "cannot name its directory, whose name has a blank or a quote; include them "
               "by their absolute path, or run atfc in that directory";
      return DeviceStatus::failed(FailureKind::BuildFailed, "build failed",
                                  logTail(clError(Err) + " with " + Defined + "\n" + Log));
    }
    Kernel = clCreateKernel(Program, Setup.KernelName.c_str(), &Err);
    if (Err != CL_SUCCESS)
      return DeviceStatus::failed(FailureKind::BuildFailed, "build failed",
                                  "no kernel \"" + Setup.KernelName + "\" in " + Setup.FileName +
                                      ": " + clError(Err));
    if (const auto Declared = declaredParameters(Kernel))
      if (std::optional<std::string> Mismatch =
              kernelSignatureMismatch(Setup.KernelName, Setup.Arguments, *Declared))
        return DeviceStatus::failed(FailureKind::BuildFailed, "wrong kernel arguments", *Mismatch);
    for (cl_uint I = 0; I < Setup.Arguments.size(); ++I) {
      const KernelArgument &Argument = Setup.Arguments[I];
      if (Argument.isLocal())
        continue; // sized at launch
      if (Argument.isBuffer())
        Err = clSetKernelArg(Kernel, I, sizeof(cl_mem), &Buffers[I]);
      else
        Err = clSetKernelArg(Kernel, I, Argument.byteSize(), (*Initial)[I].data());
      if (Err != CL_SUCCESS)
        return DeviceStatus::failed(FailureKind::RunFailed, clError(Err),
                                    "kernel argument " + std::to_string(I + 1) + " (" +
                                        describe(Argument) + ") does not fit the kernel");
    }
    return {};
  }

  DeviceStatus writeBuffers(const std::vector<std::vector<unsigned char>> &Contents) override {
    unsigned Written = 0, Unchanged = 0;
    return writeDiffering(Contents, std::vector<cl_uint>(Buffers.size(), 1), Written, Unchanged);
  }

  DeviceStatus restoreBuffers(const std::vector<std::vector<unsigned char>> &Contents,
                              unsigned &Written, unsigned &Unchanged) override {
    return writeDiffering(Contents, Copies->differing(), Written, Unchanged);
  }

  DeviceStatus launch(const LaunchSizes &Sizes, double &Seconds) override {
    if (Sizes.Global.empty() || Sizes.Global.size() > 3)
      return DeviceStatus::failed(FailureKind::RunFailed, "CL_INVALID_WORK_DIMENSION",
                                  "the global size has " + std::to_string(Sizes.Global.size()) +
                                      " dimensions; 1 to 3 are allowed");
    if (!Sizes.Local.empty() && Sizes.Local.size() != Sizes.Global.size())
      return DeviceStatus::failed(FailureKind::RunFailed, "CL_INVALID_WORK_DIMENSION",
                                  "the global size has " + std::to_string(Sizes.Global.size()) +
                                      " dimensions, the local size " +
                                      std::to_string(Sizes.Local.size()));
    // A local argument's size is the configuration's: set at each launch.
    std::size_t NextLocal = 0;
    for (cl_uint I = 0; I < Setup.Arguments.size(); ++I) {
      const KernelArgument &Argument = Setup.Arguments[I];
      if (!Argument.isLocal() || NextLocal >= Sizes.LocalCounts.size())
        continue;
      const std::uint64_t Count = Sizes.LocalCounts[NextLocal++];
      cl_int Err = clSetKernelArg(Kernel, I, Count * elementSize(Argument.Type), nullptr);
      if (Err != CL_SUCCESS)
        return DeviceStatus::failed(FailureKind::RunFailed, clError(Err),
                                    "kernel argument " + std::to_string(I + 1) + " (" +
                                        describe(Argument) + " of " + std::to_string(Count) +
                                        " elements) does not fit the kernel");
    }
    std::size_t Global[3], Local[3];
    for (std::size_t D = 0; D < Sizes.Global.size(); ++D) {
      Global[D] = Sizes.Global[D];
      Local[D] = Sizes.Local.empty() ? 0 : Sizes.Local[D];
    }
    cl_event Event = nullptr;
    cl_int Err =
        clEnqueueNDRangeKernel(Queue, Kernel, static_cast<cl_uint>(Sizes.Global.size()), nullptr,
                               Global, Sizes.Local.empty() ? nullptr : Local, 0, nullptr, &Event);
    if (Err != CL_SUCCESS) {
      clFinish(Queue);
      std::string Why = launchText(Sizes);
      // Both codes say only "refused": name the limit the local size passes.
      if (Err == CL_INVALID_WORK_GROUP_SIZE || Err == CL_INVALID_WORK_ITEM_SIZE) {
        std::size_t KernelMax = 0;
        clGetKernelWorkGroupInfo(Kernel, Device, CL_KERNEL_WORK_GROUP_SIZE, sizeof KernelMax,
                                 &KernelMax, nullptr);
        if (std::string Refusal = localSizeRefusal(Sizes, Limits, KernelMax); !Refusal.empty())
          Why += ": " + Refusal;
      }
      return DeviceStatus::failed(FailureKind::RunFailed, clError(Err), Why);
    }
    Err = clWaitForEvents(1, &Event);
    cl_int Status = CL_COMPLETE;
    clGetEventInfo(Event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof Status, &Status, nullptr);
    if (Err != CL_SUCCESS || Status < 0) {
      clReleaseEvent(Event);
      // The queue may hold a failed command for good: start afresh.
      DeviceStatus Failed =
          DeviceStatus::failed(FailureKind::RunFailed, clError(Status < 0 ? Status : Err),
                               "the kernel failed while running");
      Failed.Fatal = true;
      return Failed;
    }
    cl_ulong Begin = 0, End = 0;
    clGetEventProfilingInfo(Event, CL_PROFILING_COMMAND_START, sizeof Begin, &Begin, nullptr);
    clGetEventProfilingInfo(Event, CL_PROFILING_COMMAND_END, sizeof End, &End, nullptr);
    clReleaseEvent(Event);
    // Divided, not multiplied by 1e-9: the division is correctly rounded,
    // so 613676 ns is 0.000613676 s, not 0.0006136760000000001.
    Seconds = static_cast<double>(End - Begin) / 1e9;
    return {};
  }

  DeviceStatus readBuffer(unsigned Index, std::vector<unsigned char> &Into) override {
    Into.resize(Setup.Arguments[Index].byteSize());
    if (Into.empty())
      return {};
    cl_int Err = clEnqueueReadBuffer(Queue, Buffers[Index], CL_TRUE, 0, Into.size(), Into.data(), 0,
                                     nullptr, nullptr);
    if (Err != CL_SUCCESS)
      return DeviceStatus::failed(FailureKind::RunFailed, clError(Err),
                                  "reading input " + std::to_string(Index + 1));
    return {};
  }

private:
  /// Writes the buffers whose Differ is not 0, counting them and the others.
  DeviceStatus writeDiffering(const std::vector<std::vector<unsigned char>> &Contents,
                              const std::vector<cl_uint> &Differ, unsigned &Written,
                              unsigned &Unchanged) {
    for (std::size_t I = 0; I < Buffers.size(); ++I) {
      if (!Buffers[I] || Contents[I].empty())
        continue;
      if (!Differ[I]) {
        ++Unchanged;
        continue;
      }
      cl_int Err = clEnqueueWriteBuffer(Queue, Buffers[I], CL_FALSE, 0, Contents[I].size(),
                                        Contents[I].data(), 0, nullptr, nullptr);
      if (Err != CL_SUCCESS)
        return DeviceStatus::failed(FailureKind::RunFailed, clError(Err),
                                    "writing input " + std::to_string(I + 1));
      ++Written;
    }
    return {};
  }

  void releaseProgram() {
    if (Kernel)
      clReleaseKernel(Kernel);
    if (Program)
      clReleaseProgram(Program);
    Kernel = nullptr;
    Program = nullptr;
  }

  /// The annotated file's directory, absolute: where the headers a kernel
  /// includes beside its file (`#include "inc/k.h"`) are, as atfc check and
  /// the results key find them. The program's source is a string, so an
  /// implementation looks in the current directory only, wherever atfc was
  /// started, unless an -I option names it.
  static std::string fileDirectory(const std::string &FileName) {
    // A bare name ("saxpy.cl") is in the current directory; absolute("")
    // is an error.
    std::filesystem::path Parent = std::filesystem::path(FileName).parent_path();
    if (Parent.empty())
      Parent = ".";
    std::error_code Failed;
    std::filesystem::path Directory = std::filesystem::absolute(Parent, Failed);
    return Failed ? std::string() : Directory.lexically_normal().string();
  }

  /// Whether an OpenCL build option can carry Path: implementations split
  /// options at white space and keep quotes (pocl: `-I"/a b"` looks in
  /// `"/a b"`, `-I/a\ b` is an invalid option).
  static bool optionCarries(const std::string &Path) {
    return !Path.empty() && std::none_of(Path.begin(), Path.end(), [](char C) {
      return std::isspace(static_cast<unsigned char>(C)) || C == '"' || C == '\'' || C == '\\';
    });
  }

  static std::string launchText(const LaunchSizes &Sizes) {
    auto Join = [](const std::vector<std::uint64_t> &V) {
      std::string Text;
      for (std::uint64_t S : V)
        Text += (Text.empty() ? "" : ", ") + std::to_string(S);
      return "(" + Text + ")";
    };
    return "global size " + Join(Sizes.Global) + ", local size " +
           (Sizes.Local.empty() ? std::string("chosen by OpenCL") : Join(Sizes.Local));
  }

  cl_device_id Device;
  const DeviceKernelSetup &Setup;
  const std::vector<std::vector<unsigned char>> *Initial = nullptr;
  cl_context Context = nullptr;
  cl_command_queue Queue = nullptr;
  std::vector<cl_mem> Buffers;
  /// What tells the buffers a launch changed (restoreBuffers).
  std::unique_ptr<OpenCLInitialCopies> Copies;
  cl_program Program = nullptr;
  cl_kernel Kernel = nullptr;
  DeviceLimits Limits;
  std::string Description;
  std::string Toolchain;
  bool Host = false;
  cl_uint ComputeUnits = 0;
};

} // namespace

std::vector<std::string> openCLDeviceLines() {
  cl_uint Count = 0;
  if (clGetPlatformIDs(0, nullptr, &Count) != CL_SUCCESS || Count == 0)
    return {"OpenCL: no platform is installed"};
  std::vector<cl_platform_id> Platforms(Count);
  clGetPlatformIDs(Count, Platforms.data(), nullptr);
  std::vector<std::string> Lines;
  for (cl_uint P = 0; P < Count; ++P) {
    std::vector<cl_device_id> Devices = devicesOf(Platforms[P], CL_DEVICE_TYPE_ALL);
    for (std::size_t D = 0; D < Devices.size(); ++D) {
      cl_device_type Type = 0;
      clGetDeviceInfo(Devices[D], CL_DEVICE_TYPE, sizeof Type, &Type, nullptr);
      const char *TypeName = (Type & CL_DEVICE_TYPE_GPU)           ? "GPU"
                             : (Type & CL_DEVICE_TYPE_CPU)         ? "CPU"
                             : (Type & CL_DEVICE_TYPE_ACCELERATOR) ? "accelerator"
                                                                   : "other";
      const std::string Device =
          "OpenCL: platform " + std::to_string(P) + " device " + std::to_string(D);
      Lines.push_back(Device + ": " + deviceInfo(Devices[D], CL_DEVICE_NAME) + " (" + TypeName +
                      ", " + platformInfo(Platforms[P], CL_PLATFORM_NAME) + ")");
      // Half precision is an extension: tests and users ask for it here.
      if (hasExtension(deviceInfo(Devices[D], CL_DEVICE_EXTENSIONS), "cl_khr_fp16"))
        Lines.push_back(Device + " supports half precision (cl_khr_fp16)");
    }
  }
  if (Lines.empty())
    Lines.push_back("OpenCL: no device on " + std::to_string(Count) + " platform(s)");
  return Lines;
}

Expected<std::unique_ptr<KernelDevice>>
openOpenCLDevice(const OpenCLDeviceSelection &Selection, const DeviceKernelSetup &Setup,
                 const std::vector<std::vector<unsigned char>> &Contents) {
  Expected<cl_device_id> Device = chooseDevice(Selection);
  if (!Device)
    return Device.takeError();
  auto Opened = std::make_unique<OpenCLDevice>(*Device, Setup);
  if (Expected<void> Open = Opened->open(Contents); !Open)
    return Open.takeError();
  return std::unique_ptr<KernelDevice>(std::move(Opened));
}

} // namespace atfc
