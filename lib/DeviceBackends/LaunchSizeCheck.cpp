//===- DeviceBackends/LaunchSizeCheck.cpp - Launch sizes a device can run -===//
#include "DeviceBackends/LaunchSizeCheck.h"

#include <cstdint>
#include <limits>
#include <string>

namespace atfc {

namespace {

/// A size as the user's expression gave it: the emitted code converts with
/// static_cast, which keeps a negative value in two's complement.
std::string sizeText(std::uint64_t Size) {
  if (Size > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
    return std::to_string(static_cast<std::int64_t>(Size));
  return std::to_string(Size);
}

std::string sizesText(const std::vector<std::uint64_t> &Sizes) {
  std::string Text;
  for (std::uint64_t S : Sizes)
    Text += (Text.empty() ? "" : ", ") + sizeText(S);
  return "(" + Text + ")";
}

std::optional<Measurement> problemOf(const std::vector<std::uint64_t> &Sizes, const char *Name) {
  for (std::size_t D = 0; D < Sizes.size(); ++D) {
    const bool Negative =
        Sizes[D] > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    if (Sizes[D] != 0 && !Negative)
      continue;
    return Measurement::invalid(
        FailureKind::RunFailed, std::string(Negative ? "negative " : "zero ") + Name,
        std::string("the ") + Name + " " + sizesText(Sizes) + " is " +
            (Negative ? "negative" : "zero") + " in dimension " + std::to_string(D + 1) +
            " at this configuration; every dimension must be at least 1");
  }
  return std::nullopt;
}

} // namespace

std::optional<Measurement> launchSizeProblem(const LaunchSizes &Sizes, LaunchApi Api) {
  if (!Sizes.Problem.empty())
    return Measurement::invalid(FailureKind::RunFailed, "launch size beyond 64 bits",
                                Sizes.Problem);
  const bool Cuda = Api == LaunchApi::Cuda;
  if (std::optional<Measurement> Outer = problemOf(Sizes.Global, Cuda ? "grid" : "global size"))
    return Outer;
  return problemOf(Sizes.Local, Cuda ? "block" : "local size");
}

std::string localSizeRefusal(const LaunchSizes &Sizes, const DeviceLimits &Limits,
                             std::uint64_t KernelMax) {
  const std::vector<std::uint64_t> &Local = Sizes.Local;
  for (std::size_t D = 0; D < Local.size() && D < Limits.MaxWorkItemSizes.size(); ++D)
    if (Limits.MaxWorkItemSizes[D] != 0 && Local[D] > Limits.MaxWorkItemSizes[D])
      return "the local size " + std::to_string(Local[D]) + " in dimension " +
             std::to_string(D + 1) + " is more than the device's " +
             std::to_string(Limits.MaxWorkItemSizes[D]) + " (CL_DEVICE_MAX_WORK_ITEM_SIZES)";
  if (!Local.empty()) {
    // Each dimension is at most a device limit (above): no overflow.
    std::uint64_t Items = 1;
    std::string Product;
    for (std::uint64_t L : Local) {
      Items *= L;
      Product += (Product.empty() ? "" : " x ") + std::to_string(L);
    }
    const std::string Group = (Local.size() > 1 ? Product + " = " : std::string()) +
                              std::to_string(Items) + " work-items in a work-group, more than ";
    if (Limits.MaxWorkGroupSize != 0 && Items > Limits.MaxWorkGroupSize)
      return Group + "the device's " + std::to_string(Limits.MaxWorkGroupSize) +
             " (CL_DEVICE_MAX_WORK_GROUP_SIZE)";
    if (KernelMax != 0 && Items > KernelMax)
      return Group + "this kernel's " + std::to_string(KernelMax) +
             " on the device (CL_KERNEL_WORK_GROUP_SIZE)";
  }
  for (std::size_t D = 0; D < Local.size() && D < Sizes.Global.size(); ++D)
    if (Local[D] != 0 && Sizes.Global[D] % Local[D] != 0)
      return "the global size " + std::to_string(Sizes.Global[D]) +
             " is no multiple of the local size " + std::to_string(Local[D]) + " in dimension " +
             std::to_string(D + 1) + " (OpenCL before 2.0 requires it)";
  return "";
}

} // namespace atfc
