//===- Tuning/SpaceReport.h - What a tuner says about its space -*- C++ -*-===//
//
// The output of a tuner's "space" mode, as text for a person or as one JSON
// object for a program. Both answer "why is my space so small (or large)?":
// the exact size |SP| beside the unconstrained size, and per group and per
// parameter how often its range was scanned, how many values its constraint
// accepted and rejected, and how many accepted values were dead ends.
//
// Sizes that may exceed 2^64 (|SP|, leaf counts, rejected values) are exact
// decimal strings in JSON. The generation time is that of the tuner's first
// generation (a cold one: the thread pool starts in it); with repetitions,
// the median of the further, warm generations is reported beside it, the
// figure that compares with the engine's benchmark.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TUNING_SPACEREPORT_H
#define ATFC_TUNING_SPACEREPORT_H

#include "SearchSpace/ChainOfTrees.h"
#include "Tuning/LoopSetup.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>

namespace atfc {

/// Decimal digits of N in groups of three: 1,234,567.
std::string withThousandsSeparators(const BigCount &N);

/// A configuration as `NAME=VALUE NAME=VALUE ...` in level order; strings
/// are quoted and escaped as in C source.
std::string configurationText(const ChainOfTrees &Space, const Configuration &C);

/// A configuration as a JSON object {name: value}, with JSON numbers,
/// booleans and strings, in level order.
nlohmann::ordered_json configurationJson(const ChainOfTrees &Space, const Configuration &C);

/// Writes the human report of the space generated for FileName. Repeated
/// holds the times of further generations of the same space (the tuner's
/// --repetitions), whose median the report adds. TypeNames holds each
/// parameter's type as declared, in chain level order (LoopSetup::TypeNames);
/// where it is empty the report shows the kind of its values.
void writeSpaceReport(std::ostream &OS, const ChainOfTrees &Space, std::string_view FileName,
                      std::span<const double> Repeated = {},
                      std::span<const std::string> TypeNames = {});

/// Writes the first Count configurations (all, if there are fewer), one
/// configurationText per line, under a line that says how many they are.
void writeConfigurationList(std::ostream &OS, const ChainOfTrees &Space, std::uint64_t Count);

/// The report as one JSON object; with List > 0 it holds the first List
/// configurations as "configurations_listed", and with Repeated the times
/// of further generations as "repeated_generation_seconds" and their
/// median as "repeated_generation_median_seconds"; each level's "type" is
/// as writeSpaceReport's.
nlohmann::ordered_json spaceReportJson(const ChainOfTrees &Space, std::string_view FileName,
                                       std::uint64_t List = 0,
                                       std::span<const double> Repeated = {},
                                       std::span<const std::string> TypeNames = {});

/// Why an empty Space is empty, for its error: in the first group without
/// configurations, the first parameter none of whose values passed its
/// constraint (under any values of the parameters before it), with that
/// constraint as Constraints (chain level order, when known) holds it and
/// the Inputs' values. Where: the constraint's line and column, or 0.
struct EmptySpaceReason {
  std::string Message;
  unsigned Line = 0;
  unsigned Column = 0;
};
EmptySpaceReason emptySpaceReason(const ChainOfTrees &Space,
                                  std::span<const DirectiveText> Constraints,
                                  std::span<const NamedValue> Inputs);

} // namespace atfc

#endif
