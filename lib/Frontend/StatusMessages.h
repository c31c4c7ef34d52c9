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

/// The error for the part Text (of type Type; Constant: a constant) of
/// the constraint of Parameter that is a number, not a condition.
std::string numberConstraintMessage(const std::string &Parameter, const std::string &Text,
                                    const std::string &Type, bool Constant);

} // namespace atfc

#endif // ATFC_FRONTEND_STATUSMESSAGES_H
