//===- SearchSpace/Range.cpp - What can be wrong with a range -------------===//
#include "SearchSpace/Range.h"

namespace atfc {

const char *rangeErrorMessage(RangeError E) {
  switch (E) {
  case RangeError::None:
    break;
  case RangeError::Pow2Exponent:
    return "pow2: exponent out of range (2^i must be a value of the interval's type, i >= 0)";
  case RangeError::NonPositiveStep:
    return "interval: step must be positive";
  case RangeError::TooManyIntegers:
    return "interval: 2^64 values are more than a range can hold";
  case RangeError::NonFiniteBounds:
    return "interval: bounds must be finite numbers";
  case RangeError::TooManyValues:
    return "interval: more values than a range can hold (2^64 - 1)";
  case RangeError::ValueNotOfType:
    return "the parameter's type cannot hold it as it is";
  }
  return "no error";
}

} // namespace atfc
