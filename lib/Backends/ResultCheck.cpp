//===- Backends/ResultCheck.cpp - Comparing a kernel's outputs ------------===//
//
// Resolving the checked buffers, reading gold files, and the element-wise
// comparison with a tolerance.
//
//===----------------------------------------------------------------------===//
#include "Backends/ResultCheck.h"

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace atfc {

CheckedBuffersOrError checkedBuffers(const CheckSetup &Check,
                                     const std::vector<KernelArgument> &Arguments) {
  CheckedBuffersOrError Result;
  if (Check.Buffers.empty()) {
    for (unsigned I = 0; I < Arguments.size(); ++I)
      if (Arguments[I].isBuffer())
        Result.Indices.push_back(I);
    if (Result.Indices.empty())
      Result.Error = "the result check needs a buffer input, and the kernel has none";
    return Result;
  }
  for (unsigned Number : Check.Buffers) {
    if (Number == 0 || Number > Arguments.size()) {
      Result.Error = "the result check names input " + std::to_string(Number) +
                     ", but the kernel has " + std::to_string(Arguments.size()) + " inputs";
      return Result;
    }
    if (!Arguments[Number - 1].isBuffer()) {
      Result.Error = "the result check names input " + std::to_string(Number) + ", a " +
                     describe(Arguments[Number - 1]) + "; only buffers can be checked";
      return Result;
    }
    Result.Indices.push_back(Number - 1);
  }
  return Result;
}

ExpectedOutputsOrError readGoldFile(const std::string &Path,
                                    const std::vector<KernelArgument> &Arguments,
                                    const std::vector<unsigned> &Checked) {
  ExpectedOutputsOrError Result;
  std::uint64_t Needed = 0;
  for (unsigned Index : Checked)
    Needed += Arguments[Index].byteSize();
  // The size is known before reading: a file that is not a regular file of
  // exactly that size (/dev/zero, a FIFO, a huge file) is never read whole.
  std::error_code Error;
  const auto Status = std::filesystem::status(Path, Error);
  if (Error || !std::filesystem::exists(Status)) {
    Result.Error = "gold file " + Path + ": cannot be opened";
    return Result;
  }
  if (!std::filesystem::is_regular_file(Status)) {
    Result.Error = "gold file " + Path + ": is not a regular file";
    return Result;
  }
  const std::uint64_t Size = std::filesystem::file_size(Path, Error);
  if (!Error && Size != Needed) {
    Result.Error = "gold file " + Path + ": holds " + std::to_string(Size) +
                   " bytes, but the checked buffers need " + std::to_string(Needed);
    return Result;
  }
  std::ifstream In(Path, std::ios::binary);
  std::vector<unsigned char> Bytes(Needed);
  if (Error || !In ||
      !In.read(reinterpret_cast<char *>(Bytes.data()), static_cast<std::streamsize>(Needed))) {
    Result.Error = "gold file " + Path + ": cannot be read";
    return Result;
  }
  std::uint64_t Offset = 0;
  for (unsigned Index : Checked) {
    std::uint64_t Size = Arguments[Index].byteSize();
    Result.Outputs.emplace_back(Bytes.begin() + Offset, Bytes.begin() + Offset + Size);
    Offset += Size;
  }
  return Result;
}

std::string compareOutputs(const std::vector<KernelArgument> &Arguments,
                           const std::vector<unsigned> &Checked,
                           const std::vector<std::vector<unsigned char>> &Actual,
                           const std::vector<std::vector<unsigned char>> &Expected,
                           double Tolerance) {
  for (std::size_t B = 0; B < Checked.size(); ++B) {
    const KernelArgument &Argument = Arguments[Checked[B]];
    std::size_t Size = elementSize(Argument.Type);
    if (Actual[B].size() != Expected[B].size())
      return "results differ at buffer " + std::to_string(Checked[B] + 1) + ": " +
             std::to_string(Actual[B].size()) + " bytes vs " + std::to_string(Expected[B].size());
    for (std::uint64_t I = 0; I < Argument.Count; ++I) {
      if (std::memcmp(Actual[B].data() + I * Size, Expected[B].data() + I * Size, Size) == 0)
        continue;
      double A = elementAsDouble(Argument.Type, Actual[B].data(), I);
      double E = elementAsDouble(Argument.Type, Expected[B].data(), I);
      if (std::fabs(A - E) <= Tolerance)
        continue;
      std::ostringstream Message;
      Message.precision(9);
      Message << "results differ at buffer " << Checked[B] + 1 << "[" << I << "]: " << A << " vs "
              << E;
      return Message.str();
    }
  }
  return "";
}

} // namespace atfc
