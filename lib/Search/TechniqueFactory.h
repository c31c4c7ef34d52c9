//===- Search/TechniqueFactory.h - Techniques by name -----------*- C++ -*-===//
//
// Builds a SearchTechnique from a TechniqueExpr ("round_robin(torczon,
// random)"), checking its numbers and sub-techniques against a registry of
// every technique: its name, a one-line summary for help texts, how many
// numbers and sub-techniques it takes, and the function that builds it.
//
// Adding a technique T is one line in the registry of TechniqueFactory.cpp:
//   {"name", "summary", MaxNumbers, MinTechniques, MaxTechniques,
//    DefaultTechniques, &buildWithNumbers<T>},
// where T has a constructor T(std::span<const double> Numbers) (numbers not
// given take T's defaults; a default constructor also works when T takes no
// numbers) and optionally `static std::string checkNumbers(std::span<const
// double>)` that returns why the numbers are wrong ("" when right). A meta-
// technique uses &buildWithTechniques<T> and has a constructor T(std::span<
// const double> Numbers, std::vector<std::unique_ptr<SearchTechnique>>).
// DefaultTechniques ("a, b") is used when the expression names none.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUEFACTORY_H
#define ATFC_SEARCH_TECHNIQUEFACTORY_H

#include "Search/SearchTechnique.h"
#include "Search/TechniqueExpr.h"

#include <concepts>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace atfc {

/// A built technique, or why the expression names none.
struct TechniqueOrError {
  /// The technique; null on error.
  std::unique_ptr<SearchTechnique> Technique;
  /// The error when Technique is null; Offset is that of the expression's
  /// text it was parsed from.
  TextError Error;
  bool ok() const { return Technique != nullptr; }
};

/// What a builder gets: the expression, whose counts of numbers and
/// techniques the factory checked against the entry, and its sub-techniques,
/// built (the defaults where the expression names none).
struct TechniqueArguments {
  const TechniqueExpr &Expr;
  std::vector<std::unique_ptr<SearchTechnique>> Techniques;
};

using TechniqueBuilder = TechniqueOrError (*)(TechniqueArguments &&Arguments);

/// One technique of the registry.
struct TechniqueEntry {
  /// The name in directives: "simulated_annealing".
  std::string_view Name;
  /// One line for help texts: what it does, its numbers and their defaults.
  std::string_view Summary;
  /// The most numbers it takes.
  std::size_t MaxNumbers = 0;
  /// How many sub-techniques it takes (meta-techniques), after defaults.
  std::size_t MinTechniques = 0;
  std::size_t MaxTechniques = 0;
  /// Sub-techniques when the expression names none ("a, b"); may be empty.
  std::string_view DefaultTechniques;
  TechniqueBuilder Build = nullptr;
};

/// Every technique, in the order of help texts.
std::span<const TechniqueEntry> techniqueRegistry();
/// Their names.
std::vector<std::string> knownTechniques();
/// The technique of a run that names none.
std::string_view defaultTechniqueText();

TechniqueOrError makeTechnique(const TechniqueExpr &Expr);
/// Parses Text and builds it.
TechniqueOrError makeTechnique(std::string_view Text);

/// The error for Expr's numbers when T::checkNumbers (where T has one)
/// finds them wrong, at the expression's offset; nullopt when right.
template <class T> std::optional<TextError> numbersError(const TechniqueExpr &Expr) {
  const std::span<const double> Numbers = Expr.Numbers;
  if constexpr (requires {
                  { T::checkNumbers(Numbers) } -> std::convertible_to<std::string>;
                }) {
    std::string Problem = T::checkNumbers(Numbers);
    if (!Problem.empty())
      return TextError{Expr.Name + ": " + Problem, Expr.Offset};
  }
  return std::nullopt;
}

/// A builder for a technique with numbers only (see the file comment).
template <class T> TechniqueOrError buildWithNumbers(TechniqueArguments &&Arguments) {
  const std::span<const double> Numbers = Arguments.Expr.Numbers;
  if (std::optional<TextError> Error = numbersError<T>(Arguments.Expr))
    return {nullptr, std::move(*Error)};
  if constexpr (std::is_constructible_v<T, std::span<const double>>)
    return {std::make_unique<T>(Numbers), {}};
  else
    return {std::make_unique<T>(), {}};
}

/// A builder for a meta-technique (see the file comment).
template <class T> TechniqueOrError buildWithTechniques(TechniqueArguments &&Arguments) {
  const std::span<const double> Numbers = Arguments.Expr.Numbers;
  if (std::optional<TextError> Error = numbersError<T>(Arguments.Expr))
    return {nullptr, std::move(*Error)};
  return {std::make_unique<T>(Numbers, std::move(Arguments.Techniques)), {}};
}

} // namespace atfc

#endif
