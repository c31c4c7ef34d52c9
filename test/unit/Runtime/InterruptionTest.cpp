//===- InterruptionTest.cpp - Ctrl-C stops a run cleanly ------------------===//
#include "runtime/Interruption.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>

namespace atfc {
namespace {

std::atomic<int> OwnHandlerCalls{0};
extern "C" void ownHandler(int) { ++OwnHandlerCalls; }

/// The handler now installed for Signal.
void (*handlerOf(int Signal))(int) {
  struct sigaction Current = {};
  sigaction(Signal, nullptr, &Current);
  return Current.sa_handler;
}

/// Installs Handler for every interrupting signal for the scope, then puts
/// the default back, so that the tests leave the process as they found it.
struct InstalledHandlers {
  explicit InstalledHandlers(void (*Handler)(int)) {
    for (int Signal : kInterruptingSignals)
      std::signal(Signal, Handler);
  }
  ~InstalledHandlers() {
    for (int Signal : kInterruptingSignals)
      std::signal(Signal, SIG_DFL);
  }
};

TEST(InterruptionTest, PutsBackTheHandlersItReplaced) {
  InstalledHandlers Own(ownHandler);
  {
    Interruption Stop([] {});
    for (int Signal : kInterruptingSignals)
      EXPECT_NE(handlerOf(Signal), ownHandler) << Signal;
  }
  // Not SIG_DFL: the handlers of whoever made the Interruption.
  for (int Signal : kInterruptingSignals)
    EXPECT_EQ(handlerOf(Signal), ownHandler) << Signal;
  const int Before = OwnHandlerCalls;
  std::raise(SIGHUP);
  EXPECT_EQ(OwnHandlerCalls, Before + 1);
}

TEST(InterruptionTest, AnIgnoredSignalStaysIgnoredAfterwards) {
  InstalledHandlers Ignored(SIG_IGN);
  {
    Interruption Stop([] {});
  }
  for (int Signal : kInterruptingSignals)
    EXPECT_EQ(handlerOf(Signal), SIG_IGN) << Signal;
}

TEST(InterruptionTest, ASignalIsRecordedAndHandledOnTheWatcher) {
  InstalledHandlers Own(ownHandler);
  std::atomic<bool> Called{false};
  {
    Interruption Stop([&] { Called = true; });
    EXPECT_FALSE(Stop.requested());
    const int Before = OwnHandlerCalls;
    std::raise(SIGTERM);
    EXPECT_TRUE(Stop.requested());
    EXPECT_EQ(Stop.signal(), SIGTERM);
    EXPECT_EQ(Stop.exitCode(), 128 + SIGTERM);
    EXPECT_EQ(OwnHandlerCalls, Before); // the run's handler, not the replaced one
    for (int I = 0; I < 500 && !Called; ++I)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_TRUE(Called);
  }
  EXPECT_EQ(handlerOf(SIGTERM), ownHandler);
}

} // namespace
} // namespace atfc
