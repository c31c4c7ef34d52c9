//===- Invocation/TunerCommandLine.h - A generated tuner's options -*- C++ -*-===//
//
// The command line of a generated tuner. It holds two things: the tuner's
// own options (what to do and how to report it), and the arguments of the
// tuned program ($1, $2, ...), which the file's positional inputs read.
//
// The options are declared once, on a CLI::App (Invocation/CommandLine.h).
// Parsing returns the options or the message that says what is wrong; only
// TunerMain decides to exit. Arguments that begin with '-' (other than
// negative numbers) are taken for options, so a mistyped option is reported
// instead of becoming $1; after `--` everything is an argument.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_INVOCATION_TUNERCOMMANDLINE_H
#define ATFC_INVOCATION_TUNERCOMMANDLINE_H

#include "Invocation/DeviceLimitOptions.h"
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

/// What the tuner does.
enum class TunerMode {
  /// Generate the search space and report its size and shape (--space).
  Space,
  /// Tune: explore the space, measure, write the best configuration
  /// (--tune).
  Tune,
  /// Replay tuning runs on recorded data over this space (--replay OPTIONS
  /// ...: every argument up to `--` is an option of `atfc replay`).
  Replay,
  /// List the devices and CUDA libraries this machine has (--devices).
  Devices,
};

/// Earlier data whose best configurations start a tuning run (a warm
/// start, Replay/WarmStart.h): an atfc results database (run Run of it, or
/// its latest run when Run is 0), a Kernel Tuner cache or a T4 file.
struct PriorData {
  std::string Path;
  std::int64_t Run = 0;
  bool operator==(const PriorData &) const = default;
};

/// The tuner's options and the tuned program's arguments.
struct TunerOptions {
  /// What the tuner does.
  TunerMode Mode = TunerMode::Space;
  /// Report as exactly one JSON object instead of text (--json).
  bool Json = false;
  /// How many configurations to list, in index order (--list N).
  std::uint64_t List = 0;
  /// Generation threads; 0 uses every core (--threads T).
  unsigned Threads = 0;
  /// Space mode: generate the space this many more times and report the
  /// median of their times (--repetitions N).
  unsigned Repetitions = 0;
  /// Print the usage and exit (--help, -h).
  bool Help = false;
  /// Tune mode: the output directory (--output DIR), the file with its
  /// directives blanked (--blanked PATH), overrides of the file's technique,
  /// abort condition and seed, --resume, and --verbose.
  std::string OutputDirectory;
  std::string BlankedSource;
  std::string Technique;
  std::string AbortCondition;
  std::optional<std::uint64_t> Seed;
  bool Resume = false;
  bool Verbose = false;
  /// Tune mode: a hash of the files the results depend on besides the
  /// source (its includes, scripts, #atf::depends), which joins the results
  /// key (--inputs-key HEX; atfc computes it).
  std::string InputsKey;
  /// Tune mode: measure every configuration again, reusing nothing
  /// (--fresh).
  bool Fresh = false;
  /// Tune mode: configurations compiled ahead at most, beside the one
  /// measured (--compile-ahead N; 0: off); none given: the measurer's
  /// default (docs/measuring.md).
  std::optional<unsigned> CompileAhead;
  /// Tune mode: data to warm-start from, best first in turn (--prior PATH).
  std::vector<PriorData> Priors;
  /// Tune mode with `atfc tune --fix`: the identity of the whole space's
  /// tuner, whose results key this sub-space's results join (so that they
  /// are reused both ways), and the fixes as given (NAME=VALUE).
  std::string SpaceIdentity;
  std::vector<std::string> Fixed;
  /// Space mode: device limits the file names, given so that the device
  /// need not be opened to read them (--device-limit NAME=VALUE).
  GivenDeviceLimits DeviceLimits;
  /// Replay mode: the options of `atfc replay`, as given.
  std::vector<std::string> ReplayArguments;
  /// The tuned program's arguments: Arguments[K - 1] is $K.
  std::vector<std::string> Arguments;
};

/// Adds the tuner's options to App, each storing into O when it is read.
void addTunerOptions(CLI::App &App, TunerOptions &O);

/// Parses a tuner's command line, without the program name (argv[1...]);
/// the error says why the command line gives no options.
Expected<TunerOptions> parseTunerCommandLine(std::span<const std::string> Args);

/// The --help text of the tuner Program generated for FileName.
std::string tunerUsage(std::string_view Program, std::string_view FileName);

} // namespace atfc

#endif
