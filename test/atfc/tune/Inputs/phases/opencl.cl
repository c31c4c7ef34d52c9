// An OpenCL kernel measured in the device worker (pocl), with a loop long
// enough that measuring is most of the run.
#atf::tp name "WPT" range interval<size_t>(1, 4096) constraint divides(4096)
#atf::tp name "LS" range interval<size_t>(1, 64) constraint divides(4096 / WPT)
#atf::abort_condition evaluations(6)
#atf::ocl::device_info type "CPU" id 0
#atf::ocl::kernel_name spin
#atf::ocl::input buffer<float>(4096)
#atf::ocl::global_size 4096 / WPT
#atf::ocl::local_size LS

__kernel void spin(__global float *y) {
  for (int w = 0; w < WPT; ++w) {
    const int i = w * get_global_size(0) + get_global_id(0);
    float v = y[i];
    for (int k = 0; k < 20000; ++k)
      v = v * 0.999f + 1.0f;
    y[i] = v;
  }
}
