//===- Search/TechniqueFactory.h - Techniques by name -----------*- C++ -*-===//
//
// Builds a SearchTechnique from a TechniqueExpr ("round_robin(torczon,
// random)"), checking its numbers and sub-techniques against a registry of
// every technique: its name, what it does, the numbers it takes (its
// kParameters table, Search/HyperParameter.h), how many sub-techniques it
// takes, and the function that builds it. Help texts and docs/search.md
// are checked against the registry, so a technique's numbers are declared
// in one place.
//
// Adding a technique T is one line in the registry of TechniqueFactory.cpp:
//   entry<T>("name", "what it does", MinTechniques, MaxTechniques,
//            DefaultTechniques, &buildWithNumbers<T>),
// where T has `static constexpr std::array<HyperParameter, N> kParameters`
// (none for a technique without numbers) and a constructor T(std::span<
// const double> Values) that gets one admitted value per parameter (a
// default constructor for a technique without numbers), and optionally
// `static std::string checkValues(std::span<const double>)` for conditions
// between its numbers. A meta-technique uses &buildWithTechniques<T> and
// has a constructor T(std::span<const double> Values,
// std::vector<std::unique_ptr<SearchTechnique>>). DefaultTechniques ("a,
// b") is used when the expression names none.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUEFACTORY_H
#define ATFC_SEARCH_TECHNIQUEFACTORY_H

#include "Search/HyperParameter.h"
#include "Search/SearchTechnique.h"
#include "Search/TechniqueExpr.h"

#include <concepts>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace atfc {

/// What a builder gets: the expression, whose sub-techniques the factory
/// checked against the entry, the values of its numbers (checked against
/// the technique's kParameters, defaults added), and its sub-techniques,
/// built (the defaults where the expression names none).
struct TechniqueArguments {
  const TechniqueExpr &Expr;
  std::vector<double> Values;
  std::vector<std::unique_ptr<SearchTechnique>> Techniques;
};

using TechniqueBuilder =
    Expected<std::unique_ptr<SearchTechnique>> (*)(TechniqueArguments &&Arguments);

/// One technique of the registry.
struct TechniqueEntry {
  /// The name in directives: "simulated_annealing".
  std::string_view Name;
  /// What it does, for help texts: "compass search".
  std::string_view Summary;
  /// The numbers it takes, in order.
  std::span<const HyperParameter> Parameters;
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
/// One line per technique for help texts: "  torczon(step = 0.2, ...)
/// multi-directional search", then one line per number: its meaning and
/// the values it admits.
std::string techniqueHelp();
/// The Markdown table of every technique's numbers (technique, number,
/// default, admitted values, meaning) that docs/search.md holds verbatim.
std::string techniqueParameterTable();

/// The technique Expr names, or why none (at Expr's offset: textOffset()).
Expected<std::unique_ptr<SearchTechnique>> makeTechnique(const TechniqueExpr &Expr);
/// Parses Text and builds it.
Expected<std::unique_ptr<SearchTechnique>> makeTechnique(std::string_view Text);

/// The numbers a technique T takes (none when it declares no kParameters).
template <class T> constexpr std::span<const HyperParameter> parametersOf() {
  if constexpr (requires { T::kParameters; })
    return T::kParameters;
  else
    return {};
}

/// Why the values break a condition between T's numbers; "" when none.
template <class T> std::string valuesProblem(std::span<const double> Values) {
  if constexpr (requires {
                  { T::checkValues(Values) } -> std::convertible_to<std::string>;
                })
    return T::checkValues(Values);
  else
    return "";
}

/// A builder for a technique with numbers only (see the file comment).
template <class T>
Expected<std::unique_ptr<SearchTechnique>> buildWithNumbers(TechniqueArguments &&Arguments) {
  if (std::string Problem = valuesProblem<T>(Arguments.Values); !Problem.empty())
    return textError(Arguments.Expr.Offset, Arguments.Expr.Name + ": " + Problem);
  if constexpr (std::is_constructible_v<T, std::span<const double>>)
    return std::unique_ptr<SearchTechnique>(
        std::make_unique<T>(std::span<const double>(Arguments.Values)));
  else
    return std::unique_ptr<SearchTechnique>(std::make_unique<T>());
}

/// A builder for a meta-technique (see the file comment).
template <class T>
Expected<std::unique_ptr<SearchTechnique>> buildWithTechniques(TechniqueArguments &&Arguments) {
  if (std::string Problem = valuesProblem<T>(Arguments.Values); !Problem.empty())
    return textError(Arguments.Expr.Offset, Arguments.Expr.Name + ": " + Problem);
  return std::unique_ptr<SearchTechnique>(std::make_unique<T>(
      std::span<const double>(Arguments.Values), std::move(Arguments.Techniques)));
}

} // namespace atfc

#endif
