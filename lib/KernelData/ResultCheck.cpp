//===- KernelData/ResultCheck.cpp - Comparing a kernel's outputs ------------===//
//
// Resolving the checked buffers, reading gold files (raw or .npy), the
// element-wise comparison with a tolerance, and check scripts.
//
//===----------------------------------------------------------------------===//
#include "KernelData/ResultCheck.h"

#include "KernelData/NumpyArray.h"
#include "System/ChildProcess.h"
#include "System/RegularFiles.h"

#include <cmath>
#include <cstring>
#include <iterator>
#include <sstream>

namespace atfc {

Expected<std::vector<unsigned>> checkedBuffers(const CheckSetup &Check,
                                               const std::vector<KernelArgument> &Arguments) {
  std::vector<unsigned> Indices;
  if (Check.Buffers.empty()) {
    for (unsigned I = 0; I < Arguments.size(); ++I)
      if (Arguments[I].isBuffer())
        Indices.push_back(I);
    if (Indices.empty())
      return Error("the result check needs a buffer input, and the kernel has none");
    return Indices;
  }
  for (unsigned Number : Check.Buffers) {
    if (Number == 0 || Number > Arguments.size())
      return Error("the result check names input " + std::to_string(Number) +
                   ", but the kernel has " + std::to_string(Arguments.size()) + " inputs");
    if (!Arguments[Number - 1].isBuffer())
      return Error("the result check names input " + std::to_string(Number) + ", a " +
                   describe(Arguments[Number - 1]) + "; only buffers can be checked");
    Indices.push_back(Number - 1);
  }
  return Indices;
}

Expected<std::vector<std::vector<unsigned char>>>
readGoldFile(const std::string &Path, const std::vector<KernelArgument> &Arguments,
             const std::vector<unsigned> &Checked) {
  std::uint64_t Needed = 0;
  for (unsigned Index : Checked)
    Needed += Arguments[Index].byteSize();
  if (isNumpyPath(Path)) {
    // One .npy holds one dtype: the checked buffers' elements, one buffer
    // after the other.
    std::uint64_t Count = 0;
    for (unsigned Index : Checked) {
      if (Arguments[Index].Type != Arguments[Checked.front()].Type)
        return Error("gold file " + Path + ": a .npy file holds one element type, but the " +
                     "checked buffers are " + describe(Arguments[Checked.front()]) + " and " +
                     describe(Arguments[Index]) +
                     "; check them with a raw gold file or one type per check");
      Count += Arguments[Index].Count;
    }
    Expected<std::vector<unsigned char>> Read =
        readDataFile(Path, Path, Arguments[Checked.front()].Type, Count);
    if (!Read)
      return Error("gold file: " + Read.error().message() + " (for the checked buffers)");
    std::vector<std::vector<unsigned char>> Outputs;
    std::uint64_t Offset = 0;
    for (unsigned Index : Checked) {
      const std::uint64_t Size = Arguments[Index].byteSize();
      Outputs.emplace_back(Read->begin() + static_cast<std::ptrdiff_t>(Offset),
                           Read->begin() + static_cast<std::ptrdiff_t>(Offset + Size));
      Offset += Size;
    }
    return Outputs;
  }
  // The size is known before reading: a file that is not a regular file of
  // exactly that size (/dev/zero, a FIFO, a huge file) is never read.
  Expected<RegularFile> File = RegularFile::open(Path);
  if (!File)
    return Error("gold file: " + File.error().message());
  if (File->size() != Needed)
    return Error("gold file " + Path + ": holds " + std::to_string(File->size()) +
                 " bytes, but the checked buffers need " + std::to_string(Needed));
  std::vector<unsigned char> Bytes(Needed);
  Expected<std::size_t> Read = File->readAt(0, reinterpret_cast<char *>(Bytes.data()), Needed);
  if (!Read)
    return Error("gold file: " + Read.error().message());
  if (*Read != Needed)
    return Error("gold file: cannot read '" + Path + "': it changed while it was read");
  std::vector<std::vector<unsigned char>> Outputs;
  std::uint64_t Offset = 0;
  for (unsigned Index : Checked) {
    std::uint64_t Size = Arguments[Index].byteSize();
    Outputs.emplace_back(Bytes.begin() + Offset, Bytes.begin() + Offset + Size);
    Offset += Size;
  }
  return Outputs;
}

namespace {

/// The worst mismatch found so far.
struct Mismatch {
  unsigned Buffer = 0;
  std::uint64_t Index = 0;
  double Actual = 0, Expected = 0, Error = -1, Allowed = 0;
};

/// Whether A and E are equal as the check means it: numerically, both NaN,
/// or the same infinity (inf - inf is NaN, so they need saying).
bool sameValue(double A, double E) { return A == E || (std::isnan(A) && std::isnan(E)); }

/// Whether every element of Actual is within the tolerances of Expected's,
/// counted without a branch so that it vectorises: the common case, a
/// right result of millions of elements (64 MiB of an SGEMM's), costs a
/// pass over memory. It holds only where the element loop below finds no
/// mismatch (equal, or finite both and within), which alone says which
/// and why; false says nothing.
template <class T>
bool allWithin(const unsigned char *Actual, const unsigned char *Expected, std::uint64_t Count,
               double Tolerance, double Relative) {
  std::uint64_t Outside = 0;
  for (std::uint64_t I = 0; I < Count; ++I) {
    T A, E;
    std::memcpy(&A, Actual + I * sizeof(T), sizeof(T));
    std::memcpy(&E, Expected + I * sizeof(T), sizeof(T));
    const double X = static_cast<double>(A), Y = static_cast<double>(E);
    const double Error = std::fabs(X - Y);
    // An infinite or NaN error, or one past the allowance, is outside.
    // (Bitwise, not short-circuit: a branch would stop vectorisation.)
    const bool Within = (Error <= Tolerance + Relative * std::fabs(Y)) & (Error < INFINITY);
    Outside += !((X == Y) | Within);
  }
  return Outside == 0;
}

bool allWithin(ElementType Type, const unsigned char *Actual, const unsigned char *Expected,
               std::uint64_t Count, double Tolerance, double Relative) {
  return visitElementType(Type, [&]<class T>(std::type_identity<T>) {
    if constexpr (std::is_same_v<T, half>)
      return false; // (converted element by element below)
    else
      return allWithin<T>(Actual, Expected, Count, Tolerance, Relative);
  });
}

} // namespace

std::string compareOutputs(const std::vector<KernelArgument> &Arguments,
                           const std::vector<unsigned> &Checked,
                           const std::vector<std::vector<unsigned char>> &Actual,
                           const std::vector<std::vector<unsigned char>> &Expected,
                           double Tolerance, double Relative) {
  Mismatch Worst;
  std::uint64_t Differ = 0, Total = 0;
  for (std::size_t B = 0; B < Checked.size(); ++B) {
    const KernelArgument &Argument = Arguments[Checked[B]];
    std::size_t Size = elementSize(Argument.Type);
    if (Actual[B].size() != Expected[B].size())
      return "buffer " + std::to_string(Checked[B] + 1) + " has " +
             std::to_string(Actual[B].size()) + " bytes, but " +
             std::to_string(Expected[B].size()) + " were expected";
    Total += Argument.Count;
    if (allWithin(Argument.Type, Actual[B].data(), Expected[B].data(), Argument.Count, Tolerance,
                  Relative))
      continue;
    for (std::uint64_t I = 0; I < Argument.Count; ++I) {
      if (std::memcmp(Actual[B].data() + I * Size, Expected[B].data() + I * Size, Size) == 0)
        continue;
      double A = elementAsDouble(Argument.Type, Actual[B].data(), I);
      double E = elementAsDouble(Argument.Type, Expected[B].data(), I);
      if (sameValue(A, E))
        continue;
      const double Allowed = Tolerance + (std::isnan(E) ? 0 : Relative * std::fabs(E));
      // A NaN or an infinity that the other side does not have is the
      // largest error there is, whatever the tolerances allow.
      const bool Finite = std::isfinite(A) && std::isfinite(E);
      const double Error = Finite ? std::fabs(A - E) : INFINITY;
      if (Finite && Error <= Allowed)
        continue;
      ++Differ;
      if (Error > Worst.Error)
        Worst = {Checked[B] + 1, I, A, E, Error, Allowed};
    }
  }
  if (Differ == 0)
    return "";
  std::ostringstream Message;
  Message.precision(9);
  Message << "buffer " << Worst.Buffer << "[" << Worst.Index << "]: " << Worst.Actual << " vs "
          << Worst.Expected << " (error " << Worst.Error << " > allowed " << Worst.Allowed << "); "
          << Differ << " of " << Total << " elements " << (Differ == 1 ? "differs" : "differ");
  return Message.str();
}

namespace {

/// The first, or the last, line of Text that is not blank; "" when none.
std::string nonBlankLine(const std::string &Text, bool Last) {
  std::istringstream Lines(Text);
  std::string Found;
  for (std::string Line; std::getline(Lines, Line);) {
    if (Line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    Found = Line;
    if (!Last)
      break;
  }
  if (!Found.empty() && Found.back() == '\r')
    Found.pop_back();
  return Found;
}

bool hasTraceback(const std::string &Output) {
  return Output.starts_with("Traceback (most recent call last):") ||
         Output.find("\nTraceback (most recent call last):") != std::string::npos;
}

} // namespace

std::string tracebackReason(const std::string &Output) {
  return hasTraceback(Output) ? nonBlankLine(Output, /*Last=*/true) : "";
}

CheckScriptOutcome failedCheck(std::string How, std::string Output) {
  const std::string Last = nonBlankLine(Output, /*Last=*/true);
  return {CheckVerdict::Failed, Last.empty() ? std::move(How) : How + ": " + Last,
          std::move(Output)};
}

Expected<void> writeCheckedBuffers(const std::vector<KernelArgument> &Arguments,
                                   const std::vector<unsigned> &Checked,
                                   const std::vector<std::vector<unsigned char>> &Outputs,
                                   const std::string &Directory, int DirectoryFd) {
  for (std::size_t B = 0; B < Checked.size() && B < Outputs.size(); ++B) {
    const KernelArgument &Argument = Arguments[Checked[B]];
    const std::string Name = checkedBufferName(Checked[B]);
    const std::uint64_t Count = Outputs[B].size() / elementSize(Argument.Type);
    Expected<void> Written =
        DirectoryFd >= 0
            ? writeNumpyFileAt(DirectoryFd, Name, Directory + "/" + Name, Argument.Type, Count,
                               Outputs[B].data())
            : writeNumpyFile(Directory + "/" + Name, Argument.Type, Count, Outputs[B].data());
    if (!Written)
      return Written;
  }
  return success();
}

std::string checkedBufferName(unsigned Index) {
  return "buffer_" + std::to_string(Index + 1) + ".npy";
}

CheckScriptOutcome runCheckScript(const CheckSetup &Check,
                                  const std::vector<KernelArgument> &Arguments,
                                  const std::vector<unsigned> &Checked,
                                  const std::vector<std::vector<unsigned char>> &Outputs,
                                  const std::string &Directory,
                                  const std::vector<std::string> &Environment,
                                  double TimeoutSeconds, const StopSignal *Stop, int DirectoryFd) {
  if (Expected<void> Written =
          writeCheckedBuffers(Arguments, Checked, Outputs, Directory, DirectoryFd);
      !Written)
    return {CheckVerdict::Failed, Written.error().message(), ""};
  ChildOutcome Outcome =
      runChild({Check.Script, Directory, Environment, TimeoutSeconds, DirectoryFd}, Stop);
  std::string &Output = Outcome.OutputTail;
  switch (Outcome.End) {
  case ChildEnd::Exited:
    break;
  case ChildEnd::Signaled:
    return failedCheck("the check script died of signal " + std::to_string(Outcome.Status),
                       std::move(Output));
  case ChildEnd::TimedOut:
    return failedCheck("the check script timed out", std::move(Output));
  case ChildEnd::Stopped:
    return {CheckVerdict::Failed, "the check script was stopped", std::move(Output)};
  case ChildEnd::NotStarted:
    return {CheckVerdict::Failed,
            "the check script could not be started: " + std::string(std::strerror(Outcome.Status)),
            ""};
  }
  if (Outcome.Status == 0)
    return {CheckVerdict::Right, "", std::move(Output)};
  // Python ends an uncaught exception (a missing module too) with status
  // 1, under a traceback: a failure of the check, whose last line says why.
  if (hasTraceback(Output)) {
    std::string Last = nonBlankLine(Output, /*Last=*/true);
    return {CheckVerdict::Failed, std::move(Last), std::move(Output)};
  }
  const std::string How = "the check script exited with status " + std::to_string(Outcome.Status);
  if (Outcome.Status != 1)
    return failedCheck(How, std::move(Output));
  // The first line the script printed says why; the tail is what is kept.
  std::string First = nonBlankLine(Output, /*Last=*/false);
  return {CheckVerdict::Wrong, First.empty() ? How : std::move(First), std::move(Output)};
}

} // namespace atfc
