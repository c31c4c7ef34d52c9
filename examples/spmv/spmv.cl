// y = A x for a sparse matrix A in CSR form (row pointers, column indices,
// values): the 2-D Laplacian of a 32 x 32 grid, 1024 rows, read from the .npy
// files beside this file (make-laplacian.py wrote them). Each work-item
// computes RPW consecutive rows; work-groups have WG work-items. The output
// starts at zero (`fill 0`): the kernel adds into it. Tune it with
//   atfc tune examples/spmv/spmv.cl
#atf::var<int> ROWS = 1024
#atf::var<int> NNZ = 4992
#atf::tp name "RPW" range {1, 2, 4, 8} constraint divides(ROWS)
#atf::tp name "WG"  range {8, 16, 32, 64, 128} constraint divides(ROWS / RPW)
#atf::abort_condition evaluations(8)
#atf::seed 1
#atf::ocl::device_info type "CPU" id 0
#atf::ocl::kernel_name spmv
#atf::ocl::input scalar<int>(ROWS)
#atf::ocl::input buffer<int>(ROWS + 1) data "row_ptr.npy"
#atf::ocl::input buffer<int>(NNZ) data "col_idx.npy"
#atf::ocl::input buffer<float>(NNZ) data "values.npy"
#atf::ocl::input buffer<float>(ROWS) data "x.npy"
#atf::ocl::input buffer<float>(ROWS) fill 0
#atf::ocl::global_size ROWS / RPW
#atf::ocl::local_size WG
#atf::warmups 1
#atf::repetitions 3
#atf::timeout duration<seconds>(20)
#atf::check gold "y.npy" tolerance 1e-5 buffers 6

__kernel void spmv(const int rows, const __global int *row_ptr, const __global int *col_idx,
                   const __global float *values, const __global float *x, __global float *y) {
  const int first = get_global_id(0) * RPW;
  for (int r = first; r < first + RPW && r < rows; ++r) {
    float sum = 0.0f;
    for (int p = row_ptr[r]; p < row_ptr[r + 1]; ++p)
      sum += values[p] * x[col_idx[p]];
    y[r] += sum;
  }
}
