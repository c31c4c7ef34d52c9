//===- SearchSpace/Configuration.h - A configuration by name ----*- C++ -*-===//
//
// A configuration as everything outside the engine sees it: each tuning
// parameter's name and value, in generation order. Backends measure it,
// the results database stores it, reports and wisdom print it.
//
// Tested through ChainOfTreesTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCHSPACE_CONFIGURATION_H
#define ATFC_SEARCHSPACE_CONFIGURATION_H

#include "SearchSpace/Value.h"

#include <string>
#include <vector>

namespace atfc {

/// One tuning parameter's value in a configuration.
struct NamedValue {
  /// The parameter's name, as in its `tp` directive.
  std::string Name;
  /// Its value.
  Value Val;
  /// Same name, same value: configurations compare with ==, whatever
  /// their indices in a space.
  friend bool operator==(const NamedValue &, const NamedValue &) = default;
};

/// A configuration: every parameter, in generation order.
using ParameterValues = std::vector<NamedValue>;

} // namespace atfc

#endif
