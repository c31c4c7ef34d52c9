// Launch sizes from the user's expressions: a negative or zero global or
// local size at some configurations (as N - 2 * SHIFT and $1 can give).
#atf::var<int>::N $1
#atf::tp name "SHIFT" range {0, 16, 32, 40}
#atf::tp name "WG" range {-2, 0, 4}
#atf::ocl::kernel_name fill
#atf::ocl::input buffer<float>(64)
#atf::ocl::global_size N - 2 * SHIFT
#atf::ocl::local_size WG
__kernel void fill(__global float *y) {
  if (get_global_id(0) < 64)
    y[get_global_id(0)] = get_global_id(0);
}
