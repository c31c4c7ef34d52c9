//===- Language/SourcePosition.h - A place in a directive's file -*- C++ -*-===//
//
// Where a character of an annotated file is: every stage, from the scanner
// to code generation, keeps the user's places so that an error is reported
// at `file:line:col` of the file the user wrote.
//
// Tested through DirectiveScannerTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_LANGUAGE_SOURCEPOSITION_H
#define ATFC_LANGUAGE_SOURCEPOSITION_H

namespace atfc {

/// A 1-based line and column (in bytes) of the scanned file.
struct SourcePosition {
  unsigned Line = 0;
  unsigned Column = 0;

  friend bool operator==(const SourcePosition &, const SourcePosition &) = default;
};

} // namespace atfc

#endif // ATFC_LANGUAGE_SOURCEPOSITION_H
