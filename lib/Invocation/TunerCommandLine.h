//===- Invocation/TunerCommandLine.h - A generated tuner's options -*- C++ -*-===//
//
// The command line of a generated tuner. It holds two things: the tuner's
// own options (what to do and how to report it), and the arguments of the
// tuned program ($1, $2, ...), which the file's positional inputs read.
//
// The options are declared once, in TunerOptions.def, and read with CLI11
// (Invocation/CommandLine.h); `atfc tune` and `atfc space` declare theirs
// from the same table, and hand them over in the same struct.
// Parsing returns the options or the message that says what is wrong; only
// TunerMain decides to exit. Arguments that begin with '-' (other than
// negative numbers) are taken for options, so a mistyped option is reported
// instead of becoming $1; after `--` everything is an argument.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_INVOCATION_TUNERCOMMANDLINE_H
#define ATFC_INVOCATION_TUNERCOMMANDLINE_H

#include "Invocation/DeviceLimitOptions.h"
#include "SearchSpace/SpaceGenerator.h"
#include "Support/Error.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}

namespace atfc {

/// The most configurations --compile-ahead builds at once: each builder of
/// kernels is a process with a device context of its own.
inline constexpr unsigned kMaxCompileAhead = 64;

/// What the tuner does (TunerOptions.def's ATFC_TUNER_MODE rows): Space
/// generates the space and reports its size and shape; Tune explores it,
/// measures and writes the best configuration; Replay replays tuning runs
/// on recorded data over this space (--replay OPTIONS ...: every argument
/// up to `--` is an option of `atfc replay`); Devices lists the devices
/// and CUDA libraries this machine has.
enum class TunerMode {
#define ATFC_TUNER_MODE(Enumerator, Name, Help) Enumerator,
#include "Invocation/TunerOptions.def"
};

/// The mode's name: its flag without the dashes, and its invocation value.
const char *tunerModeName(TunerMode Mode);

/// Earlier data whose best configurations start a tuning run (a warm
/// start, Replay/WarmStart.h): an atfc results database (run Run of it, or
/// its latest run when Run is 0), a Kernel Tuner cache or a T4 file.
struct PriorData {
  std::string Path;
  std::int64_t Run = 0;
  bool operator==(const PriorData &) const = default;
};

/// Where an option of TunerOptions.def is declared (its Places).
enum OptionPlace : unsigned {
  /// On a generated tuner's command line.
  InTuner = 1,
  /// On `atfc tune`'s.
  InTune = 2,
  /// On `atfc space`'s.
  InSpace = 4,
  /// In the invocation value atfc hands its tuner (TunerInvocation.h).
  InInvocation = 8,
  /// On `atfc tune`'s, hidden, only to be refused in words.
  RefusedInTune = 16,
};

/// The options of a tuning run, from atfc's command line to the tuner's
/// loop: one member per row of TunerOptions.def, and the tuned program's
/// arguments.
struct TunerOptions {
#define ATFC_TUNER_OPTION(Member, Type, Names, Key, Value, Min, Max, Places, Help) Type Member{};
#include "Invocation/TunerOptions.def"
  /// The tuned program's arguments: Arguments[K - 1] is $K.
  std::vector<std::string> Arguments;
  bool operator==(const TunerOptions &) const = default;
};

/// Declares on App every option of TunerOptions.def declared at Place
/// (InTuner, InTune or InSpace), each storing into O when it is read, in
/// the table's order; a count is refused outside its range.
void addTuningOptions(CLI::App &App, TunerOptions &O, OptionPlace Place);

/// Parses a tuner's command line, without the program name (argv[1...]);
/// the error says why the command line gives no options.
Expected<TunerOptions> parseTunerCommandLine(std::span<const std::string> Args);

/// The --help text of the tuner Program generated for FileName: its
/// modes and options as TunerOptions.def declares them.
std::string tunerUsage(std::string_view Program, std::string_view FileName);

} // namespace atfc

#endif
