//===- SearchSpace/Range.cpp - Errors of ranges ---------------------------===//
#include "SearchSpace/Range.h"

#include <stdexcept>

namespace atfc::detail {

void throwRangeError(RangeError E) {
  switch (E) {
  case RangeError::Pow2Exponent:
    throw std::out_of_range("pow2: exponent out of range");
  case RangeError::NonPositiveStep:
    throw std::invalid_argument("interval: step must be positive");
  case RangeError::TooManyIntegers:
    throw std::length_error("interval: 2^64 values are more than a range can hold");
  case RangeError::NonFiniteBounds:
    throw std::invalid_argument("interval: bounds must be finite numbers");
  case RangeError::TooManyValues:
    break;
  }
  throw std::length_error("interval: more values than a range can hold (2^64 - 1)");
}

} // namespace atfc::detail
