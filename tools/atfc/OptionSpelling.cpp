//===- tools/atfc/OptionSpelling.cpp - Unknown options, did you mean ------===//
#include "OptionSpelling.h"

#include "Support/Suggestions.h"

#include <algorithm>

namespace atfc {
namespace {

bool looksLikeOption(const std::string &Word) {
  return Word.size() > 1 && Word[0] == '-' && !(Word[1] >= '0' && Word[1] <= '9') && Word[1] != '.';
}

} // namespace

std::optional<std::string> closestOption(const std::string &Word,
                                         const std::vector<std::string> &Known) {
  const std::string_view Close = closestSpelling(Word, Known);
  return Close.empty() ? std::nullopt : std::optional<std::string>(Close);
}

std::optional<std::string> unknownOptionMessage(std::span<const std::string> Args,
                                                const std::vector<std::string> &Known) {
  for (const std::string &Arg : Args) {
    if (Arg == "--")
      return std::nullopt;
    if (!looksLikeOption(Arg))
      continue;
    const std::string Name = Arg.substr(0, Arg.find('='));
    if (std::find(Known.begin(), Known.end(), Name) != Known.end())
      continue;
    std::string Message = "unknown option '" + Name + "'";
    if (std::optional<std::string> Close = closestOption(Name, Known))
      Message += "; did you mean '" + *Close + "'?";
    return Message + " (arguments of the tuned program that begin with '-' go after '--')";
  }
  return std::nullopt;
}

} // namespace atfc
