// Device limits are the run's, known once the device is open: the arguments
// the tuner evaluates before it opens the device (the seed, the counts, the
// device's numbers, the check's values) may not name them.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::tp name LS range {1, 2} constraint LS <= atf::ocl::max_wg_size
// CHECK: device-limit-plain-arguments.cl:[[@LINE+1]]:22: error: the device limit 'max_wg_size' is known only in ranges, constraints and launch sizes, which the tuner evaluates once the device is open
#atf::seed atf::ocl::max_wg_size
// CHECK: device-limit-plain-arguments.cl:[[@LINE+1]]:26: error: the device limit 'local_mem_size' is known only
#atf::warmups 1 + ocl :: local_mem_size
// An input of the same name is no device limit.
#atf::var<int> max_wi_size_0 = 3
#atf::repetitions max_wi_size_0
#atf::ocl::kernel_name k
#atf::ocl::global_size 2
#atf::ocl::local_size LS
__kernel void k() {}
