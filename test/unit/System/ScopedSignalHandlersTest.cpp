//===- ScopedSignalHandlersTest.cpp - Handlers for a scope ----------------===//
#include "System/ScopedSignalHandlers.h"

#include <gtest/gtest.h>

#include <csignal>

namespace atfc {
namespace {

volatile sig_atomic_t Outer = 0;
volatile sig_atomic_t Inner = 0;
extern "C" void outerHandler(int) { Outer = Outer + 1; }
extern "C" void innerHandler(int) { Inner = Inner + 1; }

void (*handlerOf(int Signal))(int) {
  struct sigaction Current = {};
  sigaction(Signal, nullptr, &Current);
  return Current.sa_handler;
}

constexpr int kSignals[] = {SIGUSR1, SIGUSR2};

TEST(ScopedSignalHandlersTest, TheReplacedHandlerIsBackAtTheEndOfTheScope) {
  std::signal(SIGUSR1, outerHandler);
  std::signal(SIGUSR2, SIG_IGN);
  {
    ScopedSignalHandlers Scope(kSignals, innerHandler);
    EXPECT_EQ(handlerOf(SIGUSR1), innerHandler);
    EXPECT_EQ(handlerOf(SIGUSR2), innerHandler);
    std::raise(SIGUSR1);
    EXPECT_EQ(Inner, 1);
    EXPECT_EQ(Outer, 0);
  }
  // The caller's handler and its SIG_IGN, not SIG_DFL.
  EXPECT_EQ(handlerOf(SIGUSR1), outerHandler);
  EXPECT_EQ(handlerOf(SIGUSR2), SIG_IGN);
  std::raise(SIGUSR1);
  EXPECT_EQ(Outer, 1);
  std::signal(SIGUSR1, SIG_DFL);
  std::signal(SIGUSR2, SIG_DFL);
}

TEST(ScopedSignalHandlersTest, RestoreEarlyThenTheEndOfTheScopeChangesNothing) {
  std::signal(SIGUSR1, outerHandler);
  {
    ScopedSignalHandlers Scope(kSignals, innerHandler, SA_RESTART);
    Scope.restore();
    EXPECT_EQ(handlerOf(SIGUSR1), outerHandler);
    // Someone installs another handler after the early restore: the end of
    // the scope must not undo it.
    std::signal(SIGUSR1, innerHandler);
  }
  EXPECT_EQ(handlerOf(SIGUSR1), innerHandler);
  std::signal(SIGUSR1, SIG_DFL);
}

TEST(ScopedSignalHandlersTest, NestedScopesUnwindInOrder) {
  std::signal(SIGUSR1, SIG_DFL);
  {
    ScopedSignalHandlers First(kSignals, outerHandler);
    {
      ScopedSignalHandlers Second(kSignals, innerHandler);
      EXPECT_EQ(handlerOf(SIGUSR1), innerHandler);
    }
    EXPECT_EQ(handlerOf(SIGUSR1), outerHandler);
  }
  EXPECT_EQ(handlerOf(SIGUSR1), SIG_DFL);
}

} // namespace
} // namespace atfc
