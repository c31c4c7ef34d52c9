//===- NvrtcTest.cpp - NVRTC compiles CUDA without a GPU ------------------===//
//
// Where the CUDA toolkit is installed, NVRTC must turn a kernel into PTX even
// on a machine without a GPU, and the driver is only ever opened with dlopen
// so that binaries start without it. Skips cleanly where either is absent.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <dlfcn.h>

#include <string>

#ifdef ATF_HAVE_CUDA
#include <nvrtc.h>
#endif

namespace {

TEST(Nvrtc, CompilesAKernelToPtx) {
#ifndef ATF_HAVE_CUDA
  GTEST_SKIP() << "built without the CUDA toolkit";
#else
  const char *Source = "extern \"C\" __global__ void scale(float *X, float A) {"
                       "  X[threadIdx.x] *= A; }";
  nvrtcProgram Program;
  ASSERT_EQ(nvrtcCreateProgram(&Program, Source, "scale.cu", 0, nullptr, nullptr), NVRTC_SUCCESS);
  const char *Options[] = {"-DWPT=4"};
  nvrtcResult Result = nvrtcCompileProgram(Program, 1, Options);
  size_t LogSize = 0;
  nvrtcGetProgramLogSize(Program, &LogSize);
  std::string Log(LogSize, '\0');
  nvrtcGetProgramLog(Program, Log.data());
  ASSERT_EQ(Result, NVRTC_SUCCESS) << Log;
  size_t PtxSize = 0;
  ASSERT_EQ(nvrtcGetPTXSize(Program, &PtxSize), NVRTC_SUCCESS);
  std::string Ptx(PtxSize, '\0');
  ASSERT_EQ(nvrtcGetPTX(Program, Ptx.data()), NVRTC_SUCCESS);
  EXPECT_NE(Ptx.find(".entry scale"), std::string::npos) << Ptx.substr(0, 400);
  nvrtcDestroyProgram(&Program);
#endif
}

TEST(Nvrtc, DriverIsOptional) {
  // The driver is never linked: this binary must have started without it.
  void *Driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!Driver)
    GTEST_SKIP() << "no CUDA driver on this machine (" << dlerror() << ")";
  EXPECT_NE(dlsym(Driver, "cuInit"), nullptr);
  dlclose(Driver);
}

} // namespace
