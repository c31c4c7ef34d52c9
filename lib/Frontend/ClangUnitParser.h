//===- Frontend/ClangUnitParser.h - Parse the unit with Clang -*- C++ -*-===//
//
// Runs Clang (LibTooling) once on a synthetic unit (SyntheticUnit.h) and
// keeps what it says as data: the AST, and every diagnostic with its level,
// ID, message and byte offset in the unit. Nothing is printed; mapping
// offsets back to the user's file is the caller's work.
//
// Tested through LanguageTableTest.cpp and SpecAnalysisTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_FRONTEND_CLANGUNITPARSER_H
#define ATFC_FRONTEND_CLANGUNITPARSER_H

#include "Frontend/SyntheticUnit.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/ASTUnit.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// What Clang's diagnostics engine said, as data: a record for
/// ClangDiagnosticMapping, which turns those about the user's text into
/// Diagnostics at the user's positions. Never shown as it is.
struct ClangMessage {
  /// Error, warning, note, ...
  clang::DiagnosticsEngine::Level Level = clang::DiagnosticsEngine::Error;
  /// The diagnostic's ID (clang::diag::...).
  unsigned ID = 0;
  /// The formatted message, without location or severity.
  std::string Message;
  /// Where it points in the unit (a byte offset); none when it points into
  /// a header or nowhere.
  std::optional<unsigned> Offset;
};

/// The result of parsing a unit.
struct ParsedUnit {
  /// The AST; null when Clang could not run at all.
  std::unique_ptr<clang::ASTUnit> AST;
  /// Everything Clang said, in the order it said it.
  std::vector<ClangMessage> Messages;
};

/// Parses Unit as C++20 with the resource directory of the Clang that atfc
/// was built with, all warnings off and no limit on the number of errors.
ParsedUnit parseSyntheticUnit(const SyntheticUnit &Unit);

} // namespace atfc

#endif // ATFC_FRONTEND_CLANGUNITPARSER_H
