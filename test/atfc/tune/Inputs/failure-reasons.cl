// Configurations fail for two reasons: VEC=3 does not build (a float4 of
// two elements), and LS=3 does not divide the global size.
#atf::tp name "VEC" range {1, 2, 3, 4}
#atf::tp name "LS" range {1, 2, 3}
#atf::search_technique exhaustive
#atf::ocl::device_info type "CPU" id 0
#atf::ocl::kernel_name fill
#atf::ocl::input buffer<float>(64)
#atf::ocl::global_size 64
#atf::ocl::local_size LS

__kernel void fill(__global float *out) {
#if VEC == 3
  float4 v = (float4)(1.0f, 2.0f);
#else
  float4 v = (float4)(1.0f);
#endif
  out[get_global_id(0)] = v.x * VEC;
}
