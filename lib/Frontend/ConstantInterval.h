//===- Frontend/ConstantInterval.h - Intervals of constants ---*- C++ -*-===//
//
// What `atfc check` can tell about an interval whose bounds and step are
// constants before the tuner builds it: that it is empty, that its step is
// not positive, that a bound or the step is no value of the interval's type
// (`interval<char>(0, 400)`: the tuner would convert 400 into another
// number), or that the search-space engine cannot build it (2^40 of a
// `pow2` interval of int, 2^64 integers). The last is decided by the
// engine's own Interval (SearchSpace/Range.h) built from the constants, so
// that check and the tuner cannot disagree. Each problem comes with the
// place to point at: the step, the bound, or the interval.
//
// Tested through SpecAnalysisTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_FRONTEND_CONSTANTINTERVAL_H
#define ATFC_FRONTEND_CONSTANTINTERVAL_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <string>

namespace atfc {

/// The value of E as a number when it is a constant integer or
/// floating-point expression (an interval's bound, a local<T>(count)'s
/// count); nullopt otherwise.
std::optional<long double> constantNumber(const clang::ASTContext &Context, const clang::Expr *E);

/// Why the constant E would not keep its value as a T, into which the tuner
/// converts it (a set's value into its parameter's type): "is no value of
/// its type 'uint8_t', which holds 0 to 255", "has a fraction, and its type
/// 'int' holds integers"; nullopt where E is no constant number or keeps
/// its value (a floating-point value may round to a float).
std::optional<std::string> constantValueProblem(const clang::ASTContext &Context,
                                                const clang::Expr *E, clang::QualType T);

/// What is wrong with an interval of constants.
enum class IntervalProblem { None, Empty, NonPositiveStep, OutsideType, CannotBeBuilt };

struct ConstantIntervalProblem {
  IntervalProblem Kind = IntervalProblem::None;
  /// Where to point: the step, the bound outside the type, or the call.
  clang::SourceLocation Where;
  /// OutsideType and CannotBeBuilt: why, for the user ("its upper bound is
  /// no value of its type 'char', which holds -128 to 127").
  std::string Detail;
};

/// The generator of an interval, as far as its constants can be checked.
enum class IntervalGenerator { None, Pow2, Other };

/// Checks the interval call Call (lo, hi[, step[, generator]]) whose values
/// are of type Index (null: not known), as far as its arguments are
/// constants.
ConstantIntervalProblem checkConstantInterval(const clang::ASTContext &Context,
                                              const clang::CallExpr &Call, clang::QualType Index,
                                              IntervalGenerator Generator);

} // namespace atfc

#endif // ATFC_FRONTEND_CONSTANTINTERVAL_H
