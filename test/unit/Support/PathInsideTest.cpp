//===- unit/Support/PathInsideTest.cpp ------------------------------------===//
#include "Support/PathInside.h"

#include <gtest/gtest.h>

namespace atfc {
namespace {

TEST(PathInsideTest, RelativePathsWithoutParentPartsStayInside) {
  for (const char *Path : {"cost", "cost.txt", "./cost", "out/cost", "out//cost", "..cost",
                           "cost..", "a/..b/c", "a/b../c", "cost/"})
    EXPECT_TRUE(staysInside(Path)) << Path;
}

TEST(PathInsideTest, AbsolutePathsAndParentPartsLeave) {
  for (const char *Path :
       {"/tmp/cost", "//cost", "..", "../cost", "a/../cost", "a/..", "a/b/../../..", "./../c"})
    EXPECT_FALSE(staysInside(Path)) << Path;
}

} // namespace
} // namespace atfc
