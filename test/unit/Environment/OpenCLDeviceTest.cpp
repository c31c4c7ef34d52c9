//===- OpenCLDeviceTest.cpp - An OpenCL device runs a kernel --------------===//
//
// The OpenCL tests and examples need a real device through the ICD loader;
// on a machine without a GPU that is pocl's CPU device. This test builds and
// runs a small kernel and checks its result, so a missing ICD, a broken pocl
// or an unwritable POCL_CACHE_DIR fails here with a clear message first.
//
//===----------------------------------------------------------------------===//
#include <CL/cl.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

TEST(OpenCLDevice, RunsAKernel) {
  cl_uint NumPlatforms = 0;
  ASSERT_EQ(clGetPlatformIDs(0, nullptr, &NumPlatforms), CL_SUCCESS)
      << "no OpenCL platform: is an ICD (pocl-opencl-icd) installed?";
  ASSERT_GT(NumPlatforms, 0u);
  std::vector<cl_platform_id> Platforms(NumPlatforms);
  ASSERT_EQ(clGetPlatformIDs(NumPlatforms, Platforms.data(), nullptr), CL_SUCCESS);

  cl_device_id Device = nullptr;
  for (cl_platform_id P : Platforms)
    if (clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 1, &Device, nullptr) == CL_SUCCESS)
      break;
  ASSERT_NE(Device, nullptr) << "no OpenCL device on any platform";

  cl_int Err = CL_SUCCESS;
  cl_context Context = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_command_queue Queue = clCreateCommandQueue(Context, Device, 0, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);

  const char *Source = "__kernel void square(__global int *X) {"
                       "  size_t I = get_global_id(0); X[I] = X[I] * X[I]; }";
  cl_program Program = clCreateProgramWithSource(Context, 1, &Source, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  ASSERT_EQ(clBuildProgram(Program, 1, &Device, "", nullptr, nullptr), CL_SUCCESS);
  cl_kernel Kernel = clCreateKernel(Program, "square", &Err);
  ASSERT_EQ(Err, CL_SUCCESS);

  std::vector<cl_int> Data(64);
  for (int I = 0; I < 64; ++I)
    Data[I] = I - 32;
  cl_mem Buffer = clCreateBuffer(Context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                 Data.size() * sizeof(cl_int), Data.data(), &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  ASSERT_EQ(clSetKernelArg(Kernel, 0, sizeof(cl_mem), &Buffer), CL_SUCCESS);
  size_t Global = Data.size();
  ASSERT_EQ(
      clEnqueueNDRangeKernel(Queue, Kernel, 1, nullptr, &Global, nullptr, 0, nullptr, nullptr),
      CL_SUCCESS);
  ASSERT_EQ(clEnqueueReadBuffer(Queue, Buffer, CL_TRUE, 0, Data.size() * sizeof(cl_int),
                                Data.data(), 0, nullptr, nullptr),
            CL_SUCCESS);
  for (int I = 0; I < 64; ++I)
    EXPECT_EQ(Data[I], (I - 32) * (I - 32));

  clReleaseMemObject(Buffer);
  clReleaseKernel(Kernel);
  clReleaseProgram(Program);
  clReleaseCommandQueue(Queue);
  clReleaseContext(Context);
}

} // namespace
