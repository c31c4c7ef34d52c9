//===- Support/Suggestions.cpp - "Did you mean" for misspelt names --------===//
#include "Support/Suggestions.h"

#include <algorithm>
#include <numeric>
#include <vector>

namespace atfc {

std::size_t editDistance(std::string_view A, std::string_view B) {
  // Three rows of the optimal-string-alignment table: no allocation per cell.
  std::vector<std::size_t> BeforePrevious(B.size() + 1), Previous(B.size() + 1),
      Current(B.size() + 1);
  std::iota(Previous.begin(), Previous.end(), std::size_t(0));
  for (std::size_t I = 1; I <= A.size(); ++I) {
    Current[0] = I;
    for (std::size_t J = 1; J <= B.size(); ++J) {
      Current[J] = std::min(
          {Previous[J] + 1, Current[J - 1] + 1, Previous[J - 1] + (A[I - 1] == B[J - 1] ? 0 : 1)});
      if (I > 1 && J > 1 && A[I - 1] == B[J - 2] && A[I - 2] == B[J - 1])
        Current[J] = std::min(Current[J], BeforePrevious[J - 2] + 1);
    }
    std::swap(BeforePrevious, Previous);
    std::swap(Previous, Current);
  }
  return Previous[B.size()];
}

bool differsInCaseAlone(std::string_view A, std::string_view B) {
  auto Lower = [](char C) { return C >= 'A' && C <= 'Z' ? static_cast<char>(C - 'A' + 'a') : C; };
  if (A == B || A.size() != B.size())
    return false;
  for (std::size_t I = 0; I < A.size(); ++I)
    if (Lower(A[I]) != Lower(B[I]))
      return false;
  return true;
}

bool isMisspellingDistance(std::string_view Word, std::size_t Distance) {
  return Distance > 0 && Distance <= std::max<std::size_t>(1, Word.size() / 3);
}

} // namespace atfc
