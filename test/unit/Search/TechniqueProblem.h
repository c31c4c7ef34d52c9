//===- TechniqueProblem.h - Why the factory rejects a technique -*- C++ -*-===//
#ifndef ATFC_TEST_SEARCH_TECHNIQUEPROBLEM_H
#define ATFC_TEST_SEARCH_TECHNIQUEPROBLEM_H

#include "Search/TechniqueFactory.h"

#include <string>
#include <string_view>

namespace atfc {

/// The factory's error for Text, "" when Text builds a technique.
inline std::string techniqueProblem(std::string_view Text) {
  Expected<std::unique_ptr<SearchTechnique>> T = makeTechnique(Text);
  return T ? std::string() : T.error().message();
}

} // namespace atfc

#endif
