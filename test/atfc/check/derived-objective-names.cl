// What a derived objective may name is checked before the analysis: one
// value (no ',' list), no device limit (the tuner computes it after the
// measurement, where it keeps none), and `time` is the measured time, so
// no input or parameter may have that name.
// RUN: not %atfc check %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: rm -rf %t && mkdir %t && sed 's/^#atf::var<int> time = 3$/#atf::tp name time range {1, 2}/' %s > %t/p.cl
// RUN: not %atfc check %t/p.cl 2>&1 | FileCheck %s --check-prefix=PARAMETER
// CHECK: derived-objective-names.cl:[[@LINE+2]]:16: error: a derived objective names the measured time 'time', so no input may have that name; rename the input
// PARAMETER: p.cl:[[@LINE+1]]:15: error: a derived objective names the measured time 'time', so no parameter may have that name; rename the parameter
#atf::var<int> time = 3
#atf::tp name LS range {1, 2} constraint LS <= atf::ocl::max_wg_size
#atf::objective "time_s"
// CHECK: derived-objective-names.cl:[[@LINE+1]]:33: error: objective "comma" takes one value; C++ would take only the last of a ',' list
#atf::objective "comma" max = LS, 1.0
// CHECK: derived-objective-names.cl:[[@LINE+1]]:46: error: the device limit 'max_wg_size' is known only in ranges, constraints and launch sizes
#atf::objective "limit" max = LS / atf::ocl::max_wg_size
#atf::ocl::kernel_name k
#atf::ocl::global_size 2
#atf::ocl::local_size LS
__kernel void k() {}
