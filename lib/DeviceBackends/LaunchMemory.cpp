//===- DeviceBackends/LaunchMemory.cpp - Work-group memory of a launch ----===//
//
// Counts come from the user's expressions and may be huge: products and
// sums saturate, so that a request past 2^64 bytes still compares as too
// much instead of wrapping around to a small number.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/LaunchMemory.h"

#include <limits>
#include <string>

namespace atfc {

namespace {

std::uint64_t saturatingAdd(std::uint64_t A, std::uint64_t B) {
  return A > std::numeric_limits<std::uint64_t>::max() - B
             ? std::numeric_limits<std::uint64_t>::max()
             : A + B;
}

std::uint64_t saturatingMultiply(std::uint64_t A, std::uint64_t B) {
  if (A != 0 && B > std::numeric_limits<std::uint64_t>::max() / A)
    return std::numeric_limits<std::uint64_t>::max();
  return A * B;
}

} // namespace

std::uint64_t launchMemoryBytes(const std::vector<KernelArgument> &Arguments,
                                const LaunchSizes &Sizes) {
  std::uint64_t Total = 0;
  std::size_t Next = 0;
  for (const KernelArgument &A : Arguments)
    if (A.isLocal() && Next < Sizes.LocalCounts.size())
      Total =
          saturatingAdd(Total, saturatingMultiply(Sizes.LocalCounts[Next++], elementSize(A.Type)));
  if (Sizes.SharedMemoryBytes > 0)
    Total = saturatingAdd(Total, static_cast<std::uint64_t>(Sizes.SharedMemoryBytes));
  return Total;
}

std::optional<Measurement> launchMemoryProblem(const std::vector<KernelArgument> &Arguments,
                                               const LaunchSizes &Sizes,
                                               const DeviceLimits &Limits) {
  std::size_t Next = 0;
  std::string Locals;
  for (std::size_t I = 0; I < Arguments.size(); ++I) {
    if (!Arguments[I].isLocal())
      continue;
    if (Next >= Sizes.LocalCounts.size())
      return Measurement::invalid(FailureKind::RunFailed, "local argument not sized",
                                  "kernel input " + std::to_string(I + 1) +
                                      " is a local argument, but the launch gives it no count");
    const std::uint64_t Count = Sizes.LocalCounts[Next++];
    if (Count == 0)
      return Measurement::invalid(
          FailureKind::RunFailed, "local argument of no elements",
          "the count of kernel input " + std::to_string(I + 1) + " (" + describe(Arguments[I]) +
              ") is not positive at this configuration; a local argument needs at least one "
              "element");
    Locals += (Locals.empty() ? "" : ", ") + std::string("input ") + std::to_string(I + 1) + ": " +
              std::to_string(Count) + " x " + elementTypeName(Arguments[I].Type);
  }
  if (Sizes.SharedMemoryBytes < 0)
    return Measurement::invalid(FailureKind::RunFailed, "negative shared memory size",
                                "the shared memory size is " +
                                    std::to_string(Sizes.SharedMemoryBytes) +
                                    " bytes at this configuration");
  const std::uint64_t Bytes = launchMemoryBytes(Arguments, Sizes);
  if (Limits.LocalMemorySize == 0 || Bytes <= Limits.LocalMemorySize)
    return std::nullopt;
  const bool Shared = Sizes.SharedMemoryBytes > 0;
  return Measurement::invalid(
      FailureKind::RunFailed, Shared ? "too much shared memory" : "too much local memory",
      "the configuration asks for " + std::to_string(Bytes) + " bytes of " +
          (Shared ? "dynamic shared memory" : "local memory (" + Locals + ")") +
          "; the device has " + std::to_string(Limits.LocalMemorySize) +
          " (name local_mem_size in a constraint to leave such configurations out)");
}

} // namespace atfc
