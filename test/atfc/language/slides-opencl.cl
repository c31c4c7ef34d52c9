// The ATF slides' OpenCL host-code directives, as printed, with the saxpy
// parameters of the slides' C++ interface in place of their "..." and the
// input N they leave out; the file's one kernel is measured (the slide names
// none). Check reads it as printed; the tune uses device 0 (this machine has
// one OpenCL device, the slide's device_id 1 is a second GPU).
// RUN: %atfc check %s | FileCheck %s
// CHECK: group 1: WPT LS
// RUN: rm -rf %t && mkdir -p %t && sed 's/device_id 1/device_id 0/' %s > %t/saxpy.cl
// RUN: %atfc tune %t/saxpy.cl --abort-condition "evaluations(3)" | FileCheck %s --check-prefix=TUNE
// TUNE: done after 3 evaluations (3 valid)
#atf::var<int> N = 64
#atf::tp name WPT range interval<size_t>( 1,N ) constraint divides( N )
#atf::tp name LS  range interval<size_t>( 1,N ) constraint divides( N/WPT )

#atf::opencl::platform_id 0
#atf::opencl::device_id 1

#atf::opencl::input scalar<int>( N )
#atf::opencl::input scalar<float>()
#atf::opencl::input buffer<float>( N )
#atf::opencl::input buffer<float>( N )
#atf::opencl::global_size N/WPT
#atf::opencl::local_size LS

__kernel void saxpy(const int n, const float a, const __global float *x, __global float *y) {
  for (int w = 0; w < WPT; ++w) {
    const int i = get_global_id(0) * WPT + w;
    y[i] += a * x[i];
  }
}
