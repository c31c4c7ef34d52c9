//===- Directives/ExpressionSize.h - Expressions Clang can analyse -*- C++ -*-===//
//
// Clang parses and analyses an expression by recursion: 5,000 chained `!`
// or a sum of 100,000 terms overflowed its stack and killed atfc with a
// segmentation fault. atfc analyses on a thread with a large stack
// (kAnalysisStackBytes), and refuses, before Clang sees them, expressions
// deeper than that stack is known to hold: more than kMaxPrefixOperators
// prefix operators in a row, or more than kMaxBinaryOperators binary
// operators in one expression. Commas do not count: a set of 100,000 values
// is a list, not a nest. Bracket nesting is Clang's own limit (256), which
// it reports itself.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DIRECTIVES_EXPRESSIONSIZE_H
#define ATFC_DIRECTIVES_EXPRESSIONSIZE_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>
#include <string>

namespace atfc {

inline constexpr std::size_t kMaxPrefixOperators = 1000;
/// The most values of a set: the analysis checks a set's values as one
/// variadic template (CheckPrelude.h), whose cost grows with the square of
/// their number (1,000 values: about a second; 10,000: three minutes and
/// 20 GB), under Clang's bracket and template depth (ClangUnitParser.cpp).
inline constexpr std::size_t kMaxSetValues = 1000;
inline constexpr std::size_t kMaxBinaryOperators = 20000;
inline constexpr unsigned kAnalysisStackBytes = 512u << 20;

/// Why Text is too large for the analysis, and where (an index into Text);
/// nullopt when it is not.
struct ExpressionTooLarge {
  std::size_t Index = 0;
  std::string Message;
};
std::optional<ExpressionTooLarge> expressionTooLarge(llvm::StringRef Text);

/// The same for the text of a set range ({a, b} or set(a, b)): more than
/// kMaxSetValues values.
std::optional<ExpressionTooLarge> setTooLarge(llvm::StringRef Text);

} // namespace atfc

#endif
