//===- runtime/FixedValue.h - A --fix value in its parameter's type -*- C++ -*-===//
//
// `atfc tune --fix NAME=VALUE` restricts a parameter to one value, which the
// emitted tuner compares with the parameter's values in its type. A value
// that the type cannot hold as it is (1.5 for an int, 300 for a uint8_t)
// was converted silently: --fix BS=1.5 fixed BS to 1. fixedValue refuses
// it, and the emitted tuner returns the Error before generating the space,
// as it does for a value outside the parameter's range.
//
// Tested through FixedValueTest.cpp and test/atfc/tune/fix.test.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RUNTIME_FIXEDVALUE_H
#define ATFC_RUNTIME_FIXEDVALUE_H

#include "SearchSpace/Constraint.h"
#include "SearchSpace/Range.h"
#include "Support/Error.h"

#include <cstdint>
#include <string>

namespace atfc {

/// V as a T, or an Error naming Option ("--fix BS=1.5") where T cannot
/// hold V as it is (keepsValue).
template <class T, class U> Expected<T> fixedValue(const U &V, const char *Option) {
  if (!keepsValue<T>(V))
    return Error(std::string(Option) + ": the parameter's type cannot hold " + valueText(V) +
                 " as it is");
  return static_cast<T>(V);
}

/// Whether Range holds V, or an Error at Where naming Option and Written
/// ("X's range {1, 2, 4}"): a value outside it was reported as the
/// constraint refusing every value. A range that failed is left to the
/// generator's message, and one of more than 2^24 values to the empty
/// space's (a scan of it would cost more than the run it saves).
template <class R, class T>
Expected<void> fixedValueInRange(const R &Range, const T &V, SourceLocation Where,
                                 const char *Option, const char *Written) {
  constexpr std::uint64_t kMaxScanned = std::uint64_t(1) << 24;
  if (Range.failure() != RangeError::None || Range.size() > kMaxScanned)
    return {};
  for (std::uint64_t K = 0; K < Range.size(); ++K)
    if (holds<RelationShape::Equal>(Range.at(K), V))
      return {};
  // The values themselves: a generator's or an input's range shows none.
  std::string Values;
  constexpr std::uint64_t kListed = 8;
  for (std::uint64_t K = 0; K < Range.size() && K < kListed; ++K)
    Values += (K ? ", " : "") + valueText(Range.at(K));
  if (Range.size() > kListed)
    Values = std::to_string(Range.size()) + " values from " + valueText(Range.at(0)) + " to " +
             valueText(Range.at(Range.size() - 1));
  return Error(std::move(Where), std::string(Option) + ": " + valueText(V) + " is no value of " +
                                     Written + " (" + Values + ")");
}

} // namespace atfc

#endif
