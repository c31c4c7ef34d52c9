//===- CaughtArithmeticTrapTest.cpp - A trap that fails a call ------------===//
#include "System/CaughtArithmeticTrap.h"

#include <gtest/gtest.h>

#include <climits>
#include <csignal>
#include <thread>

namespace atfc {
namespace {

// Read through volatile so that the compiler sees neither operand (it
// turns 1 / X into a comparison that never traps).
int divide(int A, int B) {
  volatile int Dividend = A, Divisor = B;
  return Dividend / Divisor;
}

void (*handlerOf(int Signal))(int) {
  struct sigaction Current = {};
  sigaction(Signal, nullptr, &Current);
  return Current.sa_handler;
}

TEST(CaughtArithmeticTrapTest, AFinishedCallGivesItsResult) {
  EXPECT_EQ(catchingArithmeticTraps([] { return divide(10, 2); }), 5);
}

TEST(CaughtArithmeticTrapTest, ADivisionByZeroGivesNothing) {
  EXPECT_FALSE(catchingArithmeticTraps([] { return divide(10, 0); }).has_value());
}

TEST(CaughtArithmeticTrapTest, EveryTrapIsCaughtNotOnlyTheFirst) {
  // The signal is blocked while its handler runs: it must be unblocked
  // again on the way back, or the second trap would end the process.
  for (int I = 0; I < 3; ++I) {
    EXPECT_FALSE(catchingArithmeticTraps([] { return divide(INT_MIN, -1); }).has_value());
    EXPECT_EQ(catchingArithmeticTraps([I] { return divide(9, I + 1); }), 9 / (I + 1));
  }
}

TEST(CaughtArithmeticTrapTest, TheCallersHandlersAreBackAfterwards) {
  std::signal(SIGFPE, SIG_IGN);
  EXPECT_FALSE(catchingArithmeticTraps([] { return divide(1, 0); }).has_value());
  EXPECT_EQ(handlerOf(SIGFPE), SIG_IGN);
  std::signal(SIGFPE, SIG_DFL);
  EXPECT_EQ(handlerOf(SIGILL), SIG_DFL);
}

TEST(CaughtArithmeticTrapTest, ATrapInANestedCallReturnsToTheInnerOne) {
  std::optional<std::optional<int>> Outer =
      catchingArithmeticTraps([] { return catchingArithmeticTraps([] { return divide(1, 0); }); });
  ASSERT_TRUE(Outer.has_value());
  EXPECT_FALSE(Outer->has_value());
}

TEST(CaughtArithmeticTrapTest, EachThreadLandsInItsOwnCall) {
  std::optional<int> Other;
  std::thread T([&] { Other = catchingArithmeticTraps([] { return divide(1, 0); }); });
  T.join();
  EXPECT_FALSE(Other.has_value());
  EXPECT_EQ(catchingArithmeticTraps([] { return divide(8, 4); }), 2);
}

TEST(CaughtArithmeticTrapDeathTest, ATrapOutsideEndsTheProcessAsBefore) {
  EXPECT_EXIT(divide(1, 0), testing::KilledBySignal(SIGFPE), "");
}

} // namespace
} // namespace atfc
