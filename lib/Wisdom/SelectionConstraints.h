//===- Wisdom/SelectionConstraints.h - Constraints in C ---------*- C++ -*-===//
//
// The selection header (SelectionHeader.h) returns the nearest tuned
// configuration that satisfies the file's constraints at the program's own
// inputs: a configuration tuned for N = 4096 may break `divides(N)` at
// N = 1000. The wisdom carries the constraints as the analysis lowered them
// (WisdomConstraint: an alias and its operand, or a condition); here they
// become C.
//
// A wisdom file may be hostile, so no text of it is pasted: an expression
// is parsed and written again, fully parenthesised, and only when it is C
// that means what the C++ tuner computed: names of the numeric positional
// inputs and tuning parameters (with their declared types, so that C's
// arithmetic is C++'s), C99 integer and floating literals, `true` and
// `false`, and the operators of C but assignment, comma, `++`, `--`,
// casts, calls, members and subscripts (C++'s `and`, `or`, `not`, ...
// read as `&&`, `||`, `!`). An integer division or remainder by zero makes
// a configuration not fit (the tuner stops at one). Relations compare
// integers mathematically, as the tuner's engine does (SearchSpace/
// Constraint.h: `divides` on magnitudes, comparisons without wrapping), in
// one helper that every selection header shares, written with the tuner's
// constraints by one generator (Language/ConstraintCode.h). Everything else
// (a lambda, a call, a device limit, a constant input, a string) is not
// checked: the header lists it and takes it to hold.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_WISDOM_SELECTIONCONSTRAINTS_H
#define ATFC_WISDOM_SELECTIONCONSTRAINTS_H

#include "Support/Error.h"
#include "Wisdom/Wisdom.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace atfc {

/// An expression written as C.
struct CExpression {
  /// Fully parenthesised; an integer `/` or `%` by zero sets ZeroFlag.
  std::string Text;
  /// Whether its type is floating-point (else an integer).
  bool Floating = false;
  /// The names it reads.
  std::set<std::string> Names;
};

/// Text (C++ as written in a directive) as C over the names of Types (name
/// -> C type: an integer, floating-point or `int` for bool), or why it is
/// not such C (an error naming what is not). ZeroFlag is the `int` that
/// the expression sets to 1 where it would divide by zero (through the
/// shared `atfc_select_zero_()` of fitsFunction's code).
Expected<CExpression> expressionInC(std::string_view Text,
                                    const std::map<std::string, std::string> &Types,
                                    const std::string &ZeroFlag);

/// A number literal of a constraint that C (and C++) cannot hold as
/// written: an integer no integer type holds, a decimal one without `u`
/// beyond long long, a floating one beyond its type's range or rounding
/// to 0 there (18446744073709551615, 1e99999). Offset: where it begins in
/// the text; Why: "the number '1e99999' is beyond the range of double".
struct UnholdableLiteral {
  std::size_t Offset = 0;
  std::string Why;
};

/// The first unholdable literal of Text (C++ as written in a directive);
/// nullopt when there is none. `atfc check` and the analysis refuse it at
/// its place, and fitsFunction() refuses a wisdom that holds one.
std::optional<UnholdableLiteral> unholdableLiteral(std::string_view Text);

/// The part of the header that checks W's constraints.
struct FitsCode {
  /// The shared relation helper (under its own guard) and
  /// `static inline int <Stem>_fits(<inputs>, const <Stem>_config *)`.
  std::string Code;
  /// One line per conjunct checked, and per conjunct not checked with why
  /// ("WPT: divides(N)", "LS: X <= ocl::max_wg_size: names a device limit").
  std::vector<std::string> Checked, Unchecked;
};

/// The fits function of W with names from Stem; InputParameters is the
/// C parameter list of W's inputs ("size_t N, "). An error when a tuning
/// parameter and an input share a name the constraints read, or when a
/// relation or condition holds an unholdable literal.
Expected<FitsCode> fitsFunction(const Wisdom &W, const std::string &Stem,
                                const std::string &InputParameters);

} // namespace atfc

#endif
