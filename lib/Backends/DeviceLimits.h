//===- Backends/DeviceLimits.h - What a device allows -----------*- C++ -*-===//
//
// The limits of a device that a file's ranges, constraints and launch sizes
// may name (`atf::ocl::max_wg_size`, ...; Language/Language.def says which
// member each name reads). A run owns one: the tuner reads it from the device
// it opened (or from rank 0's device) and hands it to the generated code.
//
// Tested through OpenCLBackendTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_BACKENDS_DEVICELIMITS_H
#define ATFC_BACKENDS_DEVICELIMITS_H

#include <array>
#include <cstdint>

namespace atfc {

/// The device limits that constraints may name. OpenCL: max_wi_size_0/1/2,
/// max_wg_size, local_mem_size. CUDA: max_block_dim_x/y/z,
/// max_threads_per_block, shared_mem_per_block, max_grid_dim_x/y/z. All
/// zero when the run has no device.
struct DeviceLimits {
  /// OpenCL CL_DEVICE_MAX_WORK_ITEM_SIZES; CUDA the largest block dimensions.
  std::array<std::uint64_t, 3> MaxWorkItemSizes{};
  /// OpenCL CL_DEVICE_MAX_WORK_GROUP_SIZE; CUDA max threads per block.
  std::uint64_t MaxWorkGroupSize = 0;
  /// OpenCL CL_DEVICE_LOCAL_MEM_SIZE; CUDA shared memory per block (bytes).
  std::uint64_t LocalMemorySize = 0;
  /// CUDA only: the largest grid dimensions; 0 for OpenCL.
  std::array<std::uint64_t, 3> MaxGridSize{};

  friend bool operator==(const DeviceLimits &, const DeviceLimits &) = default;
};

} // namespace atfc

#endif
