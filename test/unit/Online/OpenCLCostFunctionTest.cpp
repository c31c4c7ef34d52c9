//===- OpenCLCostFunctionTest.cpp - Kernels as <atf.hpp> cost functions ---===//
//
// atf::opencl::cost_function and atf::cuda::cost_function through
// <atf.hpp>, on pocl and in real device workers (atfc-device-worker):
// cppATF's saxpy tunes with launch sizes written as expressions and a
// result check computed from the kernel's own inputs; a kernel that
// computes the wrong thing fails its check; a configuration that crashes
// its worker or asks for a local size the device refuses is invalid with
// its reason while the run goes on, as is one that never ends (its
// timeout); the device's limits are read through
// the worker; mistakes (a build flag, too few inputs, sizes of unequal
// dimensions, a gold vector of the wrong size, no worker, no OpenCL
// driver) are errors before anything is measured; and where there is no
// CUDA driver, tune() names it, where there is one, saxpy tunes.
//
//===----------------------------------------------------------------------===//
#include <atf.hpp>

#include "DeviceBackends/CudaLibraries.h"

#include "../ScopedEnvironment.h"
#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

constexpr const char *Saxpy = R"(
__kernel void saxpy(const int N, const float a, const __global float *x, __global float *y) {
  for (int w = 0; w < WPT; ++w) {
    const int index = w * get_global_size(0) + get_global_id(0);
    y[index] += a * x[index];
  }
})";

using saxpy_kernel = atf::opencl::kernel<atf::scalar<int>, atf::scalar<float>, atf::buffer<float>,
                                         atf::buffer<float>>;

/// What a verbose run printed, one line per evaluation.
template <class Run> std::string printedBy(Run &&R) {
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  R();
  std::string Printed = testing::internal::GetCapturedStdout();
  return Printed + testing::internal::GetCapturedStderr();
}

TEST(OpenCLCostFunctionTest, SaxpyTunesOnPoclAndPassesItsCheck) {
  const int N = 1024;
  const std::size_t MaxGroup = atf::opencl::max_work_group_size();
  ASSERT_GT(MaxGroup, 0u);
  ASSERT_EQ(atf::opencl::max_work_item_sizes().size(), 3u);
  EXPECT_GT(atf::opencl::max_work_item_sizes()[0], 0u);
  EXPECT_GT(atf::opencl::local_mem_size(), 0u);

  auto WPT = atf::tuning_parameter("WPT", atf::interval<size_t>(1, N), atf::divides(N));
  auto LS = atf::tuning_parameter("LS", atf::interval<size_t>(1, N),
                                  atf::divides(N / WPT) && atf::less_than_or_eq(MaxGroup));
  // The gold is computed from the inputs the kernel gets (a is drawn from
  // its range, x and y are random), so a right kernel passes only if they
  // are the same.
  int GoldCalls = 0;
  auto CF = atf::opencl::cost_function(saxpy_kernel(atf::source(Saxpy), "saxpy"))
                .platform_id(0)
                .device_id(0)
                .inputs(atf::scalar<int>(N), atf::scalar<float>({0.5f, 2.0f}),
                        atf::buffer<float>(N), atf::buffer<float>(N))
                .global_size(N / WPT)
                .local_size(LS)
                .evaluations(2)
                .check_result<3>(
                    [&](int Count, float A, const std::vector<float> &X, std::vector<float> Y) {
                      ++GoldCalls;
                      EXPECT_TRUE(A >= 0.5f && A <= 2.0f) << A;
                      for (int I = 0; I < Count; ++I)
                        Y[I] += A * X[I];
                      return Y;
                    },
                    atf::absolute_difference(1e-5));
  atf::tuning_status Result = atf::tuner()
                                  .tuning_parameters(WPT, LS)
                                  .search_technique(atf::random_search())
                                  .seed(3)
                                  .silent(true)
                                  .tune(CF, atf::evaluations(8));
  EXPECT_EQ(GoldCalls, 1);
  EXPECT_EQ(Result.number_of_evaluated_configs(), 8u);
  EXPECT_EQ(Result.number_of_valid_evaluated_configs(), 8u);
  EXPECT_GT(Result.min_cost(), 0);
  EXPECT_LT(Result.min_cost(), 1);
  const std::size_t W = Result.best_configuration()["WPT"], L = Result.best_configuration()["LS"];
  EXPECT_EQ(N % W, 0u);
  EXPECT_EQ(N / W % L, 0u);
}

TEST(OpenCLCostFunctionTest, ADeviceIdWithoutAPlatformCountsEveryPlatformsDevices) {
  // device_id(9) without platform_id was dropped: device 0 was measured.
  auto WPT = atf::tp("WPT", atf::interval<int>(1, 2));
  auto On = [&](std::uint64_t Device) {
    return atf::opencl::cost_function(atf::opencl::kernel<atf::buffer<float>>(
                                          atf::source("__kernel void k(__global float *y) { "
                                                      "y[get_global_id(0)] = WPT; }"),
                                          "k"))
        .device_id(Device)
        .inputs(atf::buffer<float>(64))
        .global_size(64);
  };
  EXPECT_EQ(atf::tuner()
                .tuning_parameters(WPT)
                .silent(true)
                .tune(On(0))
                .number_of_valid_evaluated_configs(),
            2u);
  try {
    atf::tuner().tuning_parameters(WPT).silent(true).tune(On(64));
    ADD_FAILURE() << "device 64 was measured";
  } catch (const atf::error &E) {
    EXPECT_NE(std::string(E.what()).find("no OpenCL device 64"), std::string::npos) << E.what();
  }
}

TEST(OpenCLCostFunctionTest, AStringParameterReachesTheKernelAsItsText) {
  // As cppATF's -D T=float: a type or a code fragment (it once arrived as
  // the literal "float", and no configuration built).
  auto T = atf::tp("T", {std::string("float"), std::string("int"), std::string("unsigned int")});
  auto CF = atf::opencl::cost_function(atf::opencl::kernel<atf::buffer<float>>(
                                           atf::source("__kernel void k(__global float *y) { T v "
                                                       "= (T)2; y[get_global_id(0)] = v; }"),
                                           "k"))
                .platform_id(0)
                .device_id(0)
                .inputs(atf::buffer<float>(64))
                .global_size(64);
  atf::tuning_status Result =
      atf::tuner().tuning_parameters(T).search_technique(atf::exhaustive()).silent(true).tune(CF);
  EXPECT_EQ(Result.number_of_valid_evaluated_configs(), 3u);
}

TEST(OpenCLCostFunctionTest, AWrongKernelFailsItsCheck) {
  const int N = 64;
  std::vector<float> X(N), Y(N, 1.0f), Gold(N);
  for (int I = 0; I < N; ++I) {
    X[I] = float(I);
    Gold[I] = Y[I] + 2.0f * X[I];
  }
  // y = a * x: it forgets y's own value.
  const std::string Wrong = std::string(Saxpy).replace(std::string(Saxpy).find("+="), 2, "=");
  auto WPT = atf::tuning_parameter("WPT", atf::interval<size_t>(1, N), atf::divides(N));
  auto Tune = [&](const std::string &Code) {
    auto CF = atf::opencl::cost_function(saxpy_kernel(Code, "saxpy")) // the slides' spelling
                  .inputs(atf::scalar<int>(N), atf::scalar<float>(2.0f), atf::buffer<float>(X),
                          atf::buffer<float>(Y))
                  .global_size(N / WPT)
                  .evaluations(1)
                  .check_result<3>(Gold);
    atf::tuning_status Result;
    std::string Printed = printedBy([&] {
      Result = atf::tuner()
                   .tuning_parameters(WPT)
                   .search_technique(atf::exhaustive())
                   .verbose(true)
                   .tune(CF);
    });
    return std::make_pair(Result, Printed);
  };
  auto [Right, RightLog] = Tune(Saxpy);
  EXPECT_EQ(Right.number_of_evaluated_configs(), 7u) << RightLog;
  EXPECT_EQ(Right.number_of_valid_evaluated_configs(), 7u) << RightLog;
  auto [Bad, BadLog] = Tune(Wrong);
  EXPECT_EQ(Bad.number_of_evaluated_configs(), 7u) << BadLog;
  EXPECT_EQ(Bad.number_of_valid_evaluated_configs(), 0u) << BadLog;
  // y[1] = 2 * 1 where 1 + 2 * 1 was expected.
  EXPECT_NE(BadLog.find("elements differ"), std::string::npos) << BadLog;
}

TEST(OpenCLCostFunctionTest, CrashesAndRefusedSizesAreInvalidAndTheRunGoesOn) {
  // MODE 1 writes far outside any buffer (the worker dies of SIGSEGV),
  // MODE 2 asks for a work-group larger than any device allows.
  constexpr const char *Kernel = R"(
__kernel void fill(__global float *y) {
#if MODE == 1
  *(__global volatile int *)(ulong)0x10 = 1;
#endif
  y[get_global_id(0)] = 1.0f;
})";
  auto MODE = atf::tuning_parameter("MODE", {0, 1, 2});
  auto CF = atf::opencl::cost_function(
                atf::opencl::kernel<atf::buffer<float>>(atf::source(Kernel), "fill"))
                .inputs(atf::buffer<float>(1 << 18))
                .global_size((1 + MODE / 2 * (1 << 16)) * 2)
                .local_size(1 + MODE / 2 * (1 << 16))
                .evaluations(1);
  atf::tuning_status Result;
  std::string Printed = printedBy([&] {
    Result = atf::tuner()
                 .tuning_parameters(MODE)
                 .search_technique(atf::exhaustive())
                 .verbose(true)
                 .tune(CF);
  });
  EXPECT_EQ(Result.number_of_evaluated_configs(), 3u) << Printed;
  EXPECT_EQ(Result.number_of_valid_evaluated_configs(), 1u) << Printed;
  EXPECT_EQ(static_cast<int>(Result.best_configuration()["MODE"]), 0) << Printed;
  EXPECT_NE(Printed.find("crashed"), std::string::npos) << Printed;
  EXPECT_NE(Printed.find("CL_INVALID_WORK_GROUP_SIZE"), std::string::npos) << Printed;
}

TEST(OpenCLCostFunctionTest, AKernelThatNeverEndsTimesOutAndTheRunGoesOn) {
  // There was no way to give a kernel a timeout: one that never ended held
  // tune() for the default's ten minutes, with nothing to shorten it.
  constexpr const char *Kernel = R"(
__kernel void spin(__global volatile int *y) {
  if (SPIN)
    for (;;)
      y[1] += 1;
  y[0] = 1;
})";
  auto SPIN = atf::tuning_parameter("SPIN", {1, 0});
  auto CF =
      atf::opencl::cost_function(atf::opencl::kernel<atf::buffer<int>>(atf::source(Kernel), "spin"))
          .inputs(atf::buffer<int>(2))
          .global_size(1)
          .local_size(1)
          .timeout(3);
  atf::tuning_status Result;
  std::string Printed = printedBy([&] {
    Result = atf::tuner()
                 .tuning_parameters(SPIN)
                 .search_technique(atf::exhaustive())
                 .verbose(true)
                 .tune(CF);
  });
  EXPECT_EQ(Result.number_of_evaluated_configs(), 2u) << Printed;
  EXPECT_EQ(Result.number_of_valid_evaluated_configs(), 1u) << Printed;
  EXPECT_EQ(static_cast<int>(Result.best_configuration()["SPIN"]), 0) << Printed;
  EXPECT_NE(Printed.find("timed out"), std::string::npos) << Printed;
  EXPECT_THROW(
      atf::opencl::cost_function(atf::opencl::kernel<atf::buffer<int>>(atf::source(Kernel), "spin"))
          .timeout(-1),
      atf::error);
}

/// The message of the atf::error that Run throws; "" when it throws none.
template <class Run> std::string errorOf(Run &&R) {
  try {
    R();
  } catch (const atf::error &E) {
    return E.what();
  }
  return "";
}

using atfc::test::ScopedEnvironment;

TEST(OpenCLCostFunctionTest, MistakesAreClearErrorsBeforeMeasuring) {
  EXPECT_NE(errorOf([] {
              saxpy_kernel(atf::source(Saxpy), "saxpy", "-cl-fast-relaxed-math");
            }).find("-cl-fast-relaxed-math is not supported"),
            std::string::npos);
  EXPECT_NE(errorOf([] {
              saxpy_kernel(atf::path("/nonexistent/saxpy.cl"), "saxpy");
            }).find("/nonexistent/saxpy.cl"),
            std::string::npos);
  auto WPT = atf::tuning_parameter("WPT", atf::interval<size_t>(1, 8), atf::divides(8));
  int Measured = 0;
  auto Tune = [&](auto CF) {
    return errorOf([&] {
      atf::tuner().tuning_parameters(WPT).silent(true).tune(CF, atf::evaluations(2));
      ++Measured;
    });
  };
  auto CF =
      atf::opencl::cost_function(saxpy_kernel(atf::source(Saxpy), "saxpy")).global_size(8 / WPT);
  EXPECT_NE(Tune(CF).find("kernel saxpy has 4 arguments"), std::string::npos);
  CF.inputs(atf::scalar<int>(8), atf::scalar<float>(), atf::buffer<float>(8),
            atf::buffer<float>(8));
  EXPECT_NE(Tune(CF.local_size(1, 1)).find("global_size 1 and local_size 2 dimensions"),
            std::string::npos);
  CF.local_size(1);
  EXPECT_NE(Tune(CF.check_result<3>(std::vector<float>(7))).find("the gold vector has 7 elements"),
            std::string::npos);
  CF = atf::opencl::cost_function(saxpy_kernel(atf::source(Saxpy), "saxpy"))
           .inputs(atf::scalar<int>(8), atf::scalar<float>(), atf::buffer<float>(8),
                   atf::buffer<float>(8))
           .global_size(8 / WPT);
  {
    ScopedEnvironment Worker("ATFC_DEVICE_WORKER", "/nonexistent/atfc-device-worker");
    EXPECT_NE(Tune(CF).find("not at /nonexistent/atfc-device-worker"), std::string::npos);
  }
  {
    // An ICD loader that finds no driver.
    ScopedEnvironment NoDriver("OCL_ICD_VENDORS", "/nonexistent");
    EXPECT_NE(Tune(CF).find("no OpenCL platform is installed"), std::string::npos);
  }
  EXPECT_EQ(Measured, 0);
}

TEST(OpenCLCostFunctionTest, CudaSaxpyTunesWhereThereIsADriver) {
  if (!atfc::cudaLibrary(atfc::CudaLibraryKind::Driver).ok())
    GTEST_SKIP() << "this machine has no CUDA driver";
  const int N = 1024;
  auto WPT = atf::tuning_parameter("WPT", atf::interval<size_t>(1, N), atf::divides(N));
  auto LS = atf::tuning_parameter("LS", atf::interval<size_t>(1, N),
                                  atf::divides(N / WPT) && atf::less_than_or_eq(1024));
  auto Kernel = atf::cuda::kernel<atf::scalar<int>, atf::scalar<float>, atf::buffer<float>,
                                  atf::buffer<float>>(atf::source(R"(
extern "C" __global__ void saxpy(const int N, const float a, const float *x, float *y) {
  for (int w = 0; w < WPT; ++w) {
    const int index = w * gridDim.x * blockDim.x + blockIdx.x * blockDim.x + threadIdx.x;
    y[index] += a * x[index];
  }
})"),
                                                      "saxpy");
  auto CF = atf::cuda::cost_function(Kernel)
                .device_id(0)
                .inputs(atf::scalar<int>(N), atf::scalar<float>(), atf::buffer<float>(N),
                        atf::buffer<float>(N))
                .grid_dim(N / WPT / LS)
                .block_dim(LS)
                .check_result<3>(
                    [](int Count, float A, const std::vector<float> &X, std::vector<float> Y) {
                      for (int I = 0; I < Count; ++I)
                        Y[I] += A * X[I];
                      return Y;
                    },
                    atf::absolute_difference(1e-5));
  atf::tuning_status Result = atf::tuner()
                                  .tuning_parameters(WPT, LS)
                                  .search_technique(atf::random_search())
                                  .seed(3)
                                  .silent(true)
                                  .tune(CF, atf::evaluations(8));
  EXPECT_EQ(Result.number_of_valid_evaluated_configs(), 8u);
  EXPECT_GT(Result.min_cost(), 0);
}

TEST(OpenCLCostFunctionTest, CudaWithoutItsDriverNamesItBeforeMeasuring) {
  if (atfc::cudaLibrary(atfc::CudaLibraryKind::Driver).ok())
    GTEST_SKIP() << "this machine has a CUDA driver";
  auto LS = atf::tuning_parameter("LS", {32, 64});
  auto CF =
      atf::cuda::cost_function(atf::cuda::kernel<atf::buffer<float>>(
                                   atf::source("extern \"C\" __global__ void k(float *y) {}"), "k"))
          .device_id(0)
          .inputs(atf::buffer<float>(64))
          .grid_dim(64 / LS)
          .block_dim(LS);
  try {
    atf::tuner().tuning_parameters(LS).silent(true).tune(CF);
    FAIL() << "tune() measured without a CUDA driver";
  } catch (const atf::error &E) {
    // NVRTC is named first where the CUDA toolkit is missing too.
    const char *Missing =
        atfc::cudaLibrary(atfc::CudaLibraryKind::Nvrtc).ok() ? "libcuda.so.1" : "libnvrtc";
    EXPECT_NE(std::string(E.what()).find(Missing), std::string::npos) << E.what();
  }
}

// A signal that ended the program during a kernel's run (a program piped
// into `head`, Ctrl-\, a second Ctrl-C) left the kernel's data directory,
// atfc-kernel-*, in $TMPDIR: only the run's own directory was marked for
// removal (System/RemovedAtForcedExit.h).
TEST(OpenCLCostFunctionTest, ASignalThatEndsTheProgramLeavesNoKernelDirectory) {
  atfc::test::DeathTestTempDirectory Dir("online-kernel-signal");
  GTEST_FLAG_SET(death_test_style, "threadsafe"); // (the child's $TMPDIR is Dir)
  EXPECT_EXIT(
      {
        ::setenv("TMPDIR", Dir.path().c_str(), 1);
        const int N = 64;
        auto WPT = atf::tp("WPT", atf::interval<size_t>(1, N), atf::divides(N));
        auto CF = atf::opencl::cost_function(saxpy_kernel(atf::source(Saxpy), "saxpy"))
                      .inputs(atf::scalar<int>(N), atf::scalar<float>(), atf::buffer<float>(N),
                              atf::buffer<float>(N))
                      .global_size(N / WPT);
        atf::tuner().tuning_parameters(WPT).silent(true).tune(
            CF, [&Dir](const atf::search_status &S) {
              if (S.Evaluations == 1) {
                std::ofstream(Dir.path() / "reached") << "reached\n";
                std::raise(SIGPIPE);
              }
              return false;
            });
        std::_Exit(0);
      },
      testing::KilledBySignal(SIGPIPE), "");
  std::vector<std::string> Left;
  for (const auto &Entry : std::filesystem::directory_iterator(Dir.path()))
    Left.push_back(Entry.path().filename().string());
  EXPECT_EQ(Left, std::vector<std::string>{"reached"});
}

} // namespace
