//===- Results/ResultKey.h - What results may be reused ---------*- C++ -*-===//
//
// Results are reused only under the same key: a hash of everything the
// runtime knows determines a measurement (the blanked source, the generated
// tuner, the inputs, the toolchain, the device). The results database
// stores it with every run and evaluation.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RESULTS_RESULTKEY_H
#define ATFC_RESULTS_RESULTKEY_H

#include "Support/Error.h"

#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace atfc {

/// A 32-hex-digit key that identifies what results may be reused: a hash of
/// Parts, each framed by its length so that {"ab","c"} and {"a","bc"}
/// differ. Not cryptographic: it tells inputs apart, it protects nothing.
std::string resultKey(std::initializer_list<std::string_view> Parts);
std::string resultKey(std::span<const std::string_view> Parts);

} // namespace atfc

#endif
