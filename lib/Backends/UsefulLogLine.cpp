//===- Backends/UsefulLogLine.cpp - The line of a log that says why -------===//
#include "Backends/UsefulLogLine.h"

#include <cctype>
#include <vector>

namespace atfc {
namespace {

std::string_view trimmed(std::string_view Line) {
  while (!Line.empty() && std::isspace(static_cast<unsigned char>(Line.front())))
    Line.remove_prefix(1);
  while (!Line.empty() && std::isspace(static_cast<unsigned char>(Line.back())))
    Line.remove_suffix(1);
  return Line;
}

std::vector<std::string_view> linesOf(std::string_view Log) {
  std::vector<std::string_view> Lines;
  while (!Log.empty()) {
    const std::size_t End = Log.find('\n');
    Lines.push_back(trimmed(Log.substr(0, End)));
    if (End == std::string_view::npos)
      break;
    Log.remove_prefix(End + 1);
  }
  return Lines;
}

bool allDigits(std::string_view Text) {
  if (Text.empty())
    return false;
  for (char C : Text)
    if (!std::isdigit(static_cast<unsigned char>(C)))
      return false;
  return true;
}

/// Where Line's "error:" severity starts, or npos.
std::size_t errorSeverity(std::string_view Line) {
  for (std::string_view Marker : {"fatal error:", "error:"}) {
    const std::size_t At = Line.find(Marker);
    if (At != std::string_view::npos && (At == 0 || Line[At - 1] == ' '))
      return At;
  }
  return std::string_view::npos;
}

/// Whether Prefix (what precedes the severity, without ": ") ends with a
/// position: "file:12", "file:12:5" or "file(12)".
bool endsWithPosition(std::string_view Prefix) {
  if (!Prefix.empty() && Prefix.back() == ')') {
    const std::size_t Open = Prefix.rfind('(');
    return Open != std::string_view::npos && Open > 0 &&
           allDigits(Prefix.substr(Open + 1, Prefix.size() - Open - 2));
  }
  const std::size_t Last = Prefix.rfind(':');
  if (Last == std::string_view::npos || !allDigits(Prefix.substr(Last + 1)))
    return false;
  return Last > 0;
}

/// Whether Text starts with a position and ": " ("file:12:5: ...").
bool startsWithPosition(std::string_view Text) {
  for (std::size_t Colon = Text.find(": "); Colon != std::string_view::npos;
       Colon = Text.find(": ", Colon + 1))
    if (endsWithPosition(Text.substr(0, Colon)))
      return true;
  return false;
}

bool locatedError(std::string_view Line) {
  const std::size_t At = errorSeverity(Line);
  if (At == std::string_view::npos)
    return false;
  // pocl puts the severity first: "error: file.cl:14:22: message".
  if (At == 0)
    return startsWithPosition(Line.substr(Line.find(':') + 1));
  if (At < 2)
    return false;
  std::string_view Prefix = trimmed(Line.substr(0, At));
  if (Prefix.empty() || Prefix.back() != ':')
    return false;
  return endsWithPosition(Prefix.substr(0, Prefix.size() - 1));
}

/// A line that says nothing of the cause: a compiler's closing count, a
/// caret or tilde line under a source line, the end of a make or ninja.
bool isNoise(std::string_view Line) {
  if (Line.empty())
    return true;
  if (Line.find_first_not_of("^~ ") == std::string_view::npos)
    return true;
  if (Line.ends_with(" generated.") && (Line.find("error") != std::string_view::npos ||
                                        Line.find("warning") != std::string_view::npos))
    return true;
  return Line == "compilation terminated." || Line.starts_with("ninja: build stopped") ||
         (Line.starts_with("make") && Line.find("***") != std::string_view::npos);
}

/// Line, cut to kUsefulLogLineBytes at a UTF-8 character boundary.
std::string bounded(std::string_view Line) {
  if (Line.size() <= kUsefulLogLineBytes)
    return std::string(Line);
  std::size_t Cut = kUsefulLogLineBytes - 3;
  while (Cut > 0 && (static_cast<unsigned char>(Line[Cut]) & 0xC0) == 0x80)
    --Cut;
  return std::string(Line.substr(0, Cut)) + "...";
}

} // namespace

std::string usefulLogLine(std::string_view Log) {
  const std::vector<std::string_view> Lines = linesOf(Log);
  for (std::string_view Line : Lines)
    if (locatedError(Line))
      return bounded(Line);
  for (std::string_view Line : Lines)
    if (errorSeverity(Line) != std::string_view::npos)
      return bounded(Line);
  for (auto It = Lines.rbegin(); It != Lines.rend(); ++It)
    if (!isNoise(*It))
      return bounded(*It);
  // Only noise: its last line still says more than nothing.
  for (auto It = Lines.rbegin(); It != Lines.rend(); ++It)
    if (It->find_first_not_of("^~ ") != std::string_view::npos)
      return bounded(*It);
  return {};
}

} // namespace atfc
