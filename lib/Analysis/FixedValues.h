//===- Analysis/FixedValues.h - Parameters fixed to one value ---*- C++ -*-===//
//
// A pruning proposal leaves the analysis in two forms: directives to paste
// into the annotated source (each pruned parameter's `tp` directive
// replaced by one whose range is the single fixed value) and arguments for
// `atfc tune --fix NAME=VALUE ...`, which fixes them for one run without
// editing the source. This file writes both and parses the latter.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_ANALYSIS_FIXEDVALUES_H
#define ATFC_ANALYSIS_FIXEDVALUES_H

#include "Analysis/SpacePruning.h"
#include "Support/Error.h"

#include <span>
#include <string>
#include <vector>

namespace atfc {

/// One NAME=VALUE of `--fix`.
struct FixedValue {
  /// The parameter's name: a C++ identifier.
  std::string Name;
  /// The value as written after '=': a C++ expression of the parameter's
  /// type (atfc tune adds `equal(VALUE)` to the parameter's constraint), so
  /// a string value is written with its quotes: OPT="-O3".
  std::string Text;
};

/// Parses Arguments, each one "NAME=VALUE" (the first '=' separates them):
/// NAME must be an identifier, VALUE non-empty, and no name may repeat; or
/// says what is wrong ("--fix 'X': ...").
Expected<std::vector<FixedValue>> parseFixedValues(std::span<const std::string> Arguments);

/// The directives that fix Proposal's parameters, one `#atf::tp name N
/// range {V}` per parameter, each preceded by a `//` comment; they replace
/// the parameters' own `tp` directives.
std::string fixingDirectives(const PruningProposal &Proposal);

/// "--fix A=1 --fix 'B=\"x\"'": the arguments that apply Proposal to `atfc
/// tune`, each value a C++ expression, shell-quoted where needed; empty
/// when it fixes nothing.
std::string fixArguments(const PruningProposal &Proposal);

} // namespace atfc

#endif
