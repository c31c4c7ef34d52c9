//===- Frontend/StatusMessages.h - The prelude's verdicts in words -*- C++ -*-===//
//
// The messages for the status constants of the synthetic unit
// (SyntheticUnit.h's namespace status) that need no more than the status.
//
// Tested through SpecAnalysisTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_FRONTEND_STATUSMESSAGES_H
#define ATFC_FRONTEND_STATUSMESSAGES_H

#include "Frontend/SyntheticUnit.h"

#include <string>

namespace atfc {

/// "global size", "shared memory size", ...
std::string sizeName(SizeKind Size);

/// What is wrong with a kernel input of status Status (status::KernelInput).
std::string kernelInputStatusMessage(int Status);

} // namespace atfc

#endif // ATFC_FRONTEND_STATUSMESSAGES_H
