//===- Frontend/KernelMemoryAnalysisTest.cpp - local, shared, half ------===//
//
// The analysis of work-group memory and half precision: `local<T>(count)`
// may name tuning parameters (it is sized per configuration), its count is
// an integer and, where constant, positive; it is OpenCL only, and
// `shared_memory` CUDA only; `half` is a known element type.
//
//===----------------------------------------------------------------------===//
#include "AnalysisTestSupport.h"

#include <gtest/gtest.h>

using namespace atfc;
using namespace atfc::test;

namespace {

Lines kernelDiagnosticsOf(llvm::StringRef Source, llvm::StringRef File = "kernel.cl") {
  return diagnostics(analyze(Source, File));
}

/// The clause parser's diagnostics, then the analysis's.
Lines parseAndAnalysisDiagnostics(llvm::StringRef Source, llvm::StringRef File) {
  ClauseParse Parse = parseClauses(scanDirectives(File, Source, sourceLanguageForPath(File)));
  Lines Out;
  for (const Diagnostic &D : Parse.Diagnostics)
    Out.push_back(diagnosticLine(D, ProgramName));
  for (const Diagnostic &D : analyzeSpec(Parse.Spec, File).Diagnostics)
    Out.push_back(diagnosticLine(D, ProgramName));
  return Out;
}

TEST(KernelMemoryAnalysisTest, LocalMayNameParametersAndHalfIsKnown) {
  EXPECT_EQ(kernelDiagnosticsOf("#atf::var<int> N = 1024\n"
                                "#atf::tp name WG range {1, 2, 4} constraint divides(N)\n"
                                "#atf::ocl::input buffer<half>(N)\n"
                                "#atf::ocl::input scalar<half>(1.5)\n"
                                "#atf::ocl::input atf::local<float>(WG * 2)\n"
                                "#atf::ocl::input local<half>(N / WG)\n"
                                "#atf::ocl::input local<int>(atf::ocl::max_wg_size)\n"
                                "#atf::ocl::global_size N\n"
                                "#atf::ocl::local_size WG\n"
                                "__kernel void k(__global half *x, half a, __local float *s, "
                                "__local half *t, __local int *u) {}\n"),
            Lines{});
}

TEST(KernelMemoryAnalysisTest, LocalCountsAreCheckedLikeSizes) {
  EXPECT_EQ(
      kernelDiagnosticsOf("#atf::var<int> N = 1024\n"
                          "#atf::tp name WG range {1, 2, 4}\n"
                          "#atf::ocl::input local<float>(0)\n"
                          "#atf::ocl::input local<float>(4 - 2 * 3)\n"
                          "#atf::ocl::input local<float>(WG * 0.5)\n"
                          "#atf::ocl::input local(WG)\n"
                          "#atf::ocl::input local<float>(WG, 2)\n"
                          "#atf::ocl::input local<float>(N - N)\n"
                          "#atf::ocl::global_size N\n"
                          "__kernel void k(__local float *a, __local float *b, __local float *c, "
                          "__local float *d, __local float *e, __local float *f) {}\n"),
      (Lines{"kernel.cl:3:18: error: the count of this local argument is 0; a local "
             "argument needs at least one element",
             "kernel.cl:4:18: error: the count of this local argument is -2; a local "
             "argument needs at least one element",
             "kernel.cl:5:18: error: the count of a local argument must be an integer",
             "kernel.cl:6:18: error: a local argument needs its element type, as in "
             "local<float>(WG)",
             "kernel.cl:7:18: error: local<T>(count) takes exactly one count"}));
}

TEST(KernelMemoryAnalysisTest, LocalIsOpenCLAndSharedMemoryIsCuda) {
  EXPECT_EQ(parseAndAnalysisDiagnostics("#atf::tp name BS range {32, 64}\n"
                                        "#atf::cuda::input local<float>(BS)\n"
                                        "#atf::cuda::grid_dim 4\n"
                                        "#atf::cuda::block_dim BS\n"
                                        "__global__ void k(float *s) {}\n",
                                        "kernel.cu"),
            Lines{"kernel.cu:2:19: error: local<T>(count) is an OpenCL __local argument; a CUDA "
                  "kernel gets its dynamic shared memory from the launch: write "
                  "#atf::cuda::shared_memory BYTES and declare 'extern __shared__ T name[];' in "
                  "the kernel"});
  EXPECT_EQ(parseAndAnalysisDiagnostics("#atf::tp name WG range {32, 64}\n"
                                        "#atf::ocl::shared_memory WG * 4\n"
                                        "#atf::ocl::global_size 64\n"
                                        "__kernel void k() {}\n",
                                        "kernel.cl"),
            Lines{"kernel.cl:2:7: error: 'shared_memory' is a CUDA directive "
                  "(#atf::cuda::shared_memory), not an OpenCL one"});
}

TEST(KernelMemoryAnalysisTest, SharedMemoryIsAnIntegerOfInputsAndParameters) {
  EXPECT_EQ(kernelDiagnosticsOf("#atf::var<int> N = 1024\n"
                                "#atf::tp name BS range {32, 64}\n"
                                "#atf::cuda::input buffer<half>(N)\n"
                                "#atf::cuda::grid_dim N / BS\n"
                                "#atf::cuda::block_dim BS\n"
                                "#atf::cuda::shared_memory BS * sizeof(float) + N\n"
                                "__global__ void k(__half *x) {}\n",
                                "kernel.cu"),
            Lines{});
  EXPECT_EQ(parseAndAnalysisDiagnostics("#atf::tp name BS range {32, 64}\n"
                                        "#atf::cuda::grid_dim 4\n"
                                        "#atf::cuda::block_dim BS\n"
                                        "#atf::cuda::shared_memory BS * 1.5\n"
                                        "#atf::cuda::shared_memory BS\n"
                                        "__global__ void k() {}\n",
                                        "kernel.cu"),
            (Lines{"kernel.cu:5:7: error: '#atf::cuda::shared_memory' may appear only once per "
                   "file; the first one is at 4:7",
                   "kernel.cu:4:27: error: a shared memory size must be an integer; this "
                   "expression has type 'double'"}));
}

} // namespace
