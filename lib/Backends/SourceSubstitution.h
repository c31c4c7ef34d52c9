//===- Backends/SourceSubstitution.h - A configuration's source -*- C++ -*-===//
//
// The source-to-source step: the annotated file with its directives blanked
// becomes one configuration's C-family source by writing each parameter's
// `#define NAME VALUE` onto the blank line its `#atf::tp` directive left, so
// that every other line keeps its number and a compiler's errors point at
// the user's lines. The same text is the per-configuration ATF_SOURCE of the
// process backend and the tuned source the runtime writes at the end.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_BACKENDS_SOURCESUBSTITUTION_H
#define ATFC_BACKENDS_SOURCESUBSTITUTION_H

#include "Backends/Measurement.h"

#include <span>
#include <string>
#include <string_view>

namespace atfc {

/// The C preprocessor text of a value: bools as 1 and 0 (C has no `true`
/// before C23, and `#if` treats an unknown `true` as 0), strings quoted with
/// escapes, doubles with a decimal point, unsigned values with a `u` suffix.
std::string preprocessorValue(const Value &V);

/// BlankedSource with `#define NAME VALUE` for each of Values. DefineLines[i]
/// is the 1-based line of Values[i]'s `#atf::tp` directive; that line, which
/// must be blank (empty or whitespace) in BlankedSource, becomes the define.
/// A define whose line is 0, missing, beyond the text, not blank, or already
/// taken goes before the text instead, followed by `#line 1` so that the
/// text's lines keep their numbers.
std::string substituteConfiguration(std::string_view BlankedSource, const ParameterValues &Values,
                                    std::span<const unsigned> DefineLines);

} // namespace atfc

#endif
