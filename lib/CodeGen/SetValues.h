//===- CodeGen/SetValues.h - A set's values in the tuner -----*- C++ -*-===//
//
// The tuner converts each value of a set into its parameter's type where
// the type holds it as it is, else the range fails (SearchSpace/Range.h's
// exactSet): an input's 300 never becomes a uint8_t's 44. exactSet is a
// function of as many arguments as values; a set of thousands of literals
// (which `atfc check` checked) goes in as one list instead, and the
// values among them that are not literals (inputs, expressions) through
// exactSet, at most kExactSetValues at a time, joined in their order.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_CODEGEN_SETVALUES_H
#define ATFC_CODEGEN_SETVALUES_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <string>

namespace atfc {

/// The most values the tuner checks in one exactSet call.
inline constexpr std::size_t kExactSetValues = 64;

/// Whether Value (trimmed) is a literal whose value `atfc check` knows: a
/// number (1, -2.5e-3, 0x1F, 1'000u) or true or false.
bool isPlainLiteral(llvm::StringRef Value);

/// The tuner's C++ expression of a set of type TypeName whose values are
/// the comma-separated Values (the inside of `{...}`).
std::string setExpression(llvm::StringRef TypeName, llvm::StringRef Values);

} // namespace atfc

#endif
