//===- Frontend/StatusMessages.cpp - The prelude's verdicts in words -*- C++ -*-===//
#include "Frontend/StatusMessages.h"

namespace atfc {

using namespace status;

std::string sizeName(SizeKind Size) {
  const char *Names[] = {"global size", "local size", "grid dimension", "block dimension",
                         "shared memory size"};
  return Names[static_cast<int>(Size)];
}

std::string kernelInputStatusMessage(int Status) {
  switch (Status) {
  case InputScalarNeedsType:
    return "a scalar without a value needs its type, as in scalar<float>()";
  case InputScalarArguments:
    return "scalar<T>(value) takes at most one value";
  case InputScalarNotConvertible:
    return "the value of this scalar does not convert to its type";
  case InputBufferNeedsType:
    return "a buffer needs its element type, as in buffer<float>(N)";
  case InputBufferArguments:
    return "buffer<T>(size) takes exactly one size";
  case InputBufferSizeNotInteger:
    return "the size of a buffer must be an integer";
  case InputLocalNeedsType:
    return "a local argument needs its element type, as in local<float>(WG)";
  case InputLocalArguments:
    return "local<T>(count) takes exactly one count";
  case InputLocalCountNotInteger:
    return "the count of a local argument must be an integer";
  default:
    return "a kernel input is scalar<T>(value), scalar<T>(), buffer<T>(size) or local<T>(count)";
  }
}

std::string numberConstraintMessage(const std::string &Parameter, const std::string &Text,
                                    const std::string &Type, bool Constant) {
  const std::string Head = "the constraint of '" + Parameter + "' is not a condition: '" + Text;
  return Constant
             ? Head + "' is a constant of type '" + Type + "', true or false whatever '" +
                   Parameter + "' is; did you mean equal(" + Text + ") or divides(" + Text + ")?"
             : Head + "' has type '" + Type + "', which C++ reads as '" + Text +
                   " != 0'; write the comparison you mean";
}

} // namespace atfc
