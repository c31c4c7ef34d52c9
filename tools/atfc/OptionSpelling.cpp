//===- tools/atfc/OptionSpelling.cpp - Unknown options, did you mean ------===//
#include "OptionSpelling.h"

#include <algorithm>
#include <numeric>

namespace atfc {
namespace {

std::size_t editDistance(const std::string &A, const std::string &B) {
  std::vector<std::size_t> Row(B.size() + 1);
  std::iota(Row.begin(), Row.end(), 0);
  for (std::size_t I = 1; I <= A.size(); ++I) {
    std::size_t Diagonal = Row[0];
    Row[0] = I;
    for (std::size_t J = 1; J <= B.size(); ++J) {
      const std::size_t Up = Row[J];
      Row[J] = std::min({Row[J] + 1, Row[J - 1] + 1, Diagonal + (A[I - 1] != B[J - 1])});
      Diagonal = Up;
    }
  }
  return Row[B.size()];
}

bool looksLikeOption(const std::string &Word) {
  return Word.size() > 1 && Word[0] == '-' && !(Word[1] >= '0' && Word[1] <= '9') && Word[1] != '.';
}

} // namespace

std::optional<std::string> closestOption(const std::string &Word,
                                         const std::vector<std::string> &Known) {
  std::optional<std::string> Best;
  std::size_t BestDistance = 0;
  for (const std::string &Option : Known) {
    const std::size_t D = editDistance(Word, Option);
    if (!Best || D < BestDistance) {
      Best = Option;
      BestDistance = D;
    }
  }
  // A third of the word may be wrong, at least one character.
  if (Best && BestDistance <= std::max<std::size_t>(1, Word.size() / 3))
    return Best;
  return std::nullopt;
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
