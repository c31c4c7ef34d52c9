// The inputs say double where the kernel reads float (x), and int where
// it reads a long (n): OpenCL would take the buffer and compute garbage.
#atf::tp name "WG" range {1, 2, 4}
#atf::ocl::kernel_name scale
#atf::ocl::input scalar<int>(64)
#atf::ocl::input buffer<double>(64)
#atf::ocl::global_size 64
#atf::ocl::local_size WG
__kernel void scale(const long n, __global float *x) {
  if (get_global_id(0) < n)
    x[get_global_id(0)] *= 2;
}
