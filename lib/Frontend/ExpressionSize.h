//===- Frontend/ExpressionSize.h - Expressions Clang can analyse -*- C++ -*-===//
//
// Clang parses and analyses an expression by recursion: 5,000 chained `!`
// or a sum of 100,000 terms overflowed its stack and killed atfc with a
// segmentation fault. atfc analyses on a thread with a large stack
// (kAnalysisStackBytes), and refuses, before Clang sees them, expressions
// deeper than that stack is known to hold: more than kMaxPrefixOperators
// prefix operators in a row, or more than kMaxBinaryOperators binary
// operators in one expression. Commas do not count: a set of 100,000 values
// is a list, not a nest, and each of its values is counted on its own.
// Bracket nesting is Clang's own limit, which it reports itself.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_FRONTEND_EXPRESSIONSIZE_H
#define ATFC_FRONTEND_EXPRESSIONSIZE_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace atfc {

inline constexpr std::size_t kMaxPrefixOperators = 1000;
/// The analysis checks a set's values in chunks of at most kSetChunkValues,
/// chunks of chunks above that (SyntheticUnit.cpp), so that its cost grows
/// with their number: as one variadic template, it grew with the square of
/// it (2,000 values: 4.65 s and 0.9 GB; 10,000: 182 s and 19.8 GB).
inline constexpr std::size_t kSetChunkValues = 32;
/// A set with a `<` among its values may have commas inside template
/// arguments, which do not separate values, so it is not cut into chunks:
/// it is checked as one variadic template, up to this many values, under
/// Clang's bracket and template depth (ClangUnitParser.cpp).
inline constexpr std::size_t kMaxUnchunkedSetValues = 1000;
/// The most values of any set: the text the analysis and the tuner compile
/// grows with them (10^7 small values are about 100 MB of source).
inline constexpr std::size_t kMaxSetValues = 10'000'000;
inline constexpr std::size_t kMaxBinaryOperators = 20000;
inline constexpr unsigned kAnalysisStackBytes = 512u << 20;

/// Why Text is too large for the analysis, and where (an index into Text);
/// nullopt when it is not.
struct ExpressionTooLarge {
  std::size_t Index = 0;
  std::string Message;
};
std::optional<ExpressionTooLarge> expressionTooLarge(llvm::StringRef Text);

/// The values of the text of a set range (`{a, b}`, `set(a, b)`,
/// `atf::set<T>(a, b)`): the brackets around them and each value's
/// half-open index range, untrimmed. Chunkable when no `<` lies among them
/// outside literals, so that the commas one bracket deep are exactly the
/// separators of values.
struct SetValueList {
  std::size_t Open = 0;
  std::size_t Close = 0;
  std::vector<std::pair<std::size_t, std::size_t>> Values;
  bool Chunkable = false;
};
/// Nullopt when Text is not a set's text (no closing bracket ends it).
std::optional<SetValueList> setValueList(llvm::StringRef Text);

/// The same as expressionTooLarge for the text of a set range, each value
/// counted on its own: more than kMaxSetValues values (more than
/// kMaxUnchunkedSetValues when it cannot be chunked), or a value too large.
/// MaxValues stands for kMaxSetValues in tests.
std::optional<ExpressionTooLarge> setTooLarge(llvm::StringRef Text,
                                              std::size_t MaxValues = kMaxSetValues);

} // namespace atfc

#endif
