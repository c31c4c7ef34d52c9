//===- DeviceWorkerCommand.h - How the backend tests start a worker -*- C++ -*-===//
//
// The command that starts the tests' device worker: the one built beside
// the tests, or ATFC_TEST_DEVICE_WORKER's when set (scripts/gpu-check runs
// these tests from a bundle moved away from the build tree).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_UNIT_BACKENDS_DEVICEWORKERCOMMAND_H
#define ATFC_TEST_UNIT_BACKENDS_DEVICEWORKERCOMMAND_H

#include "DeviceBackends/DeviceWorker.h"

#include <cstdlib>
#include <string>
#include <vector>

namespace atfc {

inline std::vector<std::string> deviceWorkerCommand() {
  const char *Moved = std::getenv("ATFC_TEST_DEVICE_WORKER");
  return {Moved && *Moved ? Moved : ATF_DEVICE_WORKER, DeviceWorkerFlag};
}

} // namespace atfc

#endif
