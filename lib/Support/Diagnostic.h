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
#include <utility>
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

/// A diagnostic of Level at Where (Where.File empty: about no file).
Diagnostic diagnosticAt(Severity Level, SourceLocation Where, std::string Message,
                        std::string FixIt = {});

/// Whether any of Diagnostics is an error.
bool hasErrors(const std::vector<Diagnostic> &Diagnostics);

/// Diagnostics of a file sort by position, those without a file first;
/// stable for equal positions.
void sortByLocation(std::vector<Diagnostic> &Diagnostics);

/// The first line of D: "file:3:15: error: message" or, without a file,
/// "Program: error: message".
std::string diagnosticLine(const Diagnostic &D, std::string_view Program);

/// The one program name that diagnostics without a file start with. atfc,
/// the tuners it generates and atfc-ranks all use it: a tuner's messages reach
/// the user through the atfc command that runs it.
inline constexpr std::string_view ProgramName = "atfc";

/// Prints diagnostics and counts them. Created by a tool's entry point (a
/// subcommand's, the tuner's main) over its error stream; the source text of
/// files is read once to show the line and caret.
class DiagnosticSink {
public:
  /// Program: the name messages without a file start with.
  explicit DiagnosticSink(std::ostream &Out, std::string_view Program = ProgramName);

  /// The source of File, for the line under its diagnostics; when not given
  /// the sink reads the file itself, if it is a regular file of at most
  /// 64 MiB (a FIFO, a device or a larger file shows no line).
  void setSource(const std::string &File, std::string Text);

  void report(const Diagnostic &D);
  void report(const std::vector<Diagnostic> &Diagnostics);

  /// Shorthands for report(): about no file, or at Where.
  void error(std::string Message) { report(diagnosticAt(Severity::Error, {}, std::move(Message))); }
  void error(SourceLocation Where, std::string Message) {
    report(diagnosticAt(Severity::Error, std::move(Where), std::move(Message)));
  }
  void warning(std::string Message) {
    report(diagnosticAt(Severity::Warning, {}, std::move(Message)));
  }
  void warning(SourceLocation Where, std::string Message) {
    report(diagnosticAt(Severity::Warning, std::move(Where), std::move(Message)));
  }
  void note(std::string Message) { report(diagnosticAt(Severity::Note, {}, std::move(Message))); }
  void note(SourceLocation Where, std::string Message) {
    report(diagnosticAt(Severity::Note, std::move(Where), std::move(Message)));
  }

  std::size_t errorCount() const { return Errors; }
  std::size_t warningCount() const { return Warnings; }
  const std::string &program() const { return Program; }

  /// Shows at most Limit errors and Limit warnings (0: every one), as a
  /// compiler's -ferror-limit: the rest are counted, not printed, and one
  /// note says so. 100,000 duplicate directives once printed 100,000
  /// errors, each source line found by a scan from the file's start.
  void setErrorLimit(std::size_t Limit) { ErrorLimit = Limit; }

private:
  /// A file's text and where each of its lines starts, found once.
  struct ShownSource {
    std::string Name, Text;
    std::vector<std::size_t> LineStarts;
  };
  ShownSource &sourceOf(const std::string &File);
  void printOne(const Diagnostic &D);

  std::ostream &Out;
  std::string Program;
  std::vector<ShownSource> Sources;
  std::size_t Errors = 0;
  std::size_t Warnings = 0;
  std::size_t ErrorLimit = kDefaultErrorLimit;
  bool SaidLimit = false;

public:
  /// The errors (and warnings) shown unless setErrorLimit says otherwise.
  static constexpr std::size_t kDefaultErrorLimit = 20;
};

} // namespace atfc

#endif
