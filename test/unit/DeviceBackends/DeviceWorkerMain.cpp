//===- DeviceWorkerMain.cpp - The device worker for the backend tests -----===//
//
// The tests' stand-in for a generated tuner's worker mode: started by a
// DeviceBackend as `atfc-device-worker-test --atf-device-worker`, it serves
// the backend on descriptors 3 and 4 until the connection ends. With
// --devices it prints the device inventory, which lit reads to know which
// CUDA tests can run on this machine.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/DeviceInventory.h"
#include "DeviceBackends/DeviceWorker.h"

#include <cstdio>
#include <cstring>
#include <string>

int main(int Argc, char **Argv) {
  if (Argc == 2 && std::strcmp(Argv[1], atfc::DeviceWorkerFlag) == 0)
    return atfc::runDeviceWorker(atfc::DeviceWorkerReadFd, atfc::DeviceWorkerWriteFd);
  if (Argc == 2 && std::strcmp(Argv[1], "--devices") == 0) {
    for (const std::string &Line : atfc::deviceInventory())
      std::printf("%s\n", Line.c_str());
    return 0;
  }
  std::fprintf(stderr, "usage: %s %s (started by a DeviceBackend) | --devices\n", Argv[0],
               atfc::DeviceWorkerFlag);
  return 2;
}
