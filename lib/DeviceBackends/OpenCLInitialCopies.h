//===- DeviceBackends/OpenCLInitialCopies.h - Which buffers a launch changed -*- C++ -*-===//
//
// Every launch starts from the arguments' initial contents. Rather than
// write every buffer from the host before each launch (on a GPU, most of
// an SGEMM evaluation: the H200 run, docs/gpu-results.md), the OpenCL
// worker keeps a copy of each large buffer's initial contents on the
// device and compares the buffer with it there; only the buffers that
// differ are written again (KernelDevice::restoreBuffers). CUDA's twin is
// in CudaDevice.cpp.
//
// Tested through OpenCLBackendTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DEVICEBACKENDS_OPENCLINITIALCOPIES_H
#define ATFC_DEVICEBACKENDS_OPENCLINITIALCOPIES_H

#include <CL/cl.h>

#include <vector>

namespace atfc {

/// The copies of one device's large buffers, and the kernel that compares
/// a buffer with its copy.
class OpenCLInitialCopies {
public:
  /// Copies each of Buffers (null: an argument that is no buffer) of at
  /// least kCompareBeforeWriteBytes in whole words, from Contents (the
  /// arguments' initial contents, which must outlive this). The
  /// comparison is tried once (a buffer as written is equal, with one word
  /// changed it is not); where anything fails, nothing is kept and every
  /// buffer counts as changed: nothing is lost but time. Host: the device
  /// computes on the host's ComputeUnits cores (contiguous chunks compare
  /// best there; on a GPU, interleaved words).
  OpenCLInitialCopies(cl_context Context, cl_device_id Device, cl_command_queue Queue,
                      const std::vector<cl_mem> &Buffers,
                      const std::vector<std::vector<unsigned char>> &Contents, bool Host,
                      cl_uint ComputeUnits);
  ~OpenCLInitialCopies();
  OpenCLInitialCopies(const OpenCLInitialCopies &) = delete;
  OpenCLInitialCopies &operator=(const OpenCLInitialCopies &) = delete;

  /// Per argument: 0 where its buffer holds its initial contents, 1 where
  /// it differs or has no copy; all 1 where the comparison fails.
  std::vector<cl_uint> differing();

private:
  /// Answers: whether each buffer with a copy differs from it (1) or not
  /// (0), the others 0; all on the device, then one read.
  cl_int compare(std::vector<cl_uint> &Answers);
  void drop();

  cl_context Context;
  cl_device_id Device;
  cl_command_queue Queue;
  const std::vector<cl_mem> &Buffers;
  const std::vector<std::vector<unsigned char>> &Contents;
  bool Host;
  cl_uint ComputeUnits;
  /// Null where a buffer has none.
  std::vector<cl_mem> Copies;
  cl_program Program = nullptr;
  cl_kernel Compare = nullptr;
  /// One word per argument: whether its buffer differs from its copy.
  cl_mem Differs = nullptr;
};

} // namespace atfc

#endif
