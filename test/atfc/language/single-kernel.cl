// Device directives without kernel_name measure the file's only kernel (the
// slides write none); with two kernels, check asks which one.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/one.cl
// RUN: %atfc tune %t/one.cl --abort-condition "evaluations(2)" | FileCheck %s
// CHECK: done after 2 evaluations (2 valid)
// RUN: cp %s %t/two.cl && printf '__kernel void other(int n) {}\n' >> %t/two.cl
// RUN: not %atfc check %t/two.cl 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: two.cl:[[@LINE+2]]:1: error: the file defines 2 kernels; say which one to measure with #atf::ocl::kernel_name NAME
#atf::var<int> N = 64
#atf::ocl::input scalar<int>(N)
#atf::ocl::input buffer<float>(N)
#atf::tp name WPT range {1, 2, 4} constraint divides(N)
#atf::ocl::global_size N / WPT
__kernel void scale(int n, __global float *x) {
  for (int i = 0; i < WPT; ++i)
    x[get_global_id(0) * WPT + i] *= 2.0f;
}
