//===- DeviceBackends/CudaCompiler.h - Compiling a CUDA kernel with NVRTC -*- C++ -*-===//
//
// The CUDA backend's compile step, apart so that it can be used and tested
// without a GPU or driver: NVRTC (found at run time) turns the kernel source with the
// configuration's definitions into a cubin for the device's architecture, or
// into PTX when none is given.
//
// Tested through CudaBackendTest.cpp (where a CUDA GPU is present).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DEVICEBACKENDS_CUDACOMPILER_H
#define ATFC_DEVICEBACKENDS_CUDACOMPILER_H

#include <string>
#include <vector>

namespace atfc {

/// What compiling a CUDA kernel gave.
struct CudaCompilation {
  /// The cubin or PTX image for cuModuleLoadData (PTX ends with a NUL).
  std::string Image;
  /// Whether Image is a cubin (else PTX).
  bool IsCubin = false;
  /// The kernel's name in the image (its mangled name unless extern "C").
  std::string LoweredName;
  /// NVRTC's log (warnings, or the errors).
  std::string Log;
  /// Why it failed: "build failed", or where NVRTC was looked for; empty
  /// on success.
  std::string Error;
  bool ok() const { return Error.empty(); }
};

/// Where NVRTC was found at run time (CudaLibraries.h), or why it was not.
struct NvrtcStatus {
  /// Why NVRTC cannot be used; empty when it can.
  std::string Error;
  /// The library opened, its version ("13.0"), and the toolkit's headers
  /// beside it ("" when there are none).
  std::string Path;
  std::string Version;
  std::string IncludeDirectory;
  bool ok() const { return Error.empty(); }
};

/// Opens NVRTC on first use; every later call answers the same.
NvrtcStatus nvrtcStatus();

/// Compiles KernelName of Source (FileName names it in messages) with
/// "NAME=VALUE" Definitions as -D options and the CUDA headers on the
/// include path. ComputeCapability is major * 10 + minor (e.g. 90): a cubin
/// for sm_XY; 0: PTX for NVRTC's default architecture.
CudaCompilation compileCudaKernel(const std::string &Source, const std::string &FileName,
                                  const std::string &KernelName,
                                  const std::vector<std::string> &Definitions,
                                  int ComputeCapability);

} // namespace atfc

#endif
