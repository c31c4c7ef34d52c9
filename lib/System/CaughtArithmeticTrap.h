//===- System/CaughtArithmeticTrap.h - A trap that fails a call -*- C++ -*-===//
//
// Some of a file's C++ runs once per configuration: a derived objective, a
// kernel's launch sizes. With one configuration's values it may divide by
// zero or overflow, which traps (SIGFPE, or SIGILL where the compiler turned
// undefined behaviour it could see into a trap). That configuration is
// invalid; the run must go on. A trap on the calling thread inside
// catchingArithmeticTraps() returns to it (siglongjmp from the handler, the
// one way to leave a synchronous trap) and the call says it trapped. What the
// call had built on its way is abandoned: it is a few numbers of the
// user's expression.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_CAUGHTARITHMETICTRAP_H
#define ATFC_SYSTEM_CAUGHTARITHMETICTRAP_H

#include <optional>
#include <type_traits>

namespace atfc {

/// Runs Call(Context); false when it trapped on this thread.
bool callCatchingArithmeticTraps(void (*Call)(void *), void *Context);

/// F's result, or nothing when it trapped.
template <class F> auto catchingArithmeticTraps(F &&Function) {
  using Result = std::invoke_result_t<F &>;
  std::optional<Result> Out;
  struct Frame {
    F *Function;
    std::optional<Result> *Out;
  } Here{&Function, &Out};
  const bool Finished = callCatchingArithmeticTraps(
      [](void *P) {
        Frame &Call = *static_cast<Frame *>(P);
        Call.Out->emplace((*Call.Function)());
      },
      &Here);
  if (!Finished)
    Out.reset();
  return Out;
}

} // namespace atfc

#endif
