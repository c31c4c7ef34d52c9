//===- runtime/TunerMain.h - The main program of a generated tuner -*- C++ -*-===//
//
// What a generated tuner's main() holds on to: it parses the command line,
// hands the file's positional inputs their typed values, generates the
// search space once and does what the mode asks. A generated tuner is
//
//   #include "runtime/TunerMain.h"
//   int main(int Argc, char **Argv) {
//     atfc::TunerMain Tuner(Argc, Argv, "saxpy.cl");
//     const std::size_t N = Tuner.positional<std::size_t>(1, "N");
//     auto G1 = atfc::group(atfc::parameter("WPT", ...), ...);
//     return Tuner.run([&](const atfc::GenerationOptions &O,
//                          const atfc::DeviceLimits &Limits) {
//       return atfc::generateSpace(O, G1);
//     });
//   }
//
// This is the one place of the runtime that exits: status 2 for a bad
// command line or input, 1 when the space cannot be generated (a range that
// cannot be built is reported at its place in the file); a tuning run's
// status is runTuning()'s (Tuning/TuningRun.h).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RUNTIME_TUNERMAIN_H
#define ATFC_RUNTIME_TUNERMAIN_H

#include "Invocation/PositionalInputs.h"
#include "Invocation/TunerCommandLine.h"
#include "SearchSpace/SpaceGenerator.h"
#include "System/OutputLock.h"
#include "Tuning/TuningRun.h"
#include "runtime/ArithmeticTrap.h"
#include "runtime/FixedValue.h"
#include "runtime/Measurers.h"
#include "runtime/TuningSetup.h"

#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <utility>

namespace atfc {

/// The hidden first argument that makes a tuner its own device worker: the
/// process in which OpenCL or CUDA runs, so that a crashing kernel takes
/// only the worker down.
inline constexpr std::string_view kDeviceWorkerFlag = "--atf-device-worker";

class TunerMain {
public:
  /// Generates the search space for the given options, or says why it
  /// cannot (SearchSpace/SpaceGenerator.h); ranges and constraints read the
  /// limits of the run's device.
  using SpaceGenerator =
      std::function<Expected<ChainOfTrees>(const GenerationOptions &, const DeviceLimits &)>;

  /// Parses the command line of the tuner generated for FileName. For
  /// --help it prints the usage and exits 0; for a bad command line it
  /// prints "atfc: error: ..." and exits 2.
  TunerMain(int Argc, const char *const *Argv, std::string FileName);
  /// A tuner with options parsed already (tests, other front ends).
  TunerMain(TunerOptions Options, std::string FileName);

  const TunerOptions &options() const { return Options; }
  const std::string &fileName() const { return FileName; }

  /// The input Name, read from argument $K (1-based) as a T. For a missing
  /// or malformed argument it prints "<file>:Line:Column: error: ..." (at
  /// the `$K` that reads it; without the line where Line is 0) and exits 2.
  template <class T>
  T positional(unsigned K, const char *Name, unsigned Line = 0, unsigned Column = 0) const {
    InputValue<T> Input = positionalInput<T>(Options.Arguments, K, Name);
    if (!Input)
      exitWithInputError(Input.Error, Line, Column);
    return std::move(*Input.Value);
  }

  /// Refuses arguments after $Read, the last one the file reads
  /// (unreadArgumentsMessage()): prints "<file>: error: ..." and exits 2.
  void refuseUnreadArguments(unsigned Read) const {
    if (std::string Message = unreadArgumentsMessage(Options.Arguments, Read); !Message.empty())
      exitWithInputError(Message);
  }

  /// Generates the space once and does what the mode asks, writing to
  /// stdout and stderr. Returns the process's exit status. Setup says how
  /// to tune; a device backend is opened before the space is generated,
  /// because constraints may name the device's limits.
  int run(const SpaceGenerator &Generate, const TuningSetup &Setup = {}) const;
  /// The same, writing to Out and Err.
  int run(const SpaceGenerator &Generate, const TuningSetup &Setup, std::ostream &Out,
          std::ostream &Err) const;
  int run(const SpaceGenerator &Generate, std::ostream &Out, std::ostream &Err) const {
    return run(Generate, TuningSetup{}, Out, Err);
  }

private:
  /// Where tune mode writes: --output, else FILE.atf.
  std::string outputDirectory() const;
  /// Prints Message as an error at Line:Column of the file (the file
  /// alone where Line is 0) and exits 2.
  [[noreturn]] void exitWithInputError(const std::string &Message, unsigned Line = 0,
                                       unsigned Column = 0) const;

  TunerOptions Options;
  std::string FileName;
};

} // namespace atfc

#endif
