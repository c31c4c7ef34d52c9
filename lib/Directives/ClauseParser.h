//===- Directives/ClauseParser.h - Parse directive clauses ------*- C++ -*-===//
//
// The second stage of the directive frontend: reads the directives that the
// scanner found and turns them into a TuningSpec. It knows each directive's
// syntax (its clauses, which are required, which may repeat) but not C++:
// every argument is kept as text with its source map for the Clang stage.
// It reports every syntax error of a file, each at the user's line:col.
//
// How an argument is delimited: a directive with clauses (`tp`,
// `device_info`, `check`) is a sequence of `KEYWORD ARGUMENT`. An argument
// runs up to the next clause keyword that stands at bracket depth 0 (only
// (), [] and {} count: `<` and `>` may be comparisons) as a whole word after
// a blank; string and character literals are skipped. A word that follows a
// complete operand (`interval<int>(1, N) constrant ...`) cannot continue a
// C++ expression, so it is taken as a misspelt clause keyword. An argument
// that is one string literal as a whole is a quoted argument: the quotes are
// stripped and its escapes decoded (`range "{1, 2}"` is `range {1, 2}`),
// except where the value itself is a string (script commands, file names,
// `vendor`, `type` of device_info, `var` initializers).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DIRECTIVES_CLAUSEPARSER_H
#define ATFC_DIRECTIVES_CLAUSEPARSER_H

#include "Directives/DirectiveScanner.h"
#include "Language/TuningSpec.h"

#include <vector>

namespace atfc {

/// The result of parsing the directives of one file.
struct ClauseParse {
  /// What the directives declare; incomplete when there are Diagnostics.
  TuningSpec Spec;
  /// The syntax errors, ordered by position in the file.
  std::vector<Diagnostic> Diagnostics;

  bool hasErrors() const { return !Diagnostics.empty(); }
};

/// Parses the directives of Scan (the scanner's own diagnostics are not
/// repeated). The directives:
///
///   var<T> NAME = EXPR    var::NAME $k    var<T>::NAME $k    (var NAME = EXPR)
///   tp name N [type T] range R [constraint C]      (clauses in any order)
///   search_technique E   abort_condition E   seed E
///   compile_script S     run_script S        cost_file S     timeout E
///   warmups E            repetitions E       check ...       (see ResultCheck)
///   ocl::device_info [vendor S] [type S] [id E] [platform_id E] [device_id E]
///   ocl::platform_id E   ocl::device_id E    ocl::global_size E[, E[, E]]
///   ocl::local_size E[, E[, E]]
///   cuda::device_id E    cuda::grid_dim E[, ...]   cuda::block_dim E[, ...]
///   ocl::/cuda:: kernel_name NAME    input scalar<T>(E) | buffer<T>(E)
///
/// `opencl::` is the same as `ocl::`; `warmups`, `repetitions` and `check`
/// may carry a backend prefix. Every directive but `var`, `tp` and `input`
/// may appear once per file. For the slides' spelling,
/// `search_technique duration<minutes>(10)` (an abort condition given as a
/// search technique) is taken as the abort condition.
ClauseParse parseClauses(const DirectiveScan &Scan);

} // namespace atfc

#endif // ATFC_DIRECTIVES_CLAUSEPARSER_H
