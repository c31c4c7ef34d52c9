//===- RunInfoTest.cpp - A run's status as stored -------------------------===//
//
// Every status is stored as its word and read back as itself; an unknown
// word is no status.
//
//===----------------------------------------------------------------------===//
#include "Results/RunInfo.h"

#include <gtest/gtest.h>

#include <string>

namespace atfc {
namespace {

TEST(RunInfoTest, EveryStatusIsReadBackFromItsWord) {
  for (RunStatus S :
       {RunStatus::Running, RunStatus::Finished, RunStatus::Interrupted, RunStatus::Failed})
    EXPECT_EQ(parseRunStatus(runStatusName(S)), S) << runStatusName(S);
  EXPECT_EQ(std::string(runStatusName(RunStatus::Interrupted)), "interrupted");
  EXPECT_EQ(parseRunStatus("Finished"), std::nullopt);
  EXPECT_EQ(parseRunStatus(""), std::nullopt);
}

} // namespace
} // namespace atfc
