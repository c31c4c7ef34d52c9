//===- DeviceBackends/DeviceWorker.h - The process that runs device code -*- C++ -*-===//
//
// The worker process of the device backends. The tuner runs itself again
// with a hidden flag (DeviceWorkerFlag); its main then calls
// runDeviceWorker(DeviceWorkerReadFd, DeviceWorkerWriteFd), which answers
// the DeviceBackend's requests (DeviceProtocol.h) until the tuner closes the
// connection. All OpenCL and CUDA calls happen here, so a kernel that
// crashes takes down only this process.
//
// Tested through OpenCLBackendTest.cpp (its worker is DeviceWorkerMain.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DEVICEBACKENDS_DEVICEWORKER_H
#define ATFC_DEVICEBACKENDS_DEVICEWORKER_H

namespace atfc {

/// The hidden command-line flag that makes the tuner a device worker.
inline constexpr const char *DeviceWorkerFlag = "--atf-device-worker";

/// The descriptors on which a started worker finds its connection to the
/// tuner (both ends of one socket).
inline constexpr int DeviceWorkerReadFd = 3;
inline constexpr int DeviceWorkerWriteFd = 4;

/// The worker's main loop: reads requests from ReadFd and writes replies to
/// WriteFd until ReadFd ends. Returns the process's exit status: 0 when the
/// tuner closed the connection, 1 when the device broke and the worker must
/// be started afresh, 2 on a malformed request. The worker asks the kernel
/// to kill it when the thread that started it ends (PR_SET_PDEATHSIG), so
/// a hanging kernel never outlives the tuner.
int runDeviceWorker(int ReadFd, int WriteFd);

} // namespace atfc

#endif
