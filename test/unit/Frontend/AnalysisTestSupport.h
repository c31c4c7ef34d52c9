//===- Frontend/AnalysisTestSupport.h - Helpers for analysis tests -*- C++ -*-===//
//
// What the tests of the semantic analysis share: running scan, parse and
// analysis on a source text, reading the annotated inputs, and finding a
// parameter's or input's results by name.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_DIRECTIVES_ANALYSISTESTSUPPORT_H
#define ATFC_TEST_DIRECTIVES_ANALYSISTESTSUPPORT_H

#include "Directives/ClauseParser.h"
#include "Frontend/SpecAnalysis.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace atfc::test {

using Lines = std::vector<std::string>;

/// A file's spec and its analysis.
struct Analysis {
  TuningSpec Spec;
  AnalyzedSpec Result;
};

/// Scans and parses Source (which must have no syntax errors) and analyses
/// its spec.
inline Analysis analyze(llvm::StringRef Source, llvm::StringRef File = "kernel.cl") {
  DirectiveScan Scan = scanDirectives(File, Source, sourceLanguageForPath(File));
  for (const Diagnostic &Diag : Scan.Diagnostics)
    ADD_FAILURE() << "scan: " << diagnosticLine(Diag, ProgramName);
  ClauseParse Parse = parseClauses(Scan);
  for (const Diagnostic &Diag : Parse.Diagnostics)
    ADD_FAILURE() << "parse: " << diagnosticLine(Diag, ProgramName);
  Analysis A;
  A.Spec = std::move(Parse.Spec);
  A.Result = analyzeSpec(A.Spec, File);
  return A;
}

/// The diagnostics as "file:line:col: error: message".
inline Lines diagnostics(const Analysis &A) {
  Lines Out;
  for (const Diagnostic &D : A.Result.Diagnostics)
    Out.push_back(diagnosticLine(D, ProgramName));
  return Out;
}

/// Source must analyse without any diagnostic.
inline Analysis clean(llvm::StringRef Source, llvm::StringRef File = "kernel.cl") {
  Analysis A = analyze(Source, File);
  EXPECT_EQ(diagnostics(A), Lines{});
  return A;
}

/// A file of test/unit/Directives/Inputs (copies of the benchmark spaces).
inline std::string readInput(llvm::StringRef Name) {
  std::ifstream In(std::string(ATF_SOURCE_DIR) + "/test/unit/Directives/Inputs/" + Name.str());
  EXPECT_TRUE(In.good()) << "cannot read " << Name.str();
  std::stringstream Buffer;
  Buffer << In.rdbuf();
  return Buffer.str();
}

/// The analysis of the parameter called Name.
inline const AnalyzedParameter &parameter(const Analysis &A, llvm::StringRef Name) {
  for (std::size_t I = 0; I < A.Spec.Parameters.size(); ++I)
    if (A.Spec.Parameters[I].Name.Name == Name)
      return A.Result.Parameters[I];
  ADD_FAILURE() << "no parameter " << Name.str();
  static AnalyzedParameter None;
  return None;
}

} // namespace atfc::test

#endif
