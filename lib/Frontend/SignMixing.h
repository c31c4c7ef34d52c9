//===- Frontend/SignMixing.h - Signed meets unsigned in C++ -----*- C++ -*-===//
//
// Where a constraint's C++ converts a signed integer into an unsigned one:
// a comparison whose operands' common type is unsigned while one operand is
// a signed integer not known to be non-negative (Clang's -Wsign-compare
// reasoning), or an arithmetic operator of that kind whose signed operand
// is known to be negative. There `-1` becomes 4294967295. The search-space
// engine's aliases and bounds compare integers as numbers (std::cmp_less),
// so `B > OFF` and `B > OFF || B == 100` would mean different things:
// SpecAnalysis refuses such an operator in a filter, where the tuner
// evaluates the user's C++ as it is, when the value is known to be
// negative, and warns when it may be.
//
// Tested through SpecAnalysisTest.cpp and test/atfc/check/sign-mixing.sh.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_FRONTEND_SIGNMIXING_H
#define ATFC_FRONTEND_SIGNMIXING_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>
#include <vector>

namespace atfc {

struct SignMixing {
  /// The operator's location.
  clang::SourceLocation Operator;
  /// Whether the signed operand is known to be negative (else it may be).
  bool Negative = false;
  /// What happens there, for the user.
  std::string Message;
};

/// The value of an operand that is known beyond Clang's constant evaluation
/// (a constant input's), else nullopt.
using KnownValueFunction = llvm::function_ref<std::optional<llvm::APSInt>(const clang::Expr *)>;

/// The operators of E (lambda bodies included) that convert a signed
/// integer into an unsigned one, in the order they are found.
std::vector<SignMixing> signMixingIn(const clang::ASTContext &Context, const clang::Expr *E,
                                     KnownValueFunction KnownValue);

} // namespace atfc

#endif // ATFC_FRONTEND_SIGNMIXING_H
