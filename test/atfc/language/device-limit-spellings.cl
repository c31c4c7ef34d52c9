// Device limits are the run's: however the file spells them, in a range, a
// constraint, a lambda or a launch size, the tuner reads them from the
// device it opened (pocl). Each parameter keeps the one power of two in
// (limit / 2, limit], so the space has one configuration whatever pocl's
// limits are; limits read as zeros would leave none.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/limits.cl
// RUN: %atfc space %t/limits.cl | FileCheck %s
// CHECK: {{^ *}}configurations 1{{ *$}}
// RUN: %atfc tune %t/limits.cl | FileCheck %s --check-prefix=TUNE
// TUNE: done after 1 evaluation (1 valid)
#atf::var<int> BITS = 40
#atf::tp name WG range interval<int>(0, BITS, 1, [](int I) { return std::size_t(1) << I; })
  constraint WG <= atf::ocl::max_wg_size && WG * 2 > ocl::max_wg_size
#atf::tp name WI range interval<int>(0, BITS, 1, [](int I) { return std::size_t(1) << I; })
  constraint [](auto X) { using namespace atf::ocl; return X <= max_wi_size_0 && X * 2 > max_wi_size_0; }(WI)
#atf::tp name LM range interval<int>(0, BITS, 1, [](int I) { return std::size_t(1) << I; })
  constraint [BITS](auto X) { return X < (std::size_t(1) << BITS) && X <= :: atf :: opencl :: local_mem_size && X * 2 > atf::ocl::local_mem_size; }
#atf::ocl::input scalar<int>(BITS)
#atf::ocl::global_size atf::ocl::max_wg_size
#atf::ocl::local_size WG

__kernel void k(const int bits) {}
