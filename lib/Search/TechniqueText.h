//===- Search/TechniqueText.h - How a technique writes itself ---*- C++ -*-===//
//
// describe() of a technique writes it as a `search_technique` directive
// would: name(number, ..., sub-technique, ...). Numbers are written in
// their shortest exact form, so that the text parses back to the same
// technique.
//
// Tested through TechniqueFactoryTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUETEXT_H
#define ATFC_SEARCH_TECHNIQUETEXT_H

#include "Support/NumberText.h"

#include <cstddef>
#include <initializer_list>
#include <string>
#include <vector>

namespace atfc {

/// "Name(a, b, ...)" from already written arguments.
inline std::string callText(const std::string &Name, const std::vector<std::string> &Arguments) {
  std::string Text = Name + "(";
  for (std::size_t I = 0; I < Arguments.size(); ++I)
    Text += (I ? ", " : "") + Arguments[I];
  return Text + ")";
}

/// "Name(x, y, ...)" from numbers.
inline std::string callText(const std::string &Name, std::initializer_list<double> Numbers) {
  std::vector<std::string> Arguments;
  for (double X : Numbers)
    Arguments.push_back(shortestText(X));
  return callText(Name, Arguments);
}

} // namespace atfc

#endif
