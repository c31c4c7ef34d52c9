//===- Driver/InputSets.h - atfc tune --inputs ------------------*- C++ -*-===//
//
// Tuning one file for several argument sets in one command: one run per
// set, in the order given, into one results database; each run after the
// first starts with the best configurations of the sets already tuned,
// nearest set first (the distance of Wisdom.h), as `--prior` would. At the
// end atfc says how many evaluations the warm starts saved, and the
// selection header and wisdom of the output directory cover every set.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DRIVER_INPUTSETS_H
#define ATFC_DRIVER_INPUTSETS_H

#include "Invocation/TunerCommandLine.h"
#include "Wisdom/Wisdom.h"

#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace atfc {

/// The words of one `--inputs` value, split as a POSIX shell splits a
/// command's words, without any expansion: blanks separate words; '...'
/// keeps everything inside as it is; "..." too, except that a backslash
/// before " or before a backslash stands for that character; outside
/// quotes, a backslash keeps the next character as it is. An error for an
/// unterminated quote or a lone backslash at the end.
Expected<std::vector<std::string>> splitInputWords(std::string_view Text);

/// Evaluations until a run first measured a cost within 5 % of its best
/// (primary costs); 0 when the run has no valid evaluation.
inline constexpr double kWarmStartTolerance = 0.05;

/// Runs one argument set with the given priors; returns the tuner's exit
/// status.
using RunInputSet = std::function<int(const std::vector<std::string> &Arguments,
                                      const std::vector<PriorData> &Priors)>;

/// Exit status of `atfc tune --inputs` when some sets found a configuration
/// and others did not (the summary names them); 1 when none did.
inline constexpr int kSomeInputSetsFailedExitCode = 3;

/// Tunes each of Sets in turn through Run (each after the first warm-started
/// from the runs of the sets before it, after UserPriors), saying on Out
/// which set starts and, at the end, how many sets were tuned and failed,
/// each set's outcome and the warm starts' savings. Returns 0 when every
/// set found a configuration, kSomeInputSetsFailedExitCode when some did, 1
/// when none did; an interrupt or another status of the tuner stops the
/// command with that status, except a usage error (2) once a set has run,
/// which is that set's bad argument and fails it alone.
int tuneInputSets(const std::vector<std::vector<std::string>> &Sets,
                  const std::vector<WisdomInput> &Inputs, const std::string &OutputDirectory,
                  const std::vector<PriorData> &UserPriors, const RunInputSet &Run,
                  llvm::raw_ostream &Out);

} // namespace atfc

#endif
