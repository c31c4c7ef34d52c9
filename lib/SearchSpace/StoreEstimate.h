//===- SearchSpace/StoreEstimate.h - The store's size before generating -*- C++ -*-===//
//
// A space too large for memory must be refused before it is generated, not
// found out by the kernel's OOM killer. The estimate counts each level's
// nodes from what is known without generating: a level whose parameter has
// no constraint multiplies the nodes above by its range's size (exact), and
// a constrained level counts at least one value per node above (it may
// filter any share). Once the first levels have been expanded into
// prefixes, their node counts are exact and replace the guess, and the
// levels below them are sampled: random walks from the prefixes down the
// tree count the values each level accepts (GroupGenerator.cpp), and their
// mean product estimates each deeper level's nodes (Knuth's estimator of a
// tree's size), as deep as a budget of constraint evaluations allows.
//
// The limit is a share of the memory the process may use (half of the
// physical memory, or of the address-space limit when `ulimit -v` sets a
// smaller one); ATFC_SPACE_MEMORY_LIMIT=SIZE (e.g. 64G) raises or lowers it.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCHSPACE_STOREESTIMATE_H
#define ATFC_SEARCHSPACE_STOREESTIMATE_H

#include "SearchSpace/Parameter.h"
#include "Support/Error.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace atfc {

/// The environment variable that sets the store's memory limit.
inline constexpr const char *kSpaceMemoryLimitVariable = "ATFC_SPACE_MEMORY_LIMIT";

/// Thrown when the estimated store exceeds the limit, or (Stored) when
/// generation has stored more than the limit although the estimate was
/// below it; what() is the whole message (bytes, limit, how to raise it).
class SpaceTooLarge : public std::length_error {
public:
  SpaceTooLarge(double EstimatedBytes, std::uint64_t LimitBytes, bool Stored = false);
  double EstimatedBytes;
  std::uint64_t LimitBytes;
};

/// Bytes one node of a level takes in the store: its value index, and the
/// offset of its children unless the level is the last.
double bytesPerNode(std::uint64_t RangeSize, bool LastLevel);

/// The estimated bytes of a group's tree whose first Depth levels are known
/// to have KnownNodes[L] nodes each (Depth = KnownNodes.size()), and whose
/// next levels are estimated by a sample to have SampledNodes[L - Depth];
/// the deeper levels as the header says. Saturates instead of overflowing.
double estimateGroupBytes(const std::vector<ParameterInfo> &Params,
                          const std::vector<double> &KnownNodes,
                          const std::vector<double> &SampledNodes = {});

/// The limit from ATFC_SPACE_MEMORY_LIMIT if set, else
/// machineStoreMemoryLimit(); an error when the variable is not a size.
Expected<std::uint64_t> storeMemoryLimit();

/// Half of the smaller of the physical memory and RLIMIT_AS.
std::uint64_t machineStoreMemoryLimit();

/// "64G", "512M", "1000000" (bytes) → bytes; nullopt when not a size.
std::optional<std::uint64_t> parseByteSize(const std::string &Text);

/// Bytes as "5.0 TB", "512.0 MB".
std::string formatBytes(double Bytes);

/// Throws SpaceTooLarge when EstimatedBytes exceeds Limit.
void checkStoreEstimate(double EstimatedBytes, std::uint64_t Limit);

} // namespace atfc

#endif
