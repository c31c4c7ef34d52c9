//===- Support/Suggestions.h - "Did you mean" for misspelt names -*- C++ -*-===//
//
// One rule for every misspelling atfc answers (directives, clauses,
// techniques, abort conditions, command-line options): the candidate with
// the smallest Damerau-Levenshtein distance, when that distance is at most
// a third of the word (at least one edit). Ties go to the first candidate.
// A candidate that differs from the word in case alone (`TP` for `tp`) is
// the answer, however short the word.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SUPPORT_SUGGESTIONS_H
#define ATFC_SUPPORT_SUGGESTIONS_H

#include <cstddef>
#include <string_view>

namespace atfc {

/// Insertions, deletions, substitutions and swaps of two neighbouring
/// characters that turn A into B.
std::size_t editDistance(std::string_view A, std::string_view B);

/// Whether A and B differ in the case of ASCII letters alone.
bool differsInCaseAlone(std::string_view A, std::string_view B);

/// Whether a word at Distance edits from a candidate reads as a misspelling
/// of it rather than as another word.
bool isMisspellingDistance(std::string_view Word, std::size_t Distance);

/// The candidate Word is most likely a misspelling of; empty when none is
/// close enough. Candidates: any range of things convertible to
/// std::string_view.
template <class Range>
std::string_view closestSpelling(std::string_view Word, const Range &Candidates) {
  for (const auto &Candidate : Candidates)
    if (differsInCaseAlone(Word, std::string_view(Candidate)))
      return std::string_view(Candidate);
  std::string_view Best;
  std::size_t BestDistance = 0;
  for (const auto &Candidate : Candidates) {
    const std::string_view Text(Candidate);
    const std::size_t Distance = editDistance(Word, Text);
    if (isMisspellingDistance(Word, Distance) && (Best.empty() || Distance < BestDistance)) {
      Best = Text;
      BestDistance = Distance;
    }
  }
  return Best;
}

} // namespace atfc

#endif
