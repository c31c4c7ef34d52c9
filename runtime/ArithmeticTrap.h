//===- runtime/ArithmeticTrap.h - A trapping expression, named -*- C++ -*-===//
//
// The range and constraint expressions of a file are the user's C++,
// evaluated by the tuner while it builds and generates the space. One that
// divides by zero or overflows traps: SIGFPE at run time, or SIGILL where
// the compiler turned undefined behaviour it could see into a trap. Instead
// of "Illegal instruction", the tuner names the expression: the emitted
// code marks each range with its place in the file before evaluating it
// (and each --fix value with its text), the generator marks the constraint
// it evaluates (SearchSpace/Parameter.h: CurrentConstraint), and while an
// ArithmeticTrapReport exists, a trap prints that place and exits with 1.
//
// Tested by test/atfc/space/trapping-range.test.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RUNTIME_ARITHMETICTRAP_H
#define ATFC_RUNTIME_ARITHMETICTRAP_H

#include "System/ScopedSignalHandlers.h"

#include <string>

namespace atfc {

/// Marks the expression about to be evaluated: Where is "file:line:col"
/// (a string literal of the emitted code), or null when none is; What
/// names it in the report ("--fix X=N/0" at Where = the file's name).
void evaluatingExpression(const char *Where, const char *What = "this range") noexcept;

class ArithmeticTrapReport {
public:
  /// Reports traps as errors of FileName until destroyed.
  explicit ArithmeticTrapReport(const std::string &FileName);
  ~ArithmeticTrapReport();
  ArithmeticTrapReport(const ArithmeticTrapReport &) = delete;
  ArithmeticTrapReport &operator=(const ArithmeticTrapReport &) = delete;

private:
  ScopedSignalHandlers Handlers;
};

} // namespace atfc

#endif
