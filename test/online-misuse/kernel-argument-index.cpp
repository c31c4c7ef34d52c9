// A result check of an argument the kernel does not have.
#include <atf.hpp>
#include <vector>
int main() {
  auto K = atf::opencl::kernel<atf::scalar<int>, atf::buffer<float>>(
      atf::source("kernel void k(int n, global float* y) {}"), "k");
  auto CF = atf::opencl::cost_function(K).check_result<5>(std::vector<float>(4));
  (void)CF;
}
