// The fills of fills.cl, checked by a script that finds the buffers through
// $ATF_WORK_DIR, which must be absolute (work-dir-absolute.test).
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
#atf::check script "sh $ATF_FILE_DIR/work_dir.sh"
__kernel void touch(__global float *a, __global uchar *b, __global int *c, __global double *d,
                    __global long *e, __global float *out) {
  const int i = get_global_id(0);
  out[i] += a[i];
}
