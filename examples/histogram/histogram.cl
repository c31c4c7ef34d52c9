// A histogram of N integers into BINS bins with atomics: each work-group
// counts its part into a __local histogram (atomic_inc), then adds it to
// the global one (atomic_add), which starts from zeros (`fill 0`; every
// launch, warm-ups and repetitions included, starts from the inputs again,
// so the counts never pile up). Tuned: the work-group size (WG) and how
// many values each work-item counts (PER); more values per work-item mean
// fewer work-groups, and so fewer global atomics. The reference
// configuration's counts check every other's exactly (integer counts do not
// depend on the order of the additions). Tune it with
//   atfc tune examples/histogram/histogram.cl -- 65536
#atf::var<int>::N $1
#atf::var<int> BINS = 64
#atf::tp name "WG" range {1, 2, 4, 8, 16, 32, 64, 128, 256} \
    constraint divides(N) && WG <= atf::ocl::max_wg_size
#atf::tp name "PER" range {1, 2, 4, 8, 16, 32, 64} constraint divides(N / WG)
#atf::abort_condition evaluations(30)
#atf::ocl::device_info id 0
#atf::ocl::kernel_name histogram
#atf::ocl::input scalar<int>(BINS)
#atf::ocl::input buffer<int>(N) fill random(0, 1000)
#atf::ocl::input buffer<int>(BINS) fill 0
#atf::ocl::input local<int>(BINS)
#atf::ocl::global_size N / PER
#atf::ocl::local_size WG
#atf::check reference {.WG = 1, .PER = 1} buffers 3

__kernel void histogram(const int bins, __global const int *x, __global int *counts,
                        __local int *local_counts) {
  const int lid = get_local_id(0);
  for (int b = lid; b < bins; b += WG)
    local_counts[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  const int first = get_global_id(0) * PER;
  for (int i = 0; i < PER; ++i)
    atomic_inc(&local_counts[x[first + i] % bins]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int b = lid; b < bins; b += WG)
    atomic_add(&counts[b], local_counts[b]);
}
