//===- Support/Diagnostic.cpp - What atfc tells its user ------------------===//
#include "Support/Diagnostic.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <tuple>

namespace atfc {

std::string quoted(std::string_view Name) {
  // Appending, not "'" + S: GCC 12 warns falsely (-Wrestrict) on the latter.
  std::string Out;
  Out.reserve(Name.size() + 2);
  Out += '\'';
  Out += Name;
  Out += '\'';
  return Out;
}

std::string_view severityName(Severity S) {
  switch (S) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "error";
}

Diagnostic diagnosticAt(Severity Level, SourceLocation Where, std::string Message,
                        std::string FixIt) {
  Diagnostic D;
  D.Level = Level;
  D.Location = std::move(Where);
  D.Message = std::move(Message);
  D.FixIt = std::move(FixIt);
  return D;
}

bool hasErrors(const std::vector<Diagnostic> &Diagnostics) {
  return std::any_of(Diagnostics.begin(), Diagnostics.end(),
                     [](const Diagnostic &D) { return D.isError(); });
}

void sortByLocation(std::vector<Diagnostic> &Diagnostics) {
  std::stable_sort(Diagnostics.begin(), Diagnostics.end(),
                   [](const Diagnostic &A, const Diagnostic &B) {
                     const SourceLocation &L = A.Location, &R = B.Location;
                     return std::tie(L.File, L.Line, L.Column) < std::tie(R.File, R.Line, R.Column);
                   });
}

std::string diagnosticLine(const Diagnostic &D, std::string_view Program) {
  std::string Line;
  const SourceLocation &L = D.Location;
  if (L.hasFile()) {
    Line = L.File;
    if (L.Line) {
      Line += ':' + std::to_string(L.Line);
      if (L.Column)
        Line += ':' + std::to_string(L.Column);
    }
  } else {
    Line = Program;
  }
  Line += ": ";
  Line += severityName(D.Level);
  Line += ": ";
  return Line + D.Message;
}

DiagnosticSink::DiagnosticSink(std::ostream &TheOut, std::string_view TheProgram)
    : Out(TheOut), Program(TheProgram) {}

void DiagnosticSink::setSource(const std::string &File, std::string Text) {
  for (auto &[Name, Source] : Sources)
    if (Name == File) {
      Source = std::move(Text);
      return;
    }
  Sources.emplace_back(File, std::move(Text));
}

const std::string *DiagnosticSink::sourceOf(const std::string &File) {
  for (const auto &[Name, Source] : Sources)
    if (Name == File)
      return &Source;
  // Only a regular file: a FIFO would block, /dev/zero never end.
  std::error_code NotRegular;
  std::ifstream In;
  if (std::filesystem::is_regular_file(File, NotRegular))
    In.open(File, std::ios::binary);
  std::ostringstream Text;
  if (In)
    Text << In.rdbuf();
  Sources.emplace_back(File, Text.str()); // empty when unreadable: no line shown
  return &Sources.back().second;
}

void DiagnosticSink::report(const Diagnostic &D) {
  if (D.Level == Severity::Error)
    ++Errors;
  else if (D.Level == Severity::Warning)
    ++Warnings;
  printOne(D);
  for (const Diagnostic &Note : D.Notes) {
    Diagnostic N = Note;
    N.Level = Severity::Note;
    printOne(N);
  }
  Out.flush();
}

void DiagnosticSink::report(const std::vector<Diagnostic> &Diagnostics) {
  for (const Diagnostic &D : Diagnostics)
    report(D);
}

void DiagnosticSink::printOne(const Diagnostic &D) {
  Out << diagnosticLine(D, Program) << '\n';
  const SourceLocation &L = D.Location;
  if (!L.hasFile() || L.Line == 0)
    return;
  // The source line, tabs kept so that the caret lines up in a terminal.
  std::string_view Rest = *sourceOf(L.File);
  for (unsigned Line = 1; Line < L.Line && !Rest.empty(); ++Line) {
    const std::size_t End = Rest.find('\n');
    Rest = End == std::string_view::npos ? std::string_view() : Rest.substr(End + 1);
  }
  std::string_view Text = Rest.substr(0, Rest.find('\n'));
  if (!Text.empty() && Text.back() == '\r')
    Text.remove_suffix(1);
  if (Text.empty() || L.Column == 0)
    return;
  std::string Indent;
  for (unsigned Col = 1; Col < L.Column && Col <= Text.size(); ++Col)
    Indent += Text[Col - 1] == '\t' ? '\t' : ' ';
  Out << Text << '\n' << Indent << "^\n";
  if (!D.FixIt.empty())
    Out << Indent << D.FixIt << '\n';
}

} // namespace atfc
