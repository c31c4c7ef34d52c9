//===- atf/opencl.hpp - OpenCL kernels as cost functions ---------*- C++ -*-===//
//
// cppATF's OpenCL cost function on atfc's device backend:
//
//   auto K = atf::opencl::kernel<atf::scalar<int>, atf::buffer<float>>(
//       atf::source(Code), "saxpy");
//   auto CF = atf::opencl::cost_function(K).platform_id(0).device_id(0)
//                 .inputs(atf::scalar<int>(N), atf::buffer<float>(N))
//                 .global_size(N / WPT).local_size(LS);
//
// The global size counts work-items, as clEnqueueNDRangeKernel's; without
// a local size the implementation chooses one. A local size the device
// refuses, a kernel that does not build and one that crashes are invalid
// configurations with their reason (atf/device.hpp). The device's limits,
// for constraints, are read through the device worker too, once per
// device, so that the program never loads OpenCL.
//
// Tested through OpenCLCostFunctionTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATF_OPENCL_HPP
#define ATF_OPENCL_HPP

#include "atf/device.hpp"

namespace atf {
namespace opencl {

/// An OpenCL kernel: its code, its name, and build flags (-D definitions
/// only); Ts are its arguments' types (atf::scalar<T>, atf::buffer<T>).
template <class... Ts> using kernel = detail::kernel<detail::device_api::opencl, Ts...>;

/// The cost of a configuration: the kernel's median time in seconds on one
/// OpenCL device.
template <class... Ts>
class cost_function : public detail::kernel_cost_function<cost_function<Ts...>, Ts...> {
public:
  explicit cost_function(const kernel<Ts...> &Kernel) {
    this->Api = detail::device_api::opencl;
    this->Code = Kernel.code();
  }
  /// The platform's index among the OpenCL platforms (default: every
  /// platform's devices, in order, are counted by device_id).
  cost_function &platform_id(std::uint64_t Id) {
    this->PlatformId = Id;
    return *this;
  }
  /// The device's index (within the platform, when one is given).
  cost_function &device_id(std::uint64_t Id) {
    this->DeviceId = Id;
    return *this;
  }
  /// The global size, 1 to 3 dimensions: numbers, tuning parameters or
  /// expressions of them (N / WPT).
  template <class... Es> cost_function &global_size(const Es &...Sizes) {
    this->OuterSizes = detail::sizes_of(Sizes...);
    return *this;
  }
  /// The local size, as many dimensions as the global size.
  template <class... Es> cost_function &local_size(const Es &...Sizes) {
    this->InnerSizes = detail::sizes_of(Sizes...);
    return *this;
  }
};

template <class... Ts> cost_function(const kernel<Ts...> &) -> cost_function<Ts...>;

} // namespace opencl

namespace detail {

/// The limits of OpenCL device DeviceId of platform PlatformId, read once
/// through the device worker.
inline atfc::DeviceLimits opencl_device_limits(std::uint64_t PlatformId, std::uint64_t DeviceId) {
  static std::mutex Mutex;
  static std::map<std::pair<std::uint64_t, std::uint64_t>, atfc::DeviceLimits> Known;
  std::lock_guard<std::mutex> Lock(Mutex);
  const auto Key = std::make_pair(PlatformId, DeviceId);
  if (auto Found = Known.find(Key); Found != Known.end())
    return Found->second;
  atfc::OpenCLDeviceSelection Device;
  Device.PlatformId = static_cast<unsigned>(PlatformId);
  Device.DeviceId = static_cast<unsigned>(DeviceId);
  atfc::DeviceKernelSetup Setup;
  Setup.FileName = "device-limits.cl";
  atfc::Expected<std::unique_ptr<atfc::DeviceBackend>> Opened = atfc::DeviceBackend::open(
      Device, std::move(Setup), {device_worker_path(), atfc::DeviceWorkerFlag});
  if (!Opened)
    throw error("cannot read the limits of OpenCL device " + std::to_string(DeviceId) +
                " of platform " + std::to_string(PlatformId) + ": " + Opened.error().message());
  return Known[Key] = (*Opened)->limits();
}

} // namespace detail

namespace opencl {

/// CL_DEVICE_MAX_WORK_GROUP_SIZE of the device.
inline std::size_t max_work_group_size(std::uint64_t PlatformId = 0, std::uint64_t DeviceId = 0) {
  return detail::opencl_device_limits(PlatformId, DeviceId).MaxWorkGroupSize;
}
/// CL_DEVICE_MAX_WORK_ITEM_SIZES of the device (3 dimensions).
inline std::vector<std::size_t> max_work_item_sizes(std::uint64_t PlatformId = 0,
                                                    std::uint64_t DeviceId = 0) {
  const auto &Sizes = detail::opencl_device_limits(PlatformId, DeviceId).MaxWorkItemSizes;
  return std::vector<std::size_t>(Sizes.begin(), Sizes.end());
}
/// CL_DEVICE_LOCAL_MEM_SIZE of the device, in bytes.
inline std::size_t local_mem_size(std::uint64_t PlatformId = 0, std::uint64_t DeviceId = 0) {
  return detail::opencl_device_limits(PlatformId, DeviceId).LocalMemorySize;
}

} // namespace opencl
} // namespace atf

#endif
