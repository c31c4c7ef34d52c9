//===- atf/cuda.hpp - CUDA kernels as cost functions -------------*- C++ -*-===//
//
// cppATF's CUDA cost function on atfc's device backend:
//
//   auto K = atf::cuda::kernel<atf::scalar<int>, atf::buffer<float>>(
//       atf::source(Code), "saxpy");
//   auto CF = atf::cuda::cost_function(K).device_id(0)
//                 .inputs(atf::scalar<int>(N), atf::buffer<float>(N))
//                 .grid_dim(N / WPT / LS).block_dim(LS);
//
// The kernel is compiled with NVRTC and launched through the driver in the
// device worker (atf/device.hpp); both are found at run time, never
// linked, so that a program builds everywhere. Where the driver
// (libcuda.so.1) is missing, tune() throws atf::error naming it before
// anything is measured.
//
// Tested through OpenCLCostFunctionTest.cpp (its CUDA test).
//
//===----------------------------------------------------------------------===//
#ifndef ATF_CUDA_HPP
#define ATF_CUDA_HPP

#include "atf/device.hpp"

namespace atf {
namespace cuda {

/// A CUDA kernel (`extern "C" __global__`): its code, its name, and build
/// flags (-D definitions only); Ts are its arguments' types.
template <class... Ts> using kernel = detail::kernel<detail::device_api::cuda, Ts...>;

/// The cost of a configuration: the kernel's median time in seconds on one
/// CUDA device.
template <class... Ts>
class cost_function : public detail::kernel_cost_function<cost_function<Ts...>, Ts...> {
public:
  explicit cost_function(const kernel<Ts...> &Kernel) {
    this->Api = detail::device_api::cuda;
    this->Code = Kernel.code();
  }
  /// The device's ordinal.
  cost_function &device_id(std::uint64_t Id) {
    this->DeviceId = Id;
    return *this;
  }
  /// The grid's dimensions in blocks, 1 to 3: numbers, tuning parameters
  /// or expressions of them.
  template <class... Es> cost_function &grid_dim(const Es &...Sizes) {
    this->OuterSizes = detail::sizes_of(Sizes...);
    return *this;
  }
  /// The block's dimensions in threads, as many as the grid's.
  template <class... Es> cost_function &block_dim(const Es &...Sizes) {
    this->InnerSizes = detail::sizes_of(Sizes...);
    return *this;
  }
};

template <class... Ts> cost_function(const kernel<Ts...> &) -> cost_function<Ts...>;

} // namespace cuda
} // namespace atf

#endif
