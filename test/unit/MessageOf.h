//===- MessageOf.h - A refusal's message, for assertions --------*- C++ -*-===//
//
// The tests of the device backends and of a kernel's data compare the
// message of what they refuse with the text a user reads; messageOf gives
// it, or "" for a value, so that EXPECT_EQ shows both sides on a mismatch.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_UNIT_MESSAGEOF_H
#define ATFC_TEST_UNIT_MESSAGEOF_H

#include "Support/Error.h"

#include <string>

namespace atfc {

/// The error's message of R, "" when R holds a value.
template <class T> std::string messageOf(const Expected<T> &R) {
  return R ? std::string() : R.error().message();
}

} // namespace atfc

#endif // ATFC_TEST_UNIT_MESSAGEOF_H
