//===- Search/TechniqueExpr.h - Technique expressions as text ---*- C++ -*-===//
//
// Parses the text of a `search_technique` directive into a tree of names and
// numbers, before any technique is built (TechniqueFactory builds them):
//
//   technique := name [ '(' [ argument (',' argument)* ] ')' ]
//   argument  := number | technique
//
// e.g. `auc_bandit`, `simulated_annealing(2, 0.5)`, `round_robin(torczon,
// pattern_search)`. Names may carry an `atf::` prefix (dropped here).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUEEXPR_H
#define ATFC_SEARCH_TECHNIQUEEXPR_H

#include "Search/ExpressionLexer.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace atfc {

/// A technique as written: its name, its numbers and its sub-techniques.
struct TechniqueExpr {
  /// The name without `atf::`: "simulated_annealing".
  std::string Name;
  /// The numeric arguments, in order.
  std::vector<double> Numbers;
  /// The technique arguments, in order (meta-techniques).
  std::vector<TechniqueExpr> Techniques;
  /// Offset of the name in the parsed text.
  std::size_t Offset = 0;
};

/// The expression Text writes, or why it is none (at its offset in Text:
/// textOffset()).
Expected<TechniqueExpr> parseTechnique(std::string_view Text);

/// The expression as text: "round_robin(torczon, random)".
std::string describe(const TechniqueExpr &Expr);

} // namespace atfc

#endif
