//===- Frontend/ImpureCalls.h - Calls that may have side effects -*- C++ -*-===//
//
// An expression of a file is evaluated by the tuner as often as it likes:
// a range once per generation, a constraint once per candidate value. A
// call with a side effect there (`std::rand()`, `printf(...)`, `system(...)`)
// would run each time and make the space depend on the order of
// evaluation. Only calls known to be free of side effects are allowed:
// constexpr functions, lambdas (whose bodies are checked the same way), the
// language's own names (interval, set, the aliases: namespace atf) and the
// standard library's functions of Language.def (ATF_LIBRARY_FUNCTION). An
// implicit call (a conversion, a destructor) is none the user wrote.
//
// Tested by test/atfc/check/impure-calls.sh
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_FRONTEND_IMPURECALLS_H
#define ATFC_FRONTEND_IMPURECALLS_H

#include "clang/AST/Expr.h"

#include <string>
#include <vector>

namespace atfc {

/// A call of a function not known to be free of side effects.
struct ImpureCall {
  /// Where the callee's name is.
  clang::SourceLocation Where;
  /// The function's qualified name ("std::rand", "printf").
  std::string Name;
};

/// The calls of E (lambda bodies included) that may have side effects, in
/// the order they are found.
std::vector<ImpureCall> impureCallsIn(const clang::Expr *E);

/// The error at such a call.
std::string impureCallMessage(const std::string &Name);

} // namespace atfc

#endif // ATFC_FRONTEND_IMPURECALLS_H
