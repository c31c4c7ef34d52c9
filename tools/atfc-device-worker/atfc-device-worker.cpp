//===- atfc-device-worker.cpp - The worker of <atf.hpp>'s kernels ---------===//
//
// A generated tuner runs itself again as its device worker; a program
// that tunes through <atf.hpp> cannot, so its OpenCL and CUDA cost
// functions (atf/opencl.hpp, atf/cuda.hpp) start this program instead, as
// `atfc-device-worker --atf-device-worker`. Every OpenCL and CUDA call of
// such a program happens here: a kernel that crashes kills this process,
// and the configuration is invalid, not the program dead.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/DeviceWorker.h"

#include <cstdio>
#include <cstring>

int main(int Argc, char **Argv) {
  if (Argc == 2 && std::strcmp(Argv[1], atfc::DeviceWorkerFlag) == 0)
    return atfc::runDeviceWorker(atfc::DeviceWorkerReadFd, atfc::DeviceWorkerWriteFd);
  std::fprintf(stderr,
               "usage: %s %s\n(started by the OpenCL and CUDA cost functions of <atf.hpp>; "
               "not for use by hand)\n",
               Argv[0], atfc::DeviceWorkerFlag);
  return 2;
}
