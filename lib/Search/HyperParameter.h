//===- Search/HyperParameter.h - The numbers a technique takes --*- C++ -*-===//
//
// Each technique declares its numbers once, as a table of HyperParameters:
// name, default, the values it admits and what it means. The factory checks
// a directive's numbers against the table and fills in defaults; help texts,
// describe() and the tables of docs/search.md (checked by a test) are made
// from it. A constructor of a technique therefore never validates: it gets
// admitted values only.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_HYPERPARAMETER_H
#define ATFC_SEARCH_HYPERPARAMETER_H

#include "Support/Error.h"

#include <cstddef>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace atfc {

/// Whether a bound of a HyperParameter's interval is one of its values.
enum class Bound { Included, Excluded };

struct HyperParameter {
  /// As in docs and messages: "uniform_share".
  std::string_view Name;
  double Default;
  /// The interval of admitted values; Highest may be infinity.
  double Lowest;
  Bound LowestBound;
  double Highest;
  Bound HighestBound;
  /// A count: whole numbers only.
  bool Whole;
  /// What it does, for help texts: "probability that a coordinate mutates".
  std::string_view Meaning;
};

inline constexpr double kUnbounded = std::numeric_limits<double>::infinity();

/// A count of at least Lowest: whole, [Lowest, inf).
constexpr HyperParameter countParameter(std::string_view Name, double Default, double Lowest,
                                        std::string_view Meaning) {
  return {Name, Default, Lowest, Bound::Included, kUnbounded, Bound::Excluded, true, Meaning};
}

/// Whether P admits X.
bool admits(const HyperParameter &P, double X);

/// The admitted values as text: "(0, 1]", "> 0", "a whole number >= 2".
std::string admittedText(const HyperParameter &P);

/// The defaults of Parameters, in order.
std::vector<double> defaultValues(std::span<const HyperParameter> Parameters);

/// One value per parameter: Given where given, else the default; or an
/// error naming the technique, the parameter and what it admits.
Expected<std::vector<double>> hyperParameterValues(std::string_view Technique,
                                                   std::span<const HyperParameter> Parameters,
                                                   std::span<const double> Given);

/// "name(a = 0.2, b = 20)" or, with Techniques, "name(a = 0.2, t1, t2, ...)".
std::string signatureText(std::string_view Technique, std::span<const HyperParameter> Parameters,
                          bool Techniques);

} // namespace atfc

#endif
