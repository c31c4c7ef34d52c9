//===- DeviceBackends/ResultCheck.h - Comparing a kernel's outputs ----*- C++ -*-===//
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
#ifndef ATFC_DEVICEBACKENDS_RESULTCHECK_H
#define ATFC_DEVICEBACKENDS_RESULTCHECK_H

#include "DeviceBackends/KernelArgument.h"
#include "Support/Error.h"

#include <string>
#include <vector>

namespace atfc {

/// What the checked buffers are compared with.
enum class CheckAgainst {
  /// A file with the expected contents of the checked buffers, one after the
  /// other, each in its element type's native binary form.
  GoldFile,
  /// The outputs of a reference configuration, measured first
  /// (DeviceBackend::measureReference).
  ReferenceConfiguration,
};

/// The result check of a device kernel.
struct CheckSetup {
  /// Gold file or reference configuration.
  CheckAgainst Kind = CheckAgainst::GoldFile;
  /// GoldFile: the file's path.
  std::string GoldFile;
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
/// the order of Checked, read from a gold file whose size must be exactly
/// theirs together; or why they cannot be had ("gold file F: ...").
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

} // namespace atfc

#endif
