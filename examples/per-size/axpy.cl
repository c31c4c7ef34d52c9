// y = a*x + y, tuned for several sizes: the work per work-item (WPT) and
// the work-group size (LS) that are best depend on N. `atfc tune axpy.cl
// --inputs 4096 --inputs 65536 --inputs 1048576` tunes the three sizes and
// writes axpy_select.h, from which the program picks its configuration at
// run time (CMakeLists.txt does it as a build step).
#atf::var<size_t>::N $1
#atf::tp name "WPT" range interval<size_t>(1, 64) constraint divides(N)
#atf::tp name "LS"  range interval<size_t>(1, 64) constraint divides(N / WPT)
#atf::search_technique auc_bandit
#atf::abort_condition evaluations(8)
#atf::ocl::device_info type "CPU" id 0
#atf::ocl::kernel_name axpy
#atf::ocl::input scalar<int>(N)
#atf::ocl::input scalar<float>()
#atf::ocl::input buffer<float>(N)
#atf::ocl::input buffer<float>(N)
#atf::ocl::global_size N / WPT
#atf::ocl::local_size LS
#atf::check reference {.WPT = 1, .LS = 1} tolerance 1e-6 buffers 4

__kernel void axpy(const int n, const float a, const __global float *x,
                   __global float *y) {
  for (int w = 0; w < WPT; ++w) {
    const int i = w * get_global_size(0) + get_global_id(0);
    y[i] += a * x[i];
  }
}
