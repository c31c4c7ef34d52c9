//===- runtime/FixedValue.h - A --fix value in its parameter's type -*- C++ -*-===//
//
// `atfc tune --fix NAME=VALUE` restricts a parameter to one value, which the
// emitted tuner compares with the parameter's values in its type. A value
// that the type cannot hold as it is (1.5 for an int, 300 for a uint8_t)
// was converted silently: --fix BS=1.5 fixed BS to 1. fixedValue refuses
// it, and the emitted tuner returns the Error before generating the space.
//
// Tested through FixedValueTest.cpp and test/atfc/tune/fix.test.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RUNTIME_FIXEDVALUE_H
#define ATFC_RUNTIME_FIXEDVALUE_H

#include "SearchSpace/Range.h"
#include "Support/Error.h"

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

} // namespace atfc

#endif
