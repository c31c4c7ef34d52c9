//===- Backends/CostFile.cpp - What a run script writes as its cost -------===//
#include "Backends/CostFile.h"

#include "System/RegularFiles.h"
#include "System/TerminalText.h"

#include <charconv>
#include <cmath>
#include <cstdint>

namespace atfc {

namespace {
/// The most bytes of a cost file that a message quotes.
constexpr std::size_t kQuotedBytes = 80;
} // namespace

bool parseCosts(std::string_view Text, std::vector<double> &Costs, std::string &Problem) {
  auto trim = [](std::string_view S) {
    std::size_t Begin = S.find_first_not_of(" \t\r\n");
    if (Begin == std::string_view::npos)
      return std::string_view();
    return S.substr(Begin, S.find_last_not_of(" \t\r\n") - Begin + 1);
  };
  if (trim(Text).empty()) {
    Problem = "is empty";
    return false;
  }
  for (std::size_t Begin = 0;;) {
    std::size_t Comma = Text.find(',', Begin);
    std::string_view Part =
        trim(Text.substr(Begin, Comma == std::string_view::npos ? Comma : Comma - Begin));
    double Number = 0;
    auto [End, Error] = std::from_chars(Part.data(), Part.data() + Part.size(), Number);
    const bool Whole = !Part.empty() && End == Part.data() + Part.size();
    if (Whole && (Error == std::errc::result_out_of_range ||
                  (Error == std::errc() && !std::isfinite(Number)))) {
      // A number all the same (digits, a sign, "e", "inf"): said as one.
      Problem =
          "holds " + quotedForMessage(trim(Text), kQuotedBytes) + ": " +
          std::string(Part.substr(0, kQuotedBytes)) + (Part.size() > kQuotedBytes ? "..." : "") +
          (Error == std::errc() ? " is not a finite number" : " is out of the range of a double");
      return false;
    }
    if (!Whole || Error != std::errc()) {
      Problem =
          "holds " + quotedForMessage(trim(Text), kQuotedBytes) + ", not comma-separated numbers";
      return false;
    }
    Costs.push_back(Number);
    if (Comma == std::string_view::npos)
      return true;
    Begin = Comma + 1;
  }
}

bool readCostFile(const std::filesystem::path &Path, std::string &Text, std::string &Problem) {
  constexpr std::uint64_t Limit = 1 << 20;
  RegularFileProblem Why;
  Expected<std::string> Read = readRegularFile(Path.string(), Limit, &Why);
  if (Read) {
    Text += *Read;
    return true;
  }
  switch (Why.Kind) {
  case RegularFileFailure::DoesNotExist:
    Problem = "was not written";
    break;
  case RegularFileFailure::NotRegular:
    Problem = "is not a regular file";
    break;
  case RegularFileFailure::TooLarge:
    Problem = "is larger than 1 MiB (" + std::to_string(Why.Size) + " bytes)";
    break;
  case RegularFileFailure::CannotRead:
    Problem = "cannot be read: " + Why.Reason;
    break;
  }
  return false;
}

} // namespace atfc
