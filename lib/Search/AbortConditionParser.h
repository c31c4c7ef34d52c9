//===- Search/AbortConditionParser.h - Abort conditions as text -*- C++ -*-===//
//
// Parses the text of an `abort_condition` directive into an AbortCondition:
//
//   condition := or
//   or        := and ('||' and)*
//   and       := unary ('&&' unary)*
//   unary     := '!' unary | '(' or ')' | call
//   call      := evaluations(n) | valid_evaluations(n) | fraction(f)
//              | duration<unit>(t) | cost(c, ...) | speedup(s, window)
//              | speedup<unit>(s, t)
//   window    := evaluations(n) | duration<unit>(t)
//   unit      := seconds | minutes | hours | milliseconds | microseconds
//
// Every name may carry an `atf::` prefix and a unit `std::chrono::`; `and`,
// `or`, `not` are the same as `&&`, `||`, `!`. Numbers are C++ literals.
// Errors carry the offset in the text, so that a tool can point at it.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_ABORTCONDITIONPARSER_H
#define ATFC_SEARCH_ABORTCONDITIONPARSER_H

#include "Search/AbortCondition.h"
#include "Search/ExpressionLexer.h"

#include <optional>
#include <span>
#include <string_view>

namespace atfc {

/// The condition Text writes, or why it is none (at its offset in Text:
/// textOffset()); a cost(c, ...) target is read in Objectives' units and
/// directions (a maximised objective's target is a least value).
Expected<AbortCondition> parseAbortCondition(std::string_view Text,
                                             std::span<const Objective> Objectives = {});

} // namespace atfc

#endif
