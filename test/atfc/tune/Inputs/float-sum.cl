// A float sum of N random values in [0, 1) (about N / 2), in chunks of
// CHUNK: each chunk size rounds differently, by more than 0.01 where N is
// large, and by far less than 1e-5 of the sum. TOLERANCE is replaced by the
// test that copies this file.
#atf::var<int> N = 1 << 20
#atf::tp name CHUNK range {16, 64, 256, 1024, 4096, 16384}
#atf::ocl::device_info type "CPU" id 0
#atf::ocl::input scalar<int>(N)
#atf::ocl::input buffer<float>(N)
#atf::ocl::input buffer<float>(1)
#atf::ocl::global_size 1
#atf::ocl::local_size 1
#atf::repetitions 1
#atf::check reference {.CHUNK = 16} TOLERANCE buffers 3

__kernel void sum(const int n, const __global float *x, __global float *out) {
  float total = 0;
  for (int c = 0; c < n; c += CHUNK) {
    float part = 0;
    for (int i = c; i < c + CHUNK && i < n; ++i)
      part += x[i];
    total += part;
  }
  out[0] = total;
}
