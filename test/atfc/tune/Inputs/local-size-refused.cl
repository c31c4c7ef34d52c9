// Local sizes pocl refuses: more work-items than a work-group may hold
// (4096 x 2 on pocl, whose dimensions hold 4096 each), and a local size
// that does not divide the global size (OpenCL 1.2).
#atf::tp name "LX" range {3, 4, 4096}
#atf::search_technique exhaustive
#atf::ocl::input buffer<float>(8192) fill 0
#atf::ocl::global_size 4096, 2
#atf::ocl::local_size LX, 2
__kernel void touch(__global float *y) { y[get_global_id(1) * 4096 + get_global_id(0)] += 1; }
