//===- test/unit/Runtime/InterruptionTest.cpp - Ctrl-C stops a run cleanly ===//
//
// Each case runs in a child process (a death test's fork): the signal state
// it leaves behind is the process's.
//
//===----------------------------------------------------------------------===//
#include "System/Interruption.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <future>
#include <thread>

using namespace atfc;
using namespace std::chrono_literals;

namespace {

/// Exits 0 when Check holds, 1 otherwise (the death tests' verdict).
[[noreturn]] void exitWith(bool Check) { std::_Exit(Check ? 0 : 1); }

} // namespace

TEST(InterruptionTest, ASignalSetsTheFlagAndCallsOnSignal) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        std::promise<void> Called;
        Interruption Interrupt([&] { Called.set_value(); });
        const bool Before = !Interrupt.requested();
        std::raise(SIGINT);
        exitWith(Before && Interrupt.requested() && Interrupt.signal() == SIGINT &&
                 Interrupt.exitCode() == 130 &&
                 Called.get_future().wait_for(10s) == std::future_status::ready);
      },
      testing::ExitedWithCode(0), "");
}

TEST(InterruptionTest, ASignalBetweenTwoInterruptionsIsKeptForTheNext) {
  // After space generation and before the tuning loop, a signal once met
  // the default action: the tuner died. Now the first Interruption leaves
  // the handlers installed, and the next one is requested from its start.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        {
          Interruption Generating([] { std::_Exit(2); });
        }
        std::raise(SIGTERM); // (the default action would end the child here)
        if (Interruption::pending() != SIGTERM)
          std::_Exit(3);
        std::promise<void> Called;
        Interruption Tuning([&] { Called.set_value(); });
        exitWith(Tuning.requested() && Tuning.exitCode() == 128 + SIGTERM &&
                 Called.get_future().wait_for(10s) == std::future_status::ready);
      },
      testing::ExitedWithCode(0), "");
}

TEST(InterruptionTest, KeptSignalsWaitForTheFirstInterruption) {
  // What the tuner's build does before its first file exists: a signal
  // from then on is the next Interruption's, not the default action's.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        if (!Interruption::keepSignals())
          std::_Exit(2);
        std::raise(SIGHUP); // (the default action would end the child here)
        std::promise<void> Called;
        Interruption First([&] { Called.set_value(); });
        exitWith(Interruption::pending() == SIGHUP && First.requested() &&
                 Called.get_future().wait_for(10s) == std::future_status::ready);
      },
      testing::ExitedWithCode(0), "");
}

TEST(InterruptionTest, ASecondSignalTakesTheDefaultAction) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        Interruption Interrupt([] {});
        std::raise(SIGTERM);
        std::this_thread::sleep_for(std::chrono::duration<double>(kRepeatedSignalSeconds + 0.2));
        std::raise(SIGTERM);
        std::_Exit(0);
      },
      testing::KilledBySignal(SIGTERM), "");
}

TEST(InterruptionTest, TheSameStopArrivingTwiceIsOneRequest) {
  // `timeout N atfc tune` signals atfc and then its group, and atfc passed
  // both on: the tuner took the copy as "leave now" and died by SIGTERM
  // without its outputs, the run left `running`.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        std::promise<void> Called;
        Interruption Interrupt([&] { Called.set_value(); });
        std::raise(SIGTERM);
        std::raise(SIGTERM);
        std::raise(SIGINT); // Slurm's SIGTERM and a Ctrl-C at once: still one
        exitWith(Interrupt.signal() == SIGTERM &&
                 Called.get_future().wait_for(10s) == std::future_status::ready);
      },
      testing::ExitedWithCode(0), "");
}
