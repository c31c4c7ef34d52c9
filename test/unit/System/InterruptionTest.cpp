//===- test/unit/Runtime/InterruptionTest.cpp - Ctrl-C stops a run cleanly ===//
//
// Each case runs in a child process (a death test's fork): the signal state
// it leaves behind is the process's.
//
//===----------------------------------------------------------------------===//
#include "System/Interruption.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <future>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace atfc;
using namespace std::chrono_literals;

namespace {

/// Exits 0 when Check holds, 1 otherwise (the death tests' verdict).
[[noreturn]] void exitWith(bool Check) { std::_Exit(Check ? 0 : 1); }

/// A program's own handler: counts what reaches it.
std::atomic<int> ProgramSaw{0};
extern "C" void programsHandler(int Signal) { ProgramSaw += Signal; }

/// A case that hangs ends the child with SIGALRM, not the whole test.
void failIfHanging() { ::alarm(60); }

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
  // the default action: the tuner died. A tuner keeps the signals for its
  // process, and the next Interruption is requested from its start.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        if (!Interruption::keepSignals())
          std::_Exit(4);
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

TEST(InterruptionTest, AProgramsRunsEachStartAfreshAndItsHandlersComeBack) {
  // A program that tunes owns its signals. Once, one Ctrl-C made every
  // later run stop at once, and SIGINT and SIGTERM never reached the
  // program again.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        std::signal(SIGINT, programsHandler);
        std::signal(SIGTERM, programsHandler);
        {
          Interruption Run([] {});
          std::raise(SIGINT);
          if (!Run.requested() || ProgramSaw != 0)
            std::_Exit(2);
        }
        // Ctrl-C stopped the run; it asked nothing more of the program.
        if (ProgramSaw != 0 || Interruption::pending() != 0)
          std::_Exit(3);
        {
          Interruption Next([] {});
          if (Next.requested())
            std::_Exit(4);
          std::raise(SIGTERM);
          if (!Next.requested() || ProgramSaw != 0)
            std::_Exit(5);
        }
        // SIGTERM asks the program to end: its handler hears it, once the
        // run is over.
        if (ProgramSaw != SIGTERM || Interruption::pending() != 0)
          std::_Exit(6);
        std::raise(SIGINT);
        exitWith(ProgramSaw == SIGTERM + SIGINT && Interruption::pending() == 0);
      },
      testing::ExitedWithCode(0), "");
}

TEST(InterruptionTest, WithoutAHandlerTheSignalEndsTheProgramAfterTheRun) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        {
          Interruption Run([] {});
          std::raise(SIGTERM);
          if (!Run.requested())
            std::_Exit(2);
        }
        std::_Exit(0);
      },
      testing::KilledBySignal(SIGTERM), "");
}

TEST(InterruptionTest, ASignalTheProcessIgnoresStaysIgnored) {
  // nohup's SIGHUP, a background job's SIGINT: not meant to stop a run.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        std::signal(SIGHUP, SIG_IGN);
        Interruption Run([] {});
        std::raise(SIGHUP);
        exitWith(!Run.requested() && Interruption::pending() == 0);
      },
      testing::ExitedWithCode(0), "");
}

TEST(InterruptionTest, RunsOnManyThreadsAtOnceEnd) {
  // Two runs alive at once (two threads of a program, or a cost function
  // that tunes) once hung: each had a watcher waiting for a byte of one
  // pipe, and one took the other's wake-up.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        failIfHanging();
        std::vector<std::thread> Threads;
        for (int T = 0; T < 8; ++T)
          Threads.emplace_back([] {
            for (int I = 0; I < 200; ++I) {
              Interruption Outer([] {});
              Interruption Nested([] {});
            }
          });
        for (std::thread &T : Threads)
          T.join();
        std::_Exit(0);
      },
      testing::ExitedWithCode(0), "");
}

TEST(InterruptionTest, OneSignalStopsEveryRunAndReachesTheProgramOnce) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        failIfHanging();
        std::signal(SIGTERM, programsHandler);
        constexpr int Runs = 4;
        std::promise<void> Called[Runs];
        std::promise<void> Live[Runs];
        std::promise<void> Raised;
        std::shared_future<void> RaisedFuture = Raised.get_future().share();
        std::vector<std::thread> Threads;
        for (int T = 0; T < Runs; ++T)
          Threads.emplace_back([&, T] {
            Interruption Run([&Called, T] { Called[T].set_value(); });
            Live[T].set_value();
            RaisedFuture.wait();
            if (Called[T].get_future().wait_for(10s) != std::future_status::ready ||
                !Run.requested())
              std::_Exit(2);
          });
        for (std::promise<void> &L : Live)
          L.get_future().wait();
        std::raise(SIGTERM);
        Raised.set_value();
        for (std::thread &T : Threads)
          T.join();
        exitWith(ProgramSaw == SIGTERM && Interruption::pending() == 0);
      },
      testing::ExitedWithCode(0), "");
}

TEST(InterruptionTest, AForkedChildsRunsHearSignals) {
  // A child that fork() made without exec has no watcher thread of its
  // own: its runs once never heard a signal (their measurements ran on).
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        failIfHanging();
        std::signal(SIGINT, programsHandler);
        {
          Interruption InTheParent([] {});
        }
        const pid_t Child = ::fork();
        if (Child == 0) {
          std::promise<void> Called;
          Interruption Run([&] { Called.set_value(); });
          std::raise(SIGINT);
          std::_Exit(Called.get_future().wait_for(10s) == std::future_status::ready ? 0 : 1);
        }
        int Status = 0;
        exitWith(::waitpid(Child, &Status, 0) == Child && WIFEXITED(Status) &&
                 WEXITSTATUS(Status) == 0);
      },
      testing::ExitedWithCode(0), "");
}
