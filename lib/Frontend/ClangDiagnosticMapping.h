//===- Frontend/ClangDiagnosticMapping.h - Clang's errors in the user's file -*- C++ -*-===//
//
// Clang analyses the user's expressions inside a synthetic unit
// (SyntheticUnit.h); its errors point into that unit. This moves them back
// to the user's file. An error inside the user's own characters is shown as
// Clang wrote it (a few that name a tuning parameter where none may be
// named are reworded). An error in the synthetic code around an expression
// is a parse error caused by the expression (shown at the expression's end)
// or a consequence of an error already shown (dropped); anything else would
// be a bug of atfc and is shown as an internal error.
//
// Tested through SpecAnalysisTest.cpp and by test/atfc/check/type-error.cl.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_FRONTEND_CLANGDIAGNOSTICMAPPING_H
#define ATFC_FRONTEND_CLANGDIAGNOSTICMAPPING_H

#include "Frontend/ClangUnitParser.h"
#include "Frontend/SyntheticUnit.h"
#include "Language/TuningSpec.h"
#include "Support/Diagnostic.h"

#include <string>
#include <vector>

namespace atfc {

/// Clang's errors among Messages (of Unit, built from Spec) as errors at the
/// user's positions in Unit.FileName, in Clang's order; marks
/// ExpressionHasError[E] (one entry per expression of Unit) for every
/// expression with an error.
std::vector<Diagnostic> mapClangDiagnostics(const SyntheticUnit &Unit, const TuningSpec &Spec,
                                            const std::vector<ClangMessage> &Messages,
                                            std::vector<bool> &ExpressionHasError);

} // namespace atfc

#endif
