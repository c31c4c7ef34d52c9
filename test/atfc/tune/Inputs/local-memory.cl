// Two local arguments sized by tuning parameters: S floats (4 GiB at its
// largest, more than any device's local memory) and K ints (none at K = 0).
#atf::tp name "WG" range {1, 4}
#atf::tp name "S" range {16, 1 << 30}
#atf::tp name "K" range {0, 8}
#atf::seed 5
#atf::ocl::kernel_name fill
#atf::ocl::input buffer<float>(64)
#atf::ocl::input local<float>(S)
#atf::ocl::input local<int>(K)
#atf::ocl::global_size 64
#atf::ocl::local_size WG
__kernel void fill(__global float *y, __local float *s, __local int *k) {
  s[get_local_id(0)] = get_global_id(0);
  k[get_local_id(0)] = 2;
  barrier(CLK_LOCAL_MEM_FENCE);
  y[get_global_id(0)] = s[get_local_id(0)] * k[get_local_id(0)];
}
