//===- Search/Techniques/ValueChoice.h - Valid configurations from value sets --*- C++ -*-===//
//
// Moves that change several parameters at once, found through the chain of
// trees without enumerating the space: a random valid configuration whose
// value (range position) on every level is one of a few allowed ones.
//
//  - Recombination: the allowed values of a level are those of a few
//    parents (the leaders of a pack and the wolf itself).
//  - Box moves (Kernel Tuner's "strictly-adjacent" neighbours): every
//    parameter keeps its value or moves to the next value below or above,
//    all at once; a constraint that couples parameters (X * Y <= 256) is
//    crossed diagonally, where one-parameter moves are all rejected.
//
//  - Repair: the valid configuration nearest to a vector of value indices
//    that a constraint may reject (a crossover's or a mutation's), found by
//    branch and bound over each group's tree, not by rejection.
//
// Each group's tree is walked depth first, the allowed values of a level
// tried in random order (binary searches among the children, which are
// sorted by value index) and dead ends backtracked; a walk visits at most a
// fixed number of nodes, so a proposal's cost is bounded on any space.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_VALUECHOICE_H
#define ATFC_SEARCH_TECHNIQUES_VALUECHOICE_H

#include "SearchSpace/ChainOfTrees.h"

#include <optional>
#include <random>
#include <span>
#include <vector>

namespace atfc {

/// Allowed value indices per chain-wide level (a level's list may repeat a
/// value: repeats weigh it more in the random order).
using ValueSets = std::vector<std::vector<std::uint64_t>>;

/// A random valid configuration with every level's value in its set, or
/// nullopt where the walk finds none (or gives up after its node budget).
std::optional<Configuration> chooseValues(const ChainOfTrees &Space, const ValueSets &Allowed,
                                          std::mt19937_64 &Rng);

/// A box move from C: on every level, with probability Keep the value of C
/// is tried first, else the nearest valid value below or above it (among
/// the children reached so far) is; a random valid configuration in that
/// box other than C, or nullopt where a few walks find none.
std::optional<Configuration> boxMove(const ChainOfTrees &Space, const Configuration &C, double Keep,
                                     std::mt19937_64 &Rng);

/// The valid configuration nearest to Target (a value index per chain-wide
/// level, valid or not): the fewest changed levels, each counted Weights[L]
/// times (whole numbers >= 1), then the smallest sum of changes in range
/// position relative to the range's size; ties go to lower value indices.
/// Exact: a branch and bound over each group's tree (groups are
/// independent), which visits each node at most once; past MaxVisits nodes
/// of a group it returns the nearest found so far.
Configuration nearestValid(const ChainOfTrees &Space, std::span<const std::uint64_t> Target,
                           std::span<const std::uint64_t> Weights,
                           std::uint64_t MaxVisits = 1 << 20);

/// The repaired one-parameter steps from C (valid): parameter L to the
/// position just below and just above C's in its range, whether the
/// constraints admit it or not, the others repaired (nearestValid, L weighed
/// above all others together). Where C's other values admit the step, it is
/// the one-parameter move; where they do not, the fewest others change with
/// it, so a move crosses a constraint that couples parameters. Zero to two
/// configurations, none equal to C.
std::vector<Configuration> repairedSteps(const ChainOfTrees &Space, const Configuration &C,
                                         std::size_t L);

} // namespace atfc

#endif
