//===- Directives/ClauseParserTestSupport.h - Parsing in tests --*- C++ -*-===//
//
// What the clause parser's tests share: parse a small OpenCL file, and read
// its diagnostics as "line:col: message".
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_DIRECTIVES_CLAUSEPARSERTESTSUPPORT_H
#define ATFC_TEST_DIRECTIVES_CLAUSEPARSERTESTSUPPORT_H

#include "Directives/ClauseParser.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace atfc::test {

inline SourcePosition pos(unsigned Line, unsigned Column) { return {Line, Column}; }

/// Scans Source as an OpenCL file and parses its directives; the scan
/// itself must succeed.
inline ClauseParse parse(llvm::StringRef Source) {
  DirectiveScan Scan = scanDirectives("kernel.cl", Source, SourceLanguage::CFamily);
  for (const Diagnostic &Diag : Scan.Diagnostics)
    ADD_FAILURE() << "scan: " << diagnosticLine(Diag, ProgramName);
  return parseClauses(Scan);
}

/// The parse's diagnostics as "line:col: message".
inline std::vector<std::string> diagnostics(const ClauseParse &Result) {
  std::vector<std::string> Out;
  for (const Diagnostic &Diag : Result.Diagnostics)
    Out.push_back(std::to_string(Diag.Location.Line) + ":" + std::to_string(Diag.Location.Column) +
                  ": " + Diag.Message);
  return Out;
}

/// The diagnostics of parsing Source.
inline std::vector<std::string> errorsOf(llvm::StringRef Source) {
  return diagnostics(parse(Source));
}

using Lines = std::vector<std::string>;

inline void expectClean(const ClauseParse &Result) { EXPECT_EQ(diagnostics(Result), Lines{}); }

/// The spec of Source, which must parse without errors.
inline TuningSpec specOf(llvm::StringRef Source) {
  ClauseParse Result = parse(Source);
  expectClean(Result);
  return std::move(Result.Spec);
}

/// Checks that X's source map is consistent: one position per character,
/// Begin the first.
inline void expectMapped(const SourceExpr &X) {
  EXPECT_EQ(X.Positions.size(), X.Text.size()) << X.Text;
  if (!X.Positions.empty()) {
    EXPECT_EQ(X.Positions.front(), X.Begin) << X.Text;
  }
}

} // namespace atfc::test

#endif
