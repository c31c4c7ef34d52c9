//===- SearchSpace/StoreEstimate.cpp - The store's size before generating -===//
#include "SearchSpace/StoreEstimate.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <sys/resource.h>
#include <unistd.h>

namespace atfc {

SpaceTooLarge::SpaceTooLarge(double Estimated, std::uint64_t Limit, bool Stored)
    : std::length_error(fmt::format(
          "the search space needs {} {} of memory, more than the limit of {}{}; "
          "constrain or shrink the ranges, or raise the limit with {}=SIZE (e.g. {}=64G)",
          Stored ? "more than" : "an estimated", formatBytes(Estimated),
          formatBytes(static_cast<double>(Limit)),
          Stored ? " (generation stopped there: the estimate before generating was lower)" : "",
          kSpaceMemoryLimitVariable, kSpaceMemoryLimitVariable)),
      EstimatedBytes(Estimated), LimitBytes(Limit) {}

double bytesPerNode(std::uint64_t RangeSize, bool LastLevel) {
  // PackedIndexArray's widths: 1, 2, 4 or 8 bytes; child offsets 4 bytes.
  const std::uint64_t Max = RangeSize ? RangeSize - 1 : 0;
  const double Index = Max <= 0xff ? 1 : Max <= 0xffff ? 2 : Max <= 0xffffffff ? 4 : 8;
  return LastLevel ? Index : Index + 4;
}

double estimateGroupBytes(const std::vector<ParameterInfo> &Params,
                          const std::vector<double> &KnownNodes,
                          const std::vector<double> &SampledNodes) {
  double Bytes = 0, Nodes = 1;
  for (std::size_t L = 0; L < Params.size(); ++L) {
    if (L < KnownNodes.size()) {
      Nodes = KnownNodes[L];
    } else {
      if (!Params[L].Constrained)
        Nodes *= static_cast<double>(Params[L].RangeSize);
      // A sample is no smaller than what is certain without one.
      if (const std::size_t S = L - KnownNodes.size(); S < SampledNodes.size())
        Nodes = std::max(Nodes, SampledNodes[S]);
    }
    // (doubles saturate at infinity: no overflow)
    Bytes += Nodes * bytesPerNode(Params[L].RangeSize, L + 1 == Params.size());
  }
  return Bytes;
}

std::optional<std::uint64_t> parseByteSize(const std::string &Text) {
  std::size_t End = 0;
  while (End < Text.size() && std::isdigit(static_cast<unsigned char>(Text[End])))
    ++End;
  if (End == 0 || End > 19)
    return std::nullopt;
  const std::uint64_t Number = std::stoull(Text.substr(0, End));
  std::string Unit = Text.substr(End);
  if (!Unit.empty() && (Unit.back() == 'B' || Unit.back() == 'b'))
    Unit.pop_back();
  int Shift = 0;
  if (Unit.size() > 1)
    return std::nullopt;
  if (!Unit.empty()) {
    switch (std::toupper(static_cast<unsigned char>(Unit[0]))) {
    case 'K':
      Shift = 10;
      break;
    case 'M':
      Shift = 20;
      break;
    case 'G':
      Shift = 30;
      break;
    case 'T':
      Shift = 40;
      break;
    default:
      return std::nullopt;
    }
  }
  if (Shift && Number > (~std::uint64_t(0) >> Shift))
    return std::nullopt;
  return Number << Shift;
}

std::string formatBytes(double Bytes) {
  static const char *const Units[] = {"bytes", "KB", "MB", "GB", "TB", "PB", "EB"};
  std::size_t U = 0;
  while (Bytes >= 1000 && U + 1 < std::size(Units)) {
    Bytes /= 1000;
    ++U;
  }
  if (Bytes >= 1000)
    return "more than 1000 EB";
  return U == 0 ? fmt::format("{:.0f} bytes", Bytes) : fmt::format("{:.1f} {}", Bytes, Units[U]);
}

Expected<std::uint64_t> storeMemoryLimit() {
  if (const char *Set = std::getenv(kSpaceMemoryLimitVariable)) {
    if (std::optional<std::uint64_t> Limit = parseByteSize(Set))
      return *Limit;
    return Error(fmt::format("{}='{}' is not a size such as 64G, 512M or 1000000",
                             kSpaceMemoryLimitVariable, Set));
  }
  return machineStoreMemoryLimit();
}

std::uint64_t machineStoreMemoryLimit() {
  const long Pages = sysconf(_SC_PHYS_PAGES), PageSize = sysconf(_SC_PAGESIZE);
  std::uint64_t Available = Pages > 0 && PageSize > 0 ? static_cast<std::uint64_t>(Pages) *
                                                            static_cast<std::uint64_t>(PageSize)
                                                      : ~std::uint64_t(0);
  rlimit Limit{};
  if (getrlimit(RLIMIT_AS, &Limit) == 0 && Limit.rlim_cur != RLIM_INFINITY)
    Available = std::min<std::uint64_t>(Available, Limit.rlim_cur);
  return Available / 2;
}

void checkStoreEstimate(double EstimatedBytes, std::uint64_t Limit) {
  if (EstimatedBytes > static_cast<double>(Limit))
    throw SpaceTooLarge(EstimatedBytes, Limit);
}

} // namespace atfc
