//===- Directives/ArgumentShapes.h - What an argument means -----*- C++ -*-===//
//
// The little of an argument's shape that the clause parser needs before
// Clang sees it: a range (interval<T>, set<T>, a braced list), a kernel
// input (scalar<T>, buffer<T>, local<T>), 1 to 3 launch sizes, a check's
// reference configuration and buffer numbers, and a constraint's
// capture-less lambdas made to capture by reference. Each error is
// reported at the user's line:col.
//
// Tested through ClauseParserTest.cpp and ClauseParserErrorTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DIRECTIVES_ARGUMENTSHAPES_H
#define ATFC_DIRECTIVES_ARGUMENTSHAPES_H

#include "Directives/ArgumentReader.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace atfc::clauses {

/// Makes every capture-less lambda of a constraint capture by reference:
/// the paper's `[](int ls) { return GS % ls == 0; }` names the parameter GS,
/// which in the check unit and in the tuner is a variable of the enclosing
/// function. The inserted `&` maps to the `]`.
void captureByReference(SourceExpr &X);

/// Interprets the arguments of the directive being parsed.
class ArgumentShapes : public ArgumentReader {
protected:
  std::optional<RangeSpec> classifyRange(const SourceExpr &X);
  std::optional<KernelInput> classifyInput(const SourceExpr &X);
  /// `A`, `A, B`, or `(A, B)` as 1 to 3 sizes.
  std::optional<std::vector<SourceExpr>> splitDimensions(const SourceExpr &X);
  /// `{.P = V, ...}` of a check's reference configuration.
  bool parseReference(const SourceExpr &X, std::vector<ReferenceValue> &Out);
  /// `N`, `N, M` or `{N, M}` of a check's buffers clause.
  bool parseBufferNumbers(const SourceExpr &X, std::vector<unsigned> &Out);
  /// An optional `<T>` at X.Text[I] of a range or input named Of; moves I
  /// past it, to NoIndex after an error.
  std::optional<SourceExpr> elementType(const SourceExpr &X, std::size_t &I, StringRef Of);
};

} // namespace atfc::clauses

#endif // ATFC_DIRECTIVES_ARGUMENTSHAPES_H
