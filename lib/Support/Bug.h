//===- Support/Bug.h - Reporting a bug of atfc itself -----------*- C++ -*-===//
//
// What no input can cause: a function called against its contract (a
// report without a proposal, a configuration index outside the space, a
// coordinate vector of the wrong dimension). Such a call is a bug of its
// caller, not an error to return: like LLVM's llvm_unreachable and
// report_fatal_error, reportBug() says where it happened on stderr and
// aborts, so that the bug is seen at once and never handled as input.
// Callers check what the user gives them first, and return an Error
// (Support/Error.h) for it. cantFail() takes the value of an Expected that
// cannot fail there (LLVM's cantFail).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SUPPORT_BUG_H
#define ATFC_SUPPORT_BUG_H

#include "Support/Error.h"

#include <source_location>
#include <string_view>

namespace atfc {

/// Prints "atfc: bug: <What> (<file>:<line>)" on stderr and aborts. Where
/// is the caller's place in atfc's source.
[[noreturn]] void reportBug(std::string_view What,
                            std::source_location Where = std::source_location::current());

/// The value of E, where E cannot fail: a failure is a bug that names
/// Where, the caller.
template <class T>
T cantFail(Expected<T> E, std::source_location Where = std::source_location::current()) {
  if (!E)
    reportBug("cantFail: " + E.error().message(), Where);
  return E.take();
}

} // namespace atfc

#endif
