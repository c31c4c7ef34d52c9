//===- Support/Diagnostic.cpp - What atfc tells its user ------------------===//
#include "Support/Diagnostic.h"

#include "Support/DisplayWidth.h"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <ostream>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>
#include <utility>

namespace atfc {

namespace {

/// The largest file whose text a diagnostic shows a line of (64 MiB): a
/// source is far smaller; a file this large is no source, and reading it
/// would only hold up the message.
constexpr off_t kMaxShownSourceBytes = off_t(64) << 20;

/// The text of File, for the line under a diagnostic; "" (no line shown)
/// unless it is a regular file of at most kMaxShownSourceBytes. Support
/// cannot use System/RegularFiles.h, so the same care is taken here:
/// O_NONBLOCK so that a FIFO opens at once, and fstat() on the open
/// descriptor, so that no swap after the check is read.
std::string shownSourceText(const std::string &File) {
  const int Fd = ::open(File.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (Fd < 0)
    return "";
  std::string Text;
  struct stat Status {};
  if (fstat(Fd, &Status) == 0 && S_ISREG(Status.st_mode) &&
      Status.st_size <= kMaxShownSourceBytes) {
    char Buffer[1 << 16];
    for (ssize_t N; (N = read(Fd, Buffer, sizeof Buffer)) != 0;) {
      if (N < 0 && errno == EINTR)
        continue;
      if (N < 0)
        break;
      Text.append(Buffer, static_cast<std::size_t>(N));
      // It grew while it was read: still no source.
      if (Text.size() > static_cast<std::size_t>(kMaxShownSourceBytes)) {
        Text.clear();
        break;
      }
    }
  }
  close(Fd);
  return Text;
}

} // namespace

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
  for (ShownSource &Source : Sources)
    if (Source.Name == File) {
      Source.Text = std::move(Text);
      Source.LineStarts.clear();
      return;
    }
  Sources.push_back({File, std::move(Text), {}});
}

DiagnosticSink::ShownSource &DiagnosticSink::sourceOf(const std::string &File) {
  for (ShownSource &Source : Sources)
    if (Source.Name == File)
      return Source;
  // Empty when unreadable: no line shown.
  Sources.push_back({File, shownSourceText(File), {}});
  return Sources.back();
}

void DiagnosticSink::report(const Diagnostic &D) {
  std::size_t Count = 0;
  if (D.Level == Severity::Error)
    Count = ++Errors;
  else if (D.Level == Severity::Warning)
    Count = ++Warnings;
  if (ErrorLimit != 0 && Count > ErrorLimit) {
    // Counted, not shown; said once.
    if (!std::exchange(SaidLimit, true)) {
      Out << Program << ": note: more than " << ErrorLimit
          << " errors or warnings; the rest are not shown (`atfc check --error-limit 0 FILE` shows "
             "all)\n";
      Out.flush();
    }
    return;
  }
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
  // The source line, tabs kept so that the caret lines up in a terminal;
  // the lines' starts are found once per file, not per diagnostic.
  ShownSource &Source = sourceOf(L.File);
  if (Source.LineStarts.empty()) {
    Source.LineStarts.push_back(0);
    for (std::size_t At = Source.Text.find('\n'); At != std::string::npos;
         At = Source.Text.find('\n', At + 1))
      Source.LineStarts.push_back(At + 1);
  }
  if (L.Line > Source.LineStarts.size())
    return;
  std::string_view Rest = std::string_view(Source.Text).substr(Source.LineStarts[L.Line - 1]);
  std::string_view Text = Rest.substr(0, Rest.find('\n'));
  if (!Text.empty() && Text.back() == '\r')
    Text.remove_suffix(1);
  if (Text.empty() || L.Column == 0)
    return;
  // Columns count bytes; the caret counts the places a terminal shows:
  // each UTF-8 character's display width (two for a CJK character, none
  // for a combining mark), none for the byte order mark, which is not
  // shown either.
  const std::size_t Past = std::min<std::size_t>(L.Column - 1, Text.size());
  std::size_t Shown = 0;
  if (L.Line == 1 && Text.substr(0, 3) == "\xEF\xBB\xBF")
    Shown = 3;
  std::string Indent;
  for (std::size_t At = Shown, Length = 1; At < Past; At += Length) {
    const char32_t C = decodeUtf8(Text, At, Length);
    if (C == '\t')
      Indent += '\t';
    else
      Indent.append(static_cast<std::size_t>(displayWidth(C)), ' ');
  }
  Out << Text.substr(Shown) << '\n' << Indent << "^\n";
  if (!D.FixIt.empty())
    Out << Indent << D.FixIt << '\n';
}

} // namespace atfc
