//===- KernelData/ResultCheck.h - Comparing a kernel's outputs ----*- C++ -*-===//
//
// The result check of the device backends (`#atf::check`): which buffer
// arguments are checked, what they are compared with (a gold file, or what a
// reference configuration computed on the same inputs), and the element-wise
// comparison |actual - expected| <= tolerance + relative * |expected| (as
// numpy.allclose) that makes a configuration with wrong results invalid.
//
// Tested through KernelArgumentTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_KERNELDATA_RESULTCHECK_H
#define ATFC_KERNELDATA_RESULTCHECK_H

#include "KernelData/KernelArgument.h"
#include "Support/Error.h"

#include <string>
#include <vector>

namespace atfc {

class StopSignal;

/// What the checked buffers are compared with.
enum class CheckAgainst {
  /// A file with the expected contents of the checked buffers, one after the
  /// other, each in its element type's native binary form.
  GoldFile,
  /// The outputs of a reference configuration, measured first
  /// (DeviceBackend::measureReference).
  ReferenceConfiguration,
  /// A command run in the configuration's work directory, where the
  /// checked buffers are buffer_K.npy: exit status 0 means right, 1 wrong
  /// (runCheckScript).
  Script,
};

/// The result check of a device kernel.
struct CheckSetup {
  /// Gold file or reference configuration.
  CheckAgainst Kind = CheckAgainst::GoldFile;
  /// GoldFile: the file's path (.npy or raw native binary).
  std::string GoldFile;
  /// Script: the command, run by /bin/sh.
  std::string Script;
  /// Script: whether the command is a check server (CheckServer.h),
  /// started once and asked per configuration, instead of run for each.
  bool Server = false;
  /// The 1-based line and column of the check directive, for messages.
  unsigned Line = 0, Column = 0;
  /// Elements match when |actual - expected| <= Tolerance + Relative *
  /// |expected| (both 0: equal). Relative serves float sums, whose rounding
  /// error grows with their size and magnitude.
  double Tolerance = 0;
  double Relative = 0;
  /// The checked buffers as 1-based argument numbers (the number of their
  /// `input` directive); empty for every buffer argument.
  std::vector<unsigned> Buffers;
};

/// The 0-based argument indices of the checked buffers (Check.Buffers
/// resolved against Arguments), or why the check names an argument that is
/// not a buffer.
Expected<std::vector<unsigned>> checkedBuffers(const CheckSetup &Check,
                                               const std::vector<KernelArgument> &Arguments);

/// The expected contents of each checked buffer, one byte string each in
/// the order of Checked, read from a gold file: raw native binary of exactly
/// their size together, or a .npy (NumpyArray.h) of their common element
/// type and their element count together (any shape); or why they cannot be
/// had ("gold file F: ...").
Expected<std::vector<std::vector<unsigned char>>>
readGoldFile(const std::string &Path, const std::vector<KernelArgument> &Arguments,
             const std::vector<unsigned> &Checked);

/// Compares the checked buffers' actual contents with the expected ones.
/// An element matches when |actual - expected| <= Tolerance + Relative *
/// |expected|, when both are NaN, or when both are the same infinity.
/// Returns "" when every element matches, else the largest error, where it
/// is, and how many elements differ, in one line:
/// "buffer 4[17]: 2.5 vs 3 (error 0.5 > allowed 0.01); 12 of 1024 elements
/// differ" (buffer = 1-based argument number, then the element index;
/// actual vs expected). A NaN or an infinity where a number was expected is
/// the largest error there is.
std::string compareOutputs(const std::vector<KernelArgument> &Arguments,
                           const std::vector<unsigned> &Checked,
                           const std::vector<std::vector<unsigned char>> &Actual,
                           const std::vector<std::vector<unsigned char>> &Expected,
                           double Tolerance, double Relative = 0);

/// What a check script said of a configuration's outputs.
enum class CheckVerdict {
  /// Exit status 0: the outputs are right.
  Right,
  /// Exit status 1 (not a Python traceback's): the outputs are wrong.
  Wrong,
  /// Anything else: another status, a signal, a timeout, a script that
  /// could not start (a missing interpreter: status 126 or 127 from
  /// /bin/sh), a Python exception (a missing module): the check itself
  /// failed and says nothing of the outputs.
  Failed,
};

/// How a check script ended.
struct CheckScriptOutcome {
  CheckVerdict Verdict = CheckVerdict::Right;
  /// Wrong: the first non-empty line the script printed ("the check script
  /// exited with status 1" when none). Failed: a traceback's last line
  /// ("ModuleNotFoundError: No module named 'numpy'"), else how the script
  /// ended, with its last line when it printed one.
  std::string Reason;
  /// The tail of what the script printed (stdout and stderr, bounded as
  /// System/ChildProcess.h's OutputTail), for the evaluation's log.
  std::string Output;
};

/// The name of a checked buffer's file: buffer_K.npy, K = Index + 1 (its
/// input number).
std::string checkedBufferName(unsigned Index);

/// Writes each checked buffer's Outputs as checkedBufferName() into
/// Directory (DirectoryFd when not -1: made there, never through a link).
Expected<void> writeCheckedBuffers(const std::vector<KernelArgument> &Arguments,
                                   const std::vector<unsigned> &Checked,
                                   const std::vector<std::vector<unsigned char>> &Outputs,
                                   const std::string &Directory, int DirectoryFd);

/// A failed check: How ("the check script timed out"), then the last line
/// Output has (if any); Output is kept for the log.
CheckScriptOutcome failedCheck(std::string How, std::string Output);

/// The last line of a Python traceback in Output ("ModuleNotFoundError: No
/// module named 'numpy'"); "" when Output has none.
std::string tracebackReason(const std::string &Output);

/// A `check script`: writes each checked buffer's Outputs as buffer_K.npy
/// (K = its 1-based input number) into Directory and runs Check.Script there
/// (/bin/sh, Environment, TimeoutSeconds; 0: none), and says what its end
/// means (CheckVerdict). A raised Stop (may be null) kills the script's
/// group: a failed check, "the check script was stopped". DirectoryFd,
/// when not -1, is Directory held open (System/HeldDirectory.h): the files
/// are made and the script run relative to it, never through the path.
CheckScriptOutcome
runCheckScript(const CheckSetup &Check, const std::vector<KernelArgument> &Arguments,
               const std::vector<unsigned> &Checked,
               const std::vector<std::vector<unsigned char>> &Outputs, const std::string &Directory,
               const std::vector<std::string> &Environment, double TimeoutSeconds,
               const StopSignal *Stop = nullptr, int DirectoryFd = -1);

} // namespace atfc

#endif
