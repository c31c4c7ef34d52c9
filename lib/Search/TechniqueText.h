//===- Search/TechniqueText.h - How a technique writes itself ---*- C++ -*-===//
//
// describe() of a technique writes it as a `search_technique` directive
// would: name(number, ..., sub-technique, ...). Numbers are written in
// their shortest exact form, so that the text parses back to the same
// technique.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUETEXT_H
#define ATFC_SEARCH_TECHNIQUETEXT_H

#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "Support/NumberText.h"

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

/// Numbers[I] where given, else Default.
inline double numberOr(std::span<const double> Numbers, std::size_t I, double Default) {
  return I < Numbers.size() ? Numbers[I] : Default;
}

/// Numbers[I] where given (it must be a whole number >= 0), else Default.
inline std::size_t countOr(std::span<const double> Numbers, std::size_t I, std::size_t Default) {
  if (I >= Numbers.size())
    return Default;
  const double X = Numbers[I];
  if (!(X >= 0.0 && X < 1e15 && X == std::floor(X)))
    throw std::invalid_argument("argument " + std::to_string(I + 1) + " must be a whole number");
  return static_cast<std::size_t>(X);
}

/// Why T(Numbers) rejects Numbers, "" when it takes them: the message of the
/// constructor's std::invalid_argument without its "name: " prefix.
template <class T> std::string numbersProblem(std::span<const double> Numbers) {
  try {
    T Checked(Numbers);
  } catch (const std::invalid_argument &E) {
    std::string Message = E.what();
    const std::size_t Colon = Message.find(": ");
    return Colon == std::string::npos ? Message : Message.substr(Colon + 2);
  }
  return "";
}

} // namespace atfc

#endif
