//===- CodeGen/FixValue.h - A --fix value as tuner code ---------*- C++ -*-===//
//
// `atfc tune --fix NAME=VALUE` pastes VALUE into the tuner as one C++ value
// of the parameter's type. What would end or break the tuner's statement,
// or name something the tuner does not know, is refused here, before the
// tuner is built: never a compiler's output.
//
// Tested through FixValueTest.cpp and test/atfc/tune/fix-value.test.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_CODEGEN_FIXVALUE_H
#define ATFC_CODEGEN_FIXVALUE_H

#include "Language/TuningSpec.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace atfc {

/// Why a --fix value cannot be pasted into the tuner as one value of the
/// parameter's type, or "" when it can: no `;`, brace, comment or line
/// break outside literals (they would end the tuner's expression or
/// statement), brackets that pair, no top-level comma, and no assignment,
/// increment, decrement or call of a function that may have a side effect
/// (only Language.def's library functions, std::numeric_limits' members and
/// functional casts may be called).
std::string fixValueProblem(llvm::StringRef Value);

/// The first word of a --fix value that names nothing the tuner knows: not
/// an input of Spec, not `true` or `false`, not part of a qualified name
/// or a call (`std::min(N, 8)`); empty for none.
std::string unknownFixWord(llvm::StringRef Value, const TuningSpec &Spec);

/// Why `--fix Name=Value` cannot be pasted into Spec's tuner, as its
/// error says it, or "" when it can: Name is no parameter, or Value (not
/// a string parameter's own text, IsText) has a fixValueProblem or an
/// unknownFixWord.
std::string fixProblem(const std::string &Name, const std::string &Value, const TuningSpec &Spec,
                       bool IsText);

} // namespace atfc

#endif
