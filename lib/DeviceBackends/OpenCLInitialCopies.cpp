//===- DeviceBackends/OpenCLInitialCopies.cpp - Which buffers a launch changed ---===//
//
// The copies and their comparison kernel (OpenCLInitialCopies.h).
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/OpenCLInitialCopies.h"
#include "DeviceBackends/KernelDevice.h"

#include <algorithm>
#include <cstring>

namespace atfc {

namespace {

/// The kernel that compares two buffers of Words 32-bit words on the device
/// and sets Differs[Index] where they differ, in OpenCL C. Work-item G
/// takes words G, G + N, G + 2N, ... (N work-items: neighbours read
/// neighbouring words, as a GPU reads best), or, where Chunk is not 0,
/// the Chunk words from G * Chunk on (a CPU's cache lines). No branch in
/// the loops.
constexpr const char *kBufferCompareOpenCL = R"(
__kernel void atfc_buffers_differ(__global const uint *A, __global const uint *B, const ulong Words,
                                  const ulong Chunk, __global uint *Differs, const uint Index) {
  const ulong G = get_global_id(0), N = get_global_size(0);
  uint Difference = 0;
  if (Chunk != 0) {
    const ulong End = min(G * Chunk + Chunk, Words);
    for (ulong I = G * Chunk; I < End; ++I)
      Difference |= A[I] ^ B[I];
  } else {
    for (ulong I = G; I < Words; I += N)
      Difference |= A[I] ^ B[I];
  }
  if (Difference != 0)
    Differs[Index] = 1;
}
)";
} // namespace

OpenCLInitialCopies::OpenCLInitialCopies(cl_context Context, cl_device_id Device,
                                         cl_command_queue Queue, const std::vector<cl_mem> &Buffers,
                                         const std::vector<std::vector<unsigned char>> &Contents,
                                         bool Host, cl_uint ComputeUnits)
    : Context(Context), Device(Device), Queue(Queue), Buffers(Buffers), Contents(Contents),
      Host(Host), ComputeUnits(ComputeUnits) {
  Copies.assign(Buffers.size(), nullptr);
  std::size_t Tried = Buffers.size();
  for (std::size_t I = 0; I < Buffers.size(); ++I) {
    const std::vector<unsigned char> &Bytes = Contents[I];
    if (!Buffers[I] || Bytes.size() < kCompareBeforeWriteBytes || Bytes.size() % 4 != 0)
      continue;
    cl_int Err = CL_SUCCESS;
    // The kernel reads it; the host wrote it once (a copy of Bytes).
    Copies[I] = clCreateBuffer(Context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, Bytes.size(),
                               const_cast<unsigned char *>(Bytes.data()), &Err);
    if (Err != CL_SUCCESS)
      Copies[I] = nullptr;
    else
      Tried = I;
  }
  if (Tried == Buffers.size())
    return;
  cl_int Err = CL_SUCCESS;
  const char *Source = kBufferCompareOpenCL;
  Program = clCreateProgramWithSource(Context, 1, &Source, nullptr, &Err);
  if (Err == CL_SUCCESS)
    Err = clBuildProgram(Program, 1, &Device, "", nullptr, nullptr);
  if (Err == CL_SUCCESS)
    Compare = clCreateKernel(Program, "atfc_buffers_differ", &Err);
  if (Err == CL_SUCCESS)
    Differs =
        clCreateBuffer(Context, CL_MEM_READ_WRITE, sizeof(cl_uint) * Buffers.size(), nullptr, &Err);
  // The trial: equal where the buffer holds its initial contents, and
  // different once one word (the last) is not.
  const std::vector<unsigned char> &Bytes = Contents[Tried];
  const std::size_t Last = Bytes.size() - sizeof(cl_uint);
  cl_uint Word;
  std::memcpy(&Word, Bytes.data() + Last, sizeof Word);
  Word = ~Word;
  std::vector<cl_uint> Same, Changed;
  if (Err != CL_SUCCESS ||
      clEnqueueWriteBuffer(Queue, Buffers[Tried], CL_TRUE, 0, Bytes.size(), Bytes.data(), 0,
                           nullptr, nullptr) != CL_SUCCESS ||
      compare(Same) != CL_SUCCESS || Same[Tried] != 0 ||
      clEnqueueWriteBuffer(Queue, Buffers[Tried], CL_TRUE, Last, sizeof Word, &Word, 0, nullptr,
                           nullptr) != CL_SUCCESS ||
      compare(Changed) != CL_SUCCESS || Changed[Tried] != 1)
    drop();
}

OpenCLInitialCopies::~OpenCLInitialCopies() {
  drop();
  if (Differs)
    clReleaseMemObject(Differs);
  if (Program)
    clReleaseProgram(Program);
}

void OpenCLInitialCopies::drop() {
  for (cl_mem &Copy : Copies)
    if (Copy) {
      clReleaseMemObject(Copy);
      Copy = nullptr;
    }
  if (Compare)
    clReleaseKernel(Compare);
  Compare = nullptr;
}

std::vector<cl_uint> OpenCLInitialCopies::differing() {
  std::vector<cl_uint> Differ(Buffers.size(), 1);
  std::vector<cl_uint> Answers;
  if (Compare && compare(Answers) == CL_SUCCESS)
    for (std::size_t I = 0; I < Buffers.size(); ++I)
      Differ[I] = Copies[I] ? Answers[I] : 1;
  return Differ;
}

cl_int OpenCLInitialCopies::compare(std::vector<cl_uint> &Answers) {
  Answers.assign(Buffers.size(), 0);
  const cl_uint Zero = 0;
  cl_int Err = clEnqueueFillBuffer(Queue, Differs, &Zero, sizeof Zero, 0,
                                   sizeof(cl_uint) * Buffers.size(), 0, nullptr, nullptr);
  for (std::size_t I = 0; Err == CL_SUCCESS && I < Buffers.size(); ++I) {
    if (!Copies[I])
      continue;
    const cl_ulong Words = Contents[I].size() / sizeof(cl_uint);
    // A CPU: a few contiguous chunks per core; a GPU: interleaved.
    const std::size_t Global = Host ? 8 * std::max<cl_uint>(1, ComputeUnits) : 1 << 16;
    const cl_ulong Chunk = Host ? (Words + Global - 1) / Global : 0;
    const cl_uint Index = static_cast<cl_uint>(I);
    Err = clSetKernelArg(Compare, 0, sizeof(cl_mem), &Buffers[I]);
    if (Err == CL_SUCCESS)
      Err = clSetKernelArg(Compare, 1, sizeof(cl_mem), &Copies[I]);
    if (Err == CL_SUCCESS)
      Err = clSetKernelArg(Compare, 2, sizeof Words, &Words);
    if (Err == CL_SUCCESS)
      Err = clSetKernelArg(Compare, 3, sizeof Chunk, &Chunk);
    if (Err == CL_SUCCESS)
      Err = clSetKernelArg(Compare, 4, sizeof(cl_mem), &Differs);
    if (Err == CL_SUCCESS)
      Err = clSetKernelArg(Compare, 5, sizeof Index, &Index);
    if (Err == CL_SUCCESS)
      Err =
          clEnqueueNDRangeKernel(Queue, Compare, 1, nullptr, &Global, nullptr, 0, nullptr, nullptr);
  }
  if (Err == CL_SUCCESS)
    Err = clEnqueueReadBuffer(Queue, Differs, CL_TRUE, 0, sizeof(cl_uint) * Buffers.size(),
                              Answers.data(), 0, nullptr, nullptr);
  return Err;
}

} // namespace atfc
