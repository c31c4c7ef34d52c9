//===- DeviceBackends/KernelSignatureCheck.h - Arguments against a kernel -*- C++ -*-===//
//
// OpenCL sets a buffer argument by its handle and a scalar by its bytes:
// a float64 array passed where the kernel reads `float *` is accepted and
// computes garbage, and a scalar of the wrong size is refused only at the
// launch, with CL_INVALID_ARG_SIZE and no word of which argument. After a
// build the device tells each parameter's type as written (built with
// -cl-kernel-arg-info) and its address space; a given argument that does
// not fit them makes the configuration invalid before anything runs,
// naming both sides. Types the check cannot read (a typedef, a struct) are
// left to the device.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DEVICEBACKENDS_KERNELSIGNATURECHECK_H
#define ATFC_DEVICEBACKENDS_KERNELSIGNATURECHECK_H

#include "KernelData/KernelArgument.h"

#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// Where a kernel parameter lives (OpenCL's address qualifiers).
enum class KernelAddressSpace { Global, Constant, Local, Private };

/// One parameter of a built kernel, as the device describes it.
struct DeclaredParameter {
  /// The type as OpenCL gives it: "float*", "uint", "float4*"; empty when
  /// the device does not say.
  std::string TypeName;
  KernelAddressSpace Space = KernelAddressSpace::Private;
  /// The parameter's name; empty when the device does not say.
  std::string Name;
};

/// Why Given does not fit the kernel KernelName whose parameters are
/// Declared ("kernel argument 3 is buffer<double>(1024); saxpy's parameter
/// 3 (x) is `__global float*`"), or none when it fits as far as the
/// device's types tell.
std::optional<std::string> kernelSignatureMismatch(const std::string &KernelName,
                                                   const std::vector<KernelArgument> &Given,
                                                   const std::vector<DeclaredParameter> &Declared);

} // namespace atfc

#endif
