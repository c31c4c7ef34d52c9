// SAXPY (y = a*x + y) with two tuning parameters: the work per work-item
// (WPT) and the work-group size (LS). Tune it with
//   atfc tune examples/saxpy/saxpy.cl -- 1048576
#atf::var<size_t>::N $1
#atf::tp name "WPT" range interval<size_t>(1, N) constraint divides(N)
#atf::tp name "LS"  range interval<size_t>(1, N) constraint divides(N / WPT)
#atf::search_technique auc_bandit
#atf::abort_condition evaluations(100)
#atf::ocl::device_info type "CPU" id 0
#atf::ocl::kernel_name saxpy
#atf::ocl::input scalar<int>(N)
#atf::ocl::input scalar<float>()
#atf::ocl::input buffer<float>(N)
#atf::ocl::input buffer<float>(N)
#atf::ocl::global_size N / WPT
#atf::ocl::local_size LS
#atf::check reference {.WPT = 1, .LS = 1} tolerance 1e-6 buffers 4

__kernel void saxpy(const int n, const float a, const __global float *x,
                    __global float *y) {
  for (int w = 0; w < WPT; ++w) {
    const int i = w * get_global_size(0) + get_global_id(0);
    y[i] += a * x[i];
  }
}
