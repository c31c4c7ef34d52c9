//===- Invocation/TunerInvocation.h - atfc's options as one value --*- C++ -*-===//
//
// atfc hands its tuner every option as one value, `--invocation JSON`, the
// TunerOptions themselves serialised: nothing is spelled twice, so an option
// that atfc knows cannot be lost or misread on the way (a program argument
// that looks like an option, a value with spaces or quotes). Each option's
// key is its row's in TunerOptions.def, and the value is read back by the
// row's type, its count range checked.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_INVOCATION_TUNERINVOCATION_H
#define ATFC_INVOCATION_TUNERINVOCATION_H

#include "Invocation/TunerCommandLine.h"

#include <string>
#include <string_view>
#include <vector>

namespace atfc {

/// The tuner option that carries a serialised TunerOptions.
inline constexpr std::string_view kInvocationOption = "--invocation";

/// Options as one JSON value: every option of TunerOptions.def kept
/// InInvocation, under its key (not Help: atfc handles --help, nor the
/// program's arguments). Throws for text that is not UTF-8 (JSON holds
/// only UTF-8); the tuned program's arguments, which may be any bytes,
/// travel after `--` instead.
std::string toInvocation(const TunerOptions &O);

/// The tuner's command line (without the program name) for O: the
/// invocation value, then `--` and the tuned program's arguments as they
/// are. parseTunerCommandLine() reads it back to O.
std::vector<std::string> tunerCommandLine(const TunerOptions &O);

/// The options an invocation value holds, or why it is not one (a tuner of
/// another atfc version, a hand-written mistake).
Expected<TunerOptions> fromInvocation(std::string_view Text);

} // namespace atfc

#endif
