//===- KernelData/CheckServer.cpp - A check script that stays alive -------===//
//
// The request is JSON because every language reads it in a line (Python:
// json.loads) and paths with any bytes in them survive it; the answer is a
// word and a reason because that is what a user writes. How an answer or
// an end maps to a verdict mirrors runCheckScript's exit statuses.
//
//===----------------------------------------------------------------------===//
#include "KernelData/CheckServer.h"

#include "System/LineServer.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string_view>
#include <sys/wait.h>

namespace atfc {

std::string jsonString(std::string_view Text) {
  std::string Out = "\"";
  for (char C : Text) {
    const unsigned char U = static_cast<unsigned char>(C);
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += C;
    } else if (C == '\n') {
      Out += "\\n";
    } else if (C == '\t') {
      Out += "\\t";
    } else if (U < 0x20 || U == 0x7f) {
      char Escaped[8];
      std::snprintf(Escaped, sizeof Escaped, "\\u%04x", U);
      Out += Escaped;
    } else {
      Out += C;
    }
  }
  return Out + "\"";
}

std::string checkRequest(unsigned long Number, const std::string &Directory,
                         const std::vector<unsigned> &Checked,
                         const std::vector<std::pair<std::string, std::string>> &Values) {
  std::string Line = "{\"request\": " + std::to_string(Number) +
                     ", \"directory\": " + jsonString(Directory) + ", \"buffers\": {";
  for (std::size_t B = 0; B < Checked.size(); ++B)
    Line += (B ? ", " : "") + jsonString(std::to_string(Checked[B] + 1)) + ": " +
            jsonString(Directory + "/" + checkedBufferName(Checked[B]));
  Line += "}, \"values\": {";
  for (std::size_t V = 0; V < Values.size(); ++V)
    Line += (V ? ", " : "") + jsonString(Values[V].first) + ": " + Values[V].second;
  return Line + "}}";
}

CheckServer::CheckServer(std::string Script, std::string Directory, int DirectoryFd,
                         std::vector<std::string> Environment) {
  ChildCommand Command;
  Command.Script = std::move(Script);
  Command.Directory = std::move(Directory);
  Command.DirectoryFd = DirectoryFd;
  Command.Environment = std::move(Environment);
  Server = std::make_unique<LineServer>(std::move(Command));
}

CheckServer::~CheckServer() = default;

unsigned CheckServer::starts() const { return Server->starts(); }

namespace {

/// The reason of a server that ended before it answered: a traceback's
/// last line, else how it ended and its last line.
CheckScriptOutcome diedBeforeAnswering(const LineAnswer &Answer) {
  if (std::string Traceback = tracebackReason(Answer.ErrorTail); !Traceback.empty())
    return {CheckVerdict::Failed, std::move(Traceback), Answer.ErrorTail};
  std::string How;
  if (Answer.Status < 0)
    How = "the check server closed its standard output";
  else if (WIFSIGNALED(Answer.Status))
    How = "the check server died of signal " + std::to_string(WTERMSIG(Answer.Status));
  else
    How = "the check server exited with status " + std::to_string(WEXITSTATUS(Answer.Status)) +
          " before it answered";
  return failedCheck(std::move(How), Answer.ErrorTail);
}

/// Text a server wrote, short enough for a reason.
std::string clipped(std::string Text) {
  constexpr std::size_t Keep = 120;
  if (Text.size() > Keep)
    Text = Text.substr(0, Keep) + "...";
  for (char &C : Text)
    if (C == '\n' || C == '\r')
      C = ' ';
  return Text;
}

/// The request number an answer line starts with ("7 right": 7, and Rest
/// "right"); none when it starts with no number and a space.
std::optional<unsigned long> answerNumber(std::string_view Line, std::string_view &Rest) {
  const std::size_t Digits = Line.find_first_not_of("0123456789");
  if (Digits == 0 || Digits == std::string_view::npos || Digits > 18 || Line[Digits] != ' ')
    return std::nullopt;
  Rest = Line.substr(Digits + 1);
  return std::stoul(std::string(Line.substr(0, Digits)));
}

/// Whose answer a server's output is: request Number's own (Line, its
/// verdict without the number), an earlier request's late line only
/// (Stale), or neither (Other: judged as it stands).
enum class AnswerOwner { Own, Stale, Other };

AnswerOwner ownerOf(const LineAnswer &Answer, unsigned long Number, std::string &Line) {
  if (Answer.End != LineAnswerEnd::Answered && Answer.End != LineAnswerEnd::Garbled)
    return AnswerOwner::Other;
  // Garbled: several lines came at once; an earlier request's late lines
  // among them are not this request's fault (the server was killed).
  std::string_view Text = Answer.Line;
  if (Answer.End == LineAnswerEnd::Garbled) {
    if (Text.empty() || Text.back() != '\n')
      return AnswerOwner::Other;
    Text.remove_suffix(1);
  }
  std::optional<std::string> Own;
  for (;;) {
    const std::size_t End = std::min(Text.find('\n'), Text.size());
    std::string_view One = Text.substr(0, End), Rest;
    if (!One.empty() && One.back() == '\r')
      One.remove_suffix(1);
    const std::optional<unsigned long> Of = answerNumber(One, Rest);
    if (!Of || *Of > Number || (*Of == Number && Own) || One.size() > LineServer::kMaxAnswerBytes)
      return AnswerOwner::Other;
    if (*Of == Number)
      Own = std::string(Rest);
    if (End == Text.size())
      break;
    Text.remove_prefix(End + 1);
  }
  if (!Own)
    return AnswerOwner::Stale;
  Line = std::move(*Own);
  return AnswerOwner::Own;
}

} // namespace

CheckScriptOutcome CheckServer::check(
    const std::vector<KernelArgument> &Arguments, const std::vector<unsigned> &Checked,
    const std::vector<std::vector<unsigned char>> &Outputs, const std::string &Directory,
    int DirectoryFd, const std::vector<std::pair<std::string, std::string>> &Values,
    double TimeoutSeconds, const StopSignal *Stop) {
  if (Expected<void> Written =
          writeCheckedBuffers(Arguments, Checked, Outputs, Directory, DirectoryFd);
      !Written)
    return {CheckVerdict::Failed, Written.error().message(), ""};
  // Each answer names its request: a line the server wrote late for an
  // earlier request, after this one was sent, can never be taken as this
  // configuration's answer. Such a server is out of step: a fresh one is
  // asked again.
  const unsigned long Number = NextRequest++;
  const std::string Request = checkRequest(Number, Directory, Checked, Values);
  LineAnswer Answer = Server->ask(Request, TimeoutSeconds, Stop);
  std::string Line;
  AnswerOwner Owner = ownerOf(Answer, Number, Line);
  if (Owner == AnswerOwner::Stale) {
    Server->end(0);
    std::string EarlierTail = std::move(Answer.ErrorTail);
    Answer = Server->ask(Request, TimeoutSeconds, Stop);
    Answer.ErrorTail = EarlierTail + Answer.ErrorTail;
    Owner = ownerOf(Answer, Number, Line);
  }
  switch (Answer.End) {
  case LineAnswerEnd::Answered:
    break;
  case LineAnswerEnd::Died:
    return diedBeforeAnswering(Answer);
  case LineAnswerEnd::TimedOut:
    return failedCheck("the check server timed out", Answer.ErrorTail);
  case LineAnswerEnd::Stopped:
    return {CheckVerdict::Failed, "the check server was stopped", Answer.ErrorTail};
  case LineAnswerEnd::NotStarted:
    return {CheckVerdict::Failed,
            "the check server could not be started: " + std::string(std::strerror(Answer.Status)),
            ""};
  case LineAnswerEnd::Garbled:
    if (Owner == AnswerOwner::Own)
      break;
    if (std::min(Answer.Line.find('\n'), Answer.Line.size()) > LineServer::kMaxAnswerBytes ||
        Answer.Line.find('\n') == std::string::npos)
      return {CheckVerdict::Failed,
              "the check server's answer is longer than " +
                  std::to_string(LineServer::kMaxAnswerBytes) + " bytes: '" + clipped(Answer.Line) +
                  "'",
              Answer.ErrorTail};
    return {CheckVerdict::Failed,
            "the check server wrote more than one line: '" + clipped(Answer.Line) + "'",
            Answer.ErrorTail};
  }
  const std::string Asked = std::to_string(Number);
  // Neither this request's answer nor an earlier one's.
  auto NoAnswer = [&] {
    return CheckScriptOutcome{CheckVerdict::Failed,
                              "the check server answered '" + clipped(Answer.Line) + "', not '" +
                                  Asked + " right' or '" + Asked + " wrong REASON'",
                              Answer.ErrorTail};
  };
  if (Owner == AnswerOwner::Stale)
    return {CheckVerdict::Failed,
            "the check server answered only earlier requests, not request " + Asked + ": '" +
                clipped(Answer.Line) + "'",
            Answer.ErrorTail};
  if (Owner == AnswerOwner::Other)
    return NoAnswer();
  if (Line == "right")
    return {CheckVerdict::Right, "", Answer.ErrorTail};
  if (Line == "wrong" || Line.starts_with("wrong ")) {
    const std::size_t Begin = Line.find_first_not_of(' ', 5);
    return {CheckVerdict::Wrong,
            Begin == std::string::npos ? "the check server answered wrong" : Line.substr(Begin),
            Answer.ErrorTail};
  }
  return NoAnswer();
}

} // namespace atfc
