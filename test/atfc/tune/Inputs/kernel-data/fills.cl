// Each fill of each kind of element type; the kernel copies the first buffer
// into the last (zeroed by `fill 0`), and a check script reads every buffer
// as buffer_K.npy and says what is wrong.
#atf::tp name WG range {4, 8}
#atf::ocl::kernel_name touch
#atf::ocl::input buffer<float>(16) fill 1.5
#atf::ocl::input buffer<uint8_t>(16) fill index
#atf::ocl::input buffer<int>(16) fill random(-5, 5)
#atf::ocl::input buffer<double>(16) fill random(0.25, 0.5)
#atf::ocl::input buffer<int64_t>(16) fill -7
#atf::ocl::input buffer<float>(16) fill 0
#atf::ocl::global_size 16
#atf::ocl::local_size WG
#atf::check script "python3 $ATF_FILE_DIR/verify_fills.py"
__kernel void touch(__global float *a, __global uchar *b, __global int *c, __global double *d,
                    __global long *e, __global float *out) {
  const int i = get_global_id(0);
  out[i] += a[i];
}
