//===- Backends/Measurement.cpp - Failure names ---------------------------===//
#include "Backends/Measurement.h"

namespace atfc {

const char *failureName(FailureKind Kind) {
  switch (Kind) {
  case FailureKind::None:
    return "";
  case FailureKind::BuildFailed:
    return "build failed";
  case FailureKind::RunFailed:
    return "run failed";
  case FailureKind::TimedOut:
    return "timed out";
  case FailureKind::Crashed:
    return "crashed";
  case FailureKind::BadCost:
    return "bad cost";
  case FailureKind::WrongResult:
    return "wrong result";
  case FailureKind::NotRecorded:
    return "not recorded";
  }
  return "";
}

} // namespace atfc
