#include "SearchSpace/SpaceGenerator.h"
#include <gtest/gtest.h>
using namespace atfc;
TEST(Smoke, Saxpy) {
  size_t N = 1000;
  auto G = group(parameter("WPT", interval<size_t>(1, N), divides(N)),
                 parameter("LS", interval<size_t>(1, N),
                           divides([N](const auto &P) { return N / std::get<0>(P); })));
  ChainOfTrees S = generateSpace({}, G);
  EXPECT_EQ(S.size(), 100);
}
