// A device that cannot be found is an error at the directive that selects
// it, listing once the platforms and devices there are (pocl here: no
// vendor "NoSuchVendor"). The tuner's device worker opens the device (never
// atfc: pocl crashes in a process with LLVM loaded); the place travels with
// the selection.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %atfc tune %s -o %t/out 2>&1 | FileCheck %s --strict-whitespace
#atf::var<int> N = 16
#atf::tp name WPT range {1, 2}
#atf::ocl::device_info vendor "NoSuchVendor" type "CPU" id 0
#atf::ocl::input buffer<float>(N)
#atf::ocl::global_size N / WPT
__kernel void fill(__global float *x) { x[get_global_id(0)] = 1.0f; }
// CHECK: device-not-found.cl:[[@LINE-4]]:1: error: no OpenCL device 0 with vendor "NoSuchVendor" and type "CPU": 0 match; found: platform 0 "Portable Computing Language" (vendor "The pocl project"): device 0 "{{[^"]+}}" (vendor "{{[^"]*}}", type CPU)
// CHECK-NEXT: {{^}}#atf::ocl::device_info vendor "NoSuchVendor" type "CPU" id 0
// CHECK-NEXT: {{^}}^
// CHECK-NOT: found:
