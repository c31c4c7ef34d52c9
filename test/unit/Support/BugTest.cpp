//===- BugTest.cpp - Reporting a bug of atfc itself -----------------------===//
#include "Support/Bug.h"

#include <gtest/gtest.h>

#include <csignal>

namespace atfc {
namespace {

[[noreturn]] void misuse() { reportBug("a report without a proposal"); }

TEST(BugTest, SaysWhereAndAborts) {
  // The message, then the caller's file and line (not Bug.cpp's).
  EXPECT_DEATH(misuse(), "^atfc: bug: a report without a proposal \\(BugTest\\.cpp:[0-9]+\\)\n$");
}

TEST(BugTest, AbortsWithSigabrt) {
  EXPECT_EXIT(reportBug("x"), testing::KilledBySignal(SIGABRT), "atfc: bug: x");
}

} // namespace
} // namespace atfc
