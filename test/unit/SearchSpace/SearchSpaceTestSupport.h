//===- SearchSpaceTestSupport.h - Spaces the space's tests share -*- C++ -*-===//
//
// The two trees of section 4 of the ATF TACO paper, and every configuration
// of a space in index order.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_SEARCHSPACE_SEARCHSPACETESTSUPPORT_H
#define ATFC_TEST_SEARCHSPACE_SEARCHSPACETESTSUPPORT_H

#include "SearchSpace/SpaceGenerator.h"

#include <tuple>
#include <vector>

namespace atfc::test {

/// Tree 1 (p1, p2): 4 leaves.
inline auto paperTree1() {
  return group(parameter("n1", set<int>({22, 35}), greater_than(0)),
               parameter("n2", set<int>({2, 5, 7, 11}),
                         divides([](const auto &P) { return std::get<0>(P); })));
}

/// Tree 2 (p3, p4, p5): 5 leaves.
inline auto paperTree2() {
  return group(parameter("n3", set<int>({26, 51}), greater_than(0)),
               parameter("n4", set<int>({1, 3, 13, 17}),
                         divides([](const auto &P) { return std::get<0>(P); })),
               parameter("n5", set<int>({27, 39, 52, 54, 68}),
                         equal([](const auto &P) { return std::get<0>(P) + std::get<1>(P); })));
}

inline std::vector<Configuration> allConfigurations(const ChainOfTrees &S) {
  std::vector<Configuration> All;
  for (BigCount I = 0; I < S.size(); ++I)
    All.push_back(S.at(I));
  return All;
}

} // namespace atfc::test

#endif
