// A parallel sum reduction: work-group g adds up its chunk of x into
// sums[g], through a __local scratch of one float per work-item, sized by
// the tuned work-group size (WG). Each work-item first adds ELEMS elements
// of its chunk serially (tuned: more serial work, fewer tree levels), then
// the work-group reduces the scratch as a tree. x holds 0, 1, 2, ... (`fill
// index`), sums start from zeros (`fill 0`), and verify.py, the check
// script, knows each partial sum exactly and allows the relative error a
// float sum of that many values may have in any order of its additions
// (chunk * 2^-24; a fixed 1e-5 fails correct configurations). Tune it with
//   atfc tune examples/reduction/reduction.cl -- 1048576 64
// (fill index is exact in float up to N = 2^24).
#atf::var<int>::N $1
#atf::var<int>::GROUPS $2
#atf::tp name "WG" range {1, 2, 4, 8, 16, 32, 64, 128, 256} constraint divides(N / GROUPS)
#atf::tp name "ELEMS" range {1, 2, 4, 8, 16} constraint divides(N / GROUPS / WG)
#atf::abort_condition evaluations(25)
#atf::ocl::device_info type "CPU" id 0
#atf::ocl::kernel_name reduce
#atf::ocl::input scalar<int>(N / GROUPS)
#atf::ocl::input buffer<float>(N) fill index
#atf::ocl::input buffer<float>(GROUPS) fill 0
#atf::ocl::input local<float>(WG)
#atf::ocl::global_size GROUPS * WG
#atf::ocl::local_size WG
#atf::check script "python3 $ATF_FILE_DIR/verify.py" buffers 3

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
