//===- test/unit/Report/Count.h - Counting in generated text ----*- C++ -*-===//
#ifndef ATFC_TEST_UNIT_REPORT_COUNT_H
#define ATFC_TEST_UNIT_REPORT_COUNT_H

#include <cstddef>
#include <string>
#include <string_view>

namespace atfc::report::test {

/// How often Needle occurs in Text (not overlapping).
inline std::size_t count(std::string_view Text, std::string_view Needle) {
  std::size_t N = 0;
  for (std::size_t At = Text.find(Needle); At != std::string_view::npos;
       At = Text.find(Needle, At + Needle.size()))
    ++N;
  return N;
}

/// The text between the first Begin and the End after it ("" if absent).
inline std::string between(std::string_view Text, std::string_view Begin, std::string_view End) {
  const std::size_t B = Text.find(Begin);
  if (B == std::string_view::npos)
    return {};
  const std::size_t E = Text.find(End, B + Begin.size());
  return std::string(Text.substr(B, E == std::string_view::npos ? E : E - B));
}

} // namespace atfc::report::test

#endif
