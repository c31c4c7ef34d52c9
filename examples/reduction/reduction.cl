// A parallel sum reduction: work-group g adds up its chunk of x into
// sums[g], through a __local scratch of one float per work-item, sized by
// the tuned work-group size (WG). Each work-item first adds ELEMS elements
// of its chunk serially (tuned: more serial work, fewer tree levels), then
// the work-group reduces the scratch as a tree. The partial sums do not
// depend on WG or ELEMS, so every configuration is checked against the
// reference's. Tune it with
//   atfc tune examples/reduction/reduction.cl -- 1048576 64
#atf::var<int>::N $1
#atf::var<int>::GROUPS $2
#atf::tp name "WG" range {1, 2, 4, 8, 16, 32, 64, 128, 256} constraint divides(N / GROUPS)
#atf::tp name "ELEMS" range {1, 2, 4, 8, 16} constraint divides(N / GROUPS / WG)
#atf::abort_condition evaluations(25)
#atf::ocl::device_info type "CPU" id 0
#atf::ocl::kernel_name reduce
#atf::ocl::input scalar<int>(N / GROUPS)
#atf::ocl::input buffer<float>(N)
#atf::ocl::input buffer<float>(GROUPS)
#atf::ocl::input local<float>(WG)
#atf::ocl::global_size GROUPS * WG
#atf::ocl::local_size WG
#atf::check reference {.WG = 1, .ELEMS = 1} tolerance 1e-3 * N / GROUPS buffers 3

__kernel void reduce(const int chunk, __global const float *x, __global float *sums,
                     __local float *scratch) {
  const int lid = get_local_id(0);
  __global const float *mine = x + get_group_id(0) * chunk;
  float sum = 0;
  for (int i = lid * ELEMS; i < chunk; i += WG * ELEMS)
    for (int e = 0; e < ELEMS; ++e)
      sum += mine[i + e];
  scratch[lid] = sum;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int stride = WG / 2; stride > 0; stride /= 2) {
    if (lid < stride)
      scratch[lid] += scratch[lid + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    sums[get_group_id(0)] = scratch[0];
}
