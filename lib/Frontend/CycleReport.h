//===- Frontend/CycleReport.h - Where a cycle of constraints is --*- C++ -*-===//
//
// The error for parameters whose constraints need each other's values. It
// stands at the name that closes the cycle, read in file order (the name
// the user most likely wrote last), and a note stands at every other name
// of the cycle: each is a place where the user may cut it.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_FRONTEND_CYCLEREPORT_H
#define ATFC_FRONTEND_CYCLEREPORT_H

#include "Directives/DirectiveScanner.h"
#include "Support/Diagnostic.h"

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <string>
#include <vector>

namespace atfc {

/// The constraint of parameter From names parameter To at Where.
struct ParameterReference {
  std::size_t From = 0;
  std::size_t To = 0;
  SourcePosition Where;
};

/// The error for a cycle among Component (parameters that depend on each
/// other, ascending), in the file FileName. References holds where each
/// constraint names another parameter (others than Component's are
/// ignored); ParameterNames and Directives are per parameter, a directive
/// being where an error stands when no reference closes a cycle.
Diagnostic cycleDiagnostic(const std::vector<std::size_t> &Component,
                           const std::vector<ParameterReference> &References,
                           const std::vector<std::string> &ParameterNames,
                           const std::vector<SourcePosition> &Directives, llvm::StringRef FileName);

} // namespace atfc

#endif // ATFC_FRONTEND_CYCLEREPORT_H
