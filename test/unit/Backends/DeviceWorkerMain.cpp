//===- DeviceWorkerMain.cpp - The device worker for the backend tests -----===//
//
// The tests' stand-in for a generated tuner's worker mode: started by a
// DeviceBackend as `atfc-device-worker-test --atf-device-worker`, it serves
// the backend on descriptors 3 and 4 until the connection ends.
//
//===----------------------------------------------------------------------===//
#include "Backends/DeviceWorker.h"

#include <cstdio>
#include <cstring>

int main(int Argc, char **Argv) {
  if (Argc == 2 && std::strcmp(Argv[1], atfc::DeviceWorkerFlag) == 0)
    return atfc::runDeviceWorker(atfc::DeviceWorkerReadFd, atfc::DeviceWorkerWriteFd);
  std::fprintf(stderr, "usage: %s %s (started by a DeviceBackend)\n", Argv[0],
               atfc::DeviceWorkerFlag);
  return 2;
}
