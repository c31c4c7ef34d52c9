//===- Support/Diagnostic.h - What atfc tells its user ----------*- C++ -*-===//
//
// Every message of atfc and of its tuners, errors and warnings alike, is a
// Diagnostic: a severity, where (a file position, or no file), what is wrong
// and what to do, and optionally notes and the text that should stand there
// (a fix-it). Libraries return them; only a DiagnosticSink prints them, in
// one compiler-style format:
//
//   file.cl:3:15: error: unknown clause 'rnage'; did you mean 'range'?
//   #atf::tp name "X" rnage interval<int>(1, 8)
//                     ^
//                     range
//   atfc: error: cannot create 'out': Permission denied
//
// Messages start in lower case and hold no location or severity of their
// own, so any of them can be printed, sorted or compared as data.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SUPPORT_DIAGNOSTIC_H
#define ATFC_SUPPORT_DIAGNOSTIC_H

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace atfc {

enum class Severity { Error, Warning, Note };

/// Name as messages quote it: 'Name'.
std::string quoted(std::string_view Name);

/// "error", "warning", "note".
std::string_view severityName(Severity S);

/// A position in a file the user gave atfc. No File: the message is about
/// no file (an option, the machine, a database).
struct SourceLocation {
  std::string File;
  /// 1-based line and column (in bytes); 0 when only the file is known.
  unsigned Line = 0;
  unsigned Column = 0;

  bool hasFile() const { return !File.empty(); }
  bool operator==(const SourceLocation &) const = default;
};

struct Diagnostic {
  Severity Level = Severity::Error;
  SourceLocation Location;
  /// What is wrong and what to do, for the user.
  std::string Message;
  /// The text that should stand at Location; empty for none.
  std::string FixIt;
  /// Further facts, each printed after the diagnostic (Level Note).
  std::vector<Diagnostic> Notes;

  bool isError() const { return Level == Severity::Error; }
};

/// Diagnostics of a file sort by position, those without a file first;
/// stable for equal positions.
void sortByLocation(std::vector<Diagnostic> &Diagnostics);

/// The first line of D: "file:3:15: error: message" or, without a file,
/// "Program: error: message".
std::string diagnosticLine(const Diagnostic &D, std::string_view Program);

/// Prints diagnostics and counts them. One per process, owned by the tool's
/// main(); the source text of files is read once to show the line and caret.
class DiagnosticSink {
public:
  /// Program: the name messages without a file start with ("atfc").
  DiagnosticSink(std::ostream &Out, std::string Program);

  /// The source of File, for the line under its diagnostics; when not given
  /// the sink reads the file itself.
  void setSource(const std::string &File, std::string Text);

  void report(const Diagnostic &D);
  void report(const std::vector<Diagnostic> &Diagnostics);

  std::size_t errorCount() const { return Errors; }
  std::size_t warningCount() const { return Warnings; }
  const std::string &program() const { return Program; }

private:
  const std::string *sourceOf(const std::string &File);
  void printOne(const Diagnostic &D);

  std::ostream &Out;
  std::string Program;
  std::vector<std::pair<std::string, std::string>> Sources;
  std::size_t Errors = 0;
  std::size_t Warnings = 0;
};

} // namespace atfc

#endif
