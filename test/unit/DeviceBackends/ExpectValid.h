//===- ExpectValid.h - A measurement that must be valid ------*- C++ -*-===//
//
// Fails the test with the measurement's failure, reason and log when it is
// invalid, so that a broken kernel or device says why.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_DEVICEBACKENDS_EXPECTVALID_H
#define ATFC_TEST_DEVICEBACKENDS_EXPECTVALID_H

#include "Backends/Measurement.h"

#include <gtest/gtest.h>

namespace atfc::test {

inline void expectValid(const Measurement &M) {
  EXPECT_TRUE(M.Valid) << failureName(M.Failure) << ": " << M.Reason << "\n" << M.Log;
}

} // namespace atfc::test

#endif
