//===- Invocation/DeviceLimitOptions.h - --device-limit NAME=VALUE -*- C++ -*-===//
//
// `atfc space FILE --device-limit max_threads_per_block=1024` plans a space
// whose ranges or constraints name a device limit without the device: the
// option supplies the limit that the tuner would otherwise open the device
// (its driver, NVRTC) to read. The names are Language.def's ATF_DEVICE_LIMIT
// names; which of them a file may use depends on its backend, which only the
// tuner knows, so the option takes any of them and the tuner checks the
// backend (givenDeviceLimits()). Declared once, in TunerOptions.def, for
// atfc space and for the tuner; its values are read here. A name given
// twice: the last value wins, like every option.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_INVOCATION_DEVICELIMITOPTIONS_H
#define ATFC_INVOCATION_DEVICELIMITOPTIONS_H

#include "Backends/DeviceLimits.h"
#include "Support/Error.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace atfc {

/// The device limits given on the command line: name ("max_wg_size") to
/// value.
using GivenDeviceLimits = std::map<std::string, std::uint64_t>;

/// The device limit names of Backend ("ocl", "cuda"), or of every backend
/// when Backend is empty: sorted, each once.
std::vector<std::string> deviceLimitNames(std::string_view Backend = {});

/// The value of `--device-limit Text`: NAME=VALUE with NAME a device limit
/// name of some backend and VALUE a whole number from 1 to 2^64-1; anything
/// else is refused (refuseOptionValue()) with what is wrong, an unknown
/// name with the valid names and the closest of them.
std::pair<std::string, std::uint64_t> deviceLimitOptionValue(std::string_view Text);

/// Limits with Given's values set over it, for a file of Backend; an error
/// when Given names a limit that is not Backend's, or gives two names of one
/// limit (CUDA's max_wg_size and max_threads_per_block) different values.
Expected<DeviceLimits> applyDeviceLimits(DeviceLimits Limits, std::string_view Backend,
                                         const GivenDeviceLimits &Given);

/// The names among Named that Given does not give, in Named's order.
std::vector<std::string> missingDeviceLimits(const std::vector<std::string> &Named,
                                             const GivenDeviceLimits &Given);

} // namespace atfc

#endif
