//===- DeviceBackends/DeviceInventory.h - What this machine can measure on -*- C++ -*-===//
//
// The devices a tuner could measure on, and the CUDA libraries it found or
// why not: what `tuner --devices` prints, what the demo shows, and what the
// tests ask to know which CUDA tests can run here. NVRTC is not only found
// but tried: it compiles a small kernel to PTX, which needs no GPU.
//
// Run it in a process that has no LLVM loaded (pocl crashes there).
//
// Tested by test/lit.cfg.py (device-worker --devices decides which lit tests
// run).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DEVICEBACKENDS_DEVICEINVENTORY_H
#define ATFC_DEVICEBACKENDS_DEVICEINVENTORY_H

#include <string>
#include <vector>

namespace atfc {

/// One line per device or library: "OpenCL: ...", "CUDA: NVRTC ...",
/// "CUDA: driver ...", "CUDA: device D: ...".
std::vector<std::string> deviceInventory();

} // namespace atfc

#endif
