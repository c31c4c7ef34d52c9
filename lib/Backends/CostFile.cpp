//===- Backends/CostFile.cpp - What a run script writes as its cost -------===//
#include "Backends/CostFile.h"

#include "System/TerminalText.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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
    if (Part.empty() || Error != std::errc() || End != Part.data() + Part.size() ||
        !std::isfinite(Number)) {
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
  constexpr off_t Limit = 1 << 20;
  int Fd = open(Path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (Fd < 0) {
    Problem =
        errno == ENOENT ? "was not written" : std::string("cannot be read: ") + strerror(errno);
    return false;
  }
  struct stat Status {};
  if (fstat(Fd, &Status) != 0 || !S_ISREG(Status.st_mode)) {
    close(Fd);
    Problem = "is not a regular file";
    return false;
  }
  if (Status.st_size > Limit) {
    close(Fd);
    Problem = "is larger than 1 MiB (" + std::to_string(Status.st_size) + " bytes)";
    return false;
  }
  char Buffer[4096];
  for (ssize_t N; (N = read(Fd, Buffer, sizeof Buffer)) != 0 && Text.size() <= Limit;) {
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0) {
      Problem = std::string("cannot be read: ") + strerror(errno);
      close(Fd);
      return false;
    }
    Text.append(Buffer, static_cast<std::size_t>(N));
  }
  close(Fd);
  if (Text.size() > static_cast<std::size_t>(Limit)) {
    Problem = "is larger than 1 MiB";
    return false;
  }
  return true;
}

} // namespace atfc
