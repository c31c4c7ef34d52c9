//===- System/CaughtArithmeticTrap.cpp - A trap that fails a call ---------===//
//
// The handler is installed only around the call, over whatever was there
// (the tuner's ArithmeticTrapReport names a range that traps while the
// space is built), and put back after it. A trap on another thread while
// it is installed finds no landing there: the handler then restores the
// default action, and the trapping instruction, run again, ends the
// process as it would have.
//
//===----------------------------------------------------------------------===//
#include "System/CaughtArithmeticTrap.h"

#include "System/ScopedSignalHandlers.h"

#include <csetjmp>
#include <csignal>

namespace atfc {
namespace {

thread_local sigjmp_buf *Landing = nullptr;

extern "C" void onCaughtArithmeticTrap(int Signal) {
  if (sigjmp_buf *Here = Landing)
    siglongjmp(*Here, 1);
  std::signal(Signal, SIG_DFL);
}

bool callGuarded(void (*Call)(void *), void *Context) {
  sigjmp_buf Here;
  sigjmp_buf *const Outer = Landing;
  // sigsetjmp saves the signal mask: the trap's signal, blocked while its
  // handler runs, is unblocked again on the way back.
  if (sigsetjmp(Here, 1) != 0) {
    Landing = Outer;
    return false;
  }
  Landing = &Here;
  Call(Context);
  Landing = Outer;
  return true;
}

} // namespace

bool callCatchingArithmeticTraps(void (*Call)(void *), void *Context) {
  static constexpr int Traps[] = {SIGFPE, SIGILL};
  const ScopedSignalHandlers Handlers(Traps, onCaughtArithmeticTrap);
  return callGuarded(Call, Context);
}

} // namespace atfc
